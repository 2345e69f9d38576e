import { DueCount } from './DueCount'
import { GoalProgress } from './GoalProgress'
import { useReviewSummary } from './useReviewSummary'

/**
 * The header's badge beside a navigation link: the due count beside Review, the day's goal beside
 * Progress. The header loads it lazily (a visitor's landing page does not need it); its two places
 * (navigation and menu) share one read of the summary (useServerData).
 */
export function NavBadge({ to }: { to: '/review' | '/progress' }) {
  const summary = useReviewSummary()
  return to === '/review' ? <DueCount summary={summary} /> : <GoalProgress summary={summary} />
}
