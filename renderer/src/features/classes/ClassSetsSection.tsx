import { Link } from 'react-router-dom'
import { dueLabel } from './due-date'
import type { ClassroomDetail } from '#shared/api/classes'
import { allClasses, classesApi } from './classes-api'
import { useServerData } from '@/lib/server-data'
import styles from './Classes.module.css'
import { useT } from '@/lib/i18n'

/** The classes the user is a student of, each with its assigned sets. */
async function joinedClassesWithSets(signal: AbortSignal): Promise<ClassroomDetail[]> {
  const joined = (await allClasses(signal)).filter((item) => item.role === 'student')
  return Promise.all(joined.map((item) => classesApi.get(item.id, signal)))
}

/**
 * My Sets' "Classes" part: the sets assigned to each class the student is in, linking to them.
 * Nothing for someone in no class (nor while loading, nor if it fails: My Sets stays as it was).
 */
export function ClassSetsSection() {
  const t = useT()
  const { loaded } = useServerData('joined-classes', joinedClassesWithSets)
  if (loaded.state !== 'ready' || loaded.data.length === 0) return null
  return (
    <section className={styles.classSets} aria-labelledby="class-sets-heading">
      <h2 id="class-sets-heading">{t('classes.title')}</h2>
      {loaded.data.map((detail) => (
        <div key={detail.id} className={styles.panel}>
          <h3>
            <Link to={`/classes/${detail.id}`}>{detail.name}</Link>
          </h3>
          {detail.sets.length === 0 ? (
            <p className="muted">{t('classes.sets.none')}</p>
          ) : (
            <ul className={styles.list}>
              {detail.sets.map((set) => (
                <li key={set.id}>
                  <Link to={`/study-sets/${set.id}`}>{set.title}</Link>
                  <span className="muted">{t('sets.cardCount', { count: set.cardCount })}</span>
                  {set.dueAt && <span className={styles.due}>{dueLabel(set.dueAt)}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  )
}
