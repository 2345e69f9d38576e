import { Link } from 'react-router-dom'
import type { Classroom } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { allClasses } from './classes-api'
import { CreateClassForm, JoinClassForm } from './ClassForms'
import { ShareWithClass } from './ShareWithClass'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { FormError } from '@/components/FormError'
import { translate, useT } from '@/lib/i18n'

/** /classes: the classes the user teaches and has joined, creating one, joining one, and the desktop's sharing. */
export function Classes() {
  const t = useT()
  const { loaded } = useServerData('classes', allClasses)
  const teaching = loaded.state === 'ready' ? loaded.data.filter((item) => item.role === 'teacher') : []
  const joined = loaded.state === 'ready' ? loaded.data.filter((item) => item.role === 'student') : []

  return (
    <div className={styles.page}>
      <h1>{t('classes.title')}</h1>
      <ShareWithClass />

      {loaded.state === 'loading' && (
        <p className="muted" role="status">
          {t('classes.loading')}
        </p>
      )}
      {loaded.state === 'failed' && <FormError message={errorMessage(loaded.error)} />}
      {loaded.state === 'ready' && (
        <div className={styles.columns}>
          <ClassList title={t('classes.teaching')} empty={t('classes.teachingEmpty')} classes={teaching} />
          <ClassList title={t('classes.joined')} empty={t('classes.joinedEmpty')} classes={joined} />
        </div>
      )}

      <div className={styles.columns}>
        <CreateClassForm />
        <JoinClassForm />
      </div>
    </div>
  )
}

function ClassList({ title, empty, classes }: { title: string; empty: string; classes: Classroom[] }) {
  const t = useT()
  return (
    <section className={styles.panel} aria-label={title}>
      <h2>{title}</h2>
      {classes.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className={styles.list}>
          {classes.map((item) => (
            <li key={item.id}>
              <Link to={`/classes/${item.id}`} className={styles.classLink}>
                {item.name}
              </Link>
              <span className="muted">
                {item.role === 'teacher' ? studentCount(item.memberCount) : t('classes.teacher', { username: item.owner.username })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** '1 student', 'N students'. */
export function studentCount(count: number): string {
  return translate('classes.studentCount', { count })
}
