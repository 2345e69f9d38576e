import { Link } from 'react-router-dom'
import { type MessageId, useT } from '@/lib/i18n'
import styles from './Folders.module.css'

/** The modes a folder or a selection of sets opens as one set (each reads the cards of all of them). */
const MODES: ReadonlyArray<{ path: string; label: MessageId }> = [
  { path: 'learn', label: 'mode.learn' },
  { path: 'write', label: 'mode.write' },
  { path: 'match', label: 'mode.match' },
  { path: 'test', label: 'mode.test' },
]

export function StudyModeLinks({ studyId, label }: { studyId: string; label: string }) {
  const t = useT()
  return (
    <nav className={styles.modes} aria-label={label}>
      {MODES.map((mode) => (
        <Link key={mode.path} to={`/study-sets/${encodeURIComponent(studyId)}/${mode.path}`} className="button button-secondary">
          {t(mode.label)}
        </Link>
      ))}
    </nav>
  )
}
