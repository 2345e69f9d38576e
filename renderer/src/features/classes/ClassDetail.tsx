import { Link } from 'react-router-dom'
import { ApiError, errorMessage } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { classesApi } from './classes-api'
import { StudentClass } from './StudentClass'
import { type ClassGamesSlot, TeacherClass } from './TeacherClass'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { FormError } from '@/components/FormError'
import { useT } from '@/lib/i18n'

/**
 * /classes/:id: the teacher's class page or the student's, by the caller's role in the class. The
 * teacher's shows the class's live games with `games` (the page hands in the games feature's).
 */
export function ClassDetail({ id, games }: { id: string; games: ClassGamesSlot }) {
  const t = useT()
  const { loaded, reload } = useServerData(`class:${id}`, (signal) => classesApi.get(id, signal))
  useDocumentTitle(loaded.state === 'ready' ? loaded.data.name : undefined, t('classes.title'))

  if (loaded.state === 'loading') {
    return (
      <p className="muted" role="status">
        {t('classes.detail.loading')}
      </p>
    )
  }
  if (loaded.state === 'failed') {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404
    return (
      <div className={styles.page}>
        {/* A missing class: the server's 'Class not found', in the request's language. */}
        <h1>{missing ? errorMessage(loaded.error) : t('classes.detail.loadFailed')}</h1>
        {!missing && <FormError message={errorMessage(loaded.error)} />}
        <p>
          <Link to="/classes">{t('classes.backToClasses')}</Link>
        </p>
      </div>
    )
  }
  const detail = loaded.data
  return detail.role === 'teacher' ? <TeacherClass detail={detail} reload={reload} games={games} /> : <StudentClass detail={detail} />
}
