import { Link } from 'react-router-dom'
import type { Classroom } from '#shared/api/classes'
import { errorMessage } from '@/lib/api'
import { allClasses } from './classes-api'
import { CreateClassForm, JoinClassForm } from './ClassForms'
import { ShareWithClass } from './ShareWithClass'
import { useLoad } from './useLoad'
import styles from './Classes.module.css'

/** /classes: the classes the user teaches and has joined, creating one, joining one, and the desktop's sharing. */
export function Classes() {
  const { loaded } = useLoad(allClasses, 'classes')
  const teaching = loaded.state === 'ready' ? loaded.data.filter((item) => item.role === 'teacher') : []
  const joined = loaded.state === 'ready' ? loaded.data.filter((item) => item.role === 'student') : []

  return (
    <div className={styles.page}>
      <h1>Classes</h1>
      <ShareWithClass />

      {loaded.state === 'loading' && (
        <p className="muted" role="status">
          Loading classes...
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="alert-error" role="alert">
          {errorMessage(loaded.error)}
        </p>
      )}
      {loaded.state === 'ready' && (
        <div className={styles.columns}>
          <ClassList title="Classes I teach" empty="You teach no class yet." classes={teaching} />
          <ClassList title="Classes I joined" empty="You have not joined a class yet." classes={joined} />
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
              <span className="muted">{item.role === 'teacher' ? studentCount(item.memberCount) : `Teacher: ${item.owner.username}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function studentCount(count: number): string {
  return count === 1 ? '1 student' : `${count} students`
}
