import { useReviewSummary } from './useReviewSummary'
import styles from './DueCount.module.css'

/** The header's "N due" beside Review: nothing for a visitor, while loading, or with none due. */
export function DueCount() {
  const summary = useReviewSummary()
  if (!summary || summary.dueNow === 0) return null
  return (
    <span className={styles.count} data-testid="due-count">
      {summary.dueNow} due
    </span>
  )
}
