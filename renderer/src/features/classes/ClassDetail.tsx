import { Link } from 'react-router-dom'
import { classMessages } from '#shared/api/classes'
import { ApiError, errorMessage } from '@/lib/api'
import { useDocumentTitle } from '@/lib/useDocumentTitle'
import { classesApi } from './classes-api'
import { StudentClass } from './StudentClass'
import { TeacherClass } from './TeacherClass'
import { useLoad } from './useLoad'
import styles from './Classes.module.css'

/** /classes/:id: the teacher's class page or the student's, by the caller's role in the class. */
export function ClassDetail({ id }: { id: string }) {
  const { loaded, reload } = useLoad((signal) => classesApi.get(id, signal), id)
  useDocumentTitle(loaded.state === 'ready' ? loaded.data.name : undefined, 'Classes')

  if (loaded.state === 'loading') {
    return (
      <p className="muted" role="status">
        Loading class...
      </p>
    )
  }
  if (loaded.state === 'failed') {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404
    return (
      <div className={styles.page}>
        <h1>{missing ? classMessages.notFound : 'Class could not be loaded'}</h1>
        {!missing && (
          <p className="alert-error" role="alert">
            {errorMessage(loaded.error)}
          </p>
        )}
        <p>
          <Link to="/classes">Back to Classes</Link>
        </p>
      </div>
    )
  }
  const detail = loaded.data
  return detail.role === 'teacher' ? <TeacherClass detail={detail} reload={reload} /> : <StudentClass detail={detail} />
}
