import type { ReviewSummary } from '#shared/api/memory'
import styles from './DueCount.module.css'
import { useT } from '@/lib/i18n'

/**
 * The header's "N due" beside Review: nothing for a visitor, while loading, or with none due. The
 * header reads the counts once (useReviewSummary) for both places it shows them.
 */
export function DueCount({ summary }: { summary: ReviewSummary | null }) {
  const t = useT()
  if (!summary || summary.dueNow === 0) return null
  return (
    <span className={styles.count} data-testid="due-count">
      {t('review.badge.due', { count: summary.dueNow })}
    </span>
  )
}
