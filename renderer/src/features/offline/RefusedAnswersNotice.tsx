import { createPortal } from 'react-dom'
import { useShared } from '@/lib/i18n'
import type { RefusedAnswers } from './refused-answers'
import { dismissRefused } from './offline-sync'
import styles from './RefusedAnswersNotice.module.css'

/**
 * Answers studied offline that the server refused when they were sent (issue 31): which set, how
 * many, in a calm note that stays until the student dismisses it. Drawn over the page (a portal),
 * so the header's row, which measures its children, is not changed by it.
 */
export function RefusedAnswersNotice({ refused }: { refused: readonly RefusedAnswers[] }) {
  const offlineMessages = useShared('offlineMessages')
  if (refused.length === 0 || typeof document === 'undefined') return null
  return createPortal(
    <section className={styles.notice} aria-labelledby="refused-answers-heading" data-testid="refused-answers">
      <h2 id="refused-answers-heading" className={styles.heading}>
        {offlineMessages.refusedHeading}
      </h2>
      <div role="status">
        <ul className={styles.list}>
          {refused.map((entry) => (
            <li key={entry.setId}>{offlineMessages.refused(entry.count, entry.title)}</li>
          ))}
        </ul>
      </div>
      <p className={styles.rest}>{offlineMessages.refusedRest}</p>
      <button type="button" className="button button-secondary" onClick={() => void dismissRefused()}>
        {offlineMessages.refusedDismiss}
      </button>
    </section>,
    document.body,
  )
}
