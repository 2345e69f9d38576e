import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import type { StudySet } from '#shared/api/sets'
import { useShared } from '@/lib/i18n'
import styles from './OfflineDeadEnd.module.css'
import { readKeptSets } from './offline-sync'

/**
 * Offline, in place of a set or page the device does not hold: why, in words, the sets that can be
 * studied now (kept on the device), and the way back to My Sets.
 */
export function OfflineDeadEnd({ message }: { message: string }) {
  const offlineMessages = useShared('offlineMessages')
  const [kept, setKept] = useState<StudySet[] | null>(null)
  useEffect(() => {
    let live = true
    void readKeptSets().then((sets) => {
      if (live) setKept(sets ?? [])
    })
    return () => {
      live = false
    }
  }, [])
  return (
    <section className={styles.deadEnd} aria-labelledby="offline-dead-end">
      <p id="offline-dead-end" role="alert">
        {message}
      </p>
      {kept && kept.length > 0 && (
        <>
          <h2 className={styles.heading}>{offlineMessages.keptHeading}</h2>
          <ul className={styles.list}>
            {kept.map((set) => (
              <li key={set.id}>
                <Link to={`/study-sets/${encodeURIComponent(set.id)}`}>{set.title}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {kept && kept.length === 0 && <p className="muted">{offlineMessages.noneKept}</p>}
      <Link to="/my-sets" className="button button-secondary">
        {offlineMessages.backToMySets}
      </Link>
    </section>
  )
}
