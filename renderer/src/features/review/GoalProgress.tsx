import { useShared } from '@/lib/i18n'
import type { ReviewSummary } from '#shared/api/memory'
import styles from './DueCount.module.css'

/**
 * The header's progress toward today's goal beside Progress (issue 31): "3/20", with the words
 * for a screen reader (the header's one summary); nothing for a visitor, while loading, or with the goal set to 0.
 */
export function GoalProgress({ summary }: { summary: ReviewSummary | null }) {
  const habitMessages = useShared('habitMessages')
  if (!summary || summary.goal.target === 0) return null
  const { doneToday, target } = summary.goal
  return (
    <span className={`${styles.count} ${doneToday >= target ? styles.met : styles.goal}`} data-testid="goal-progress">
      <span aria-hidden="true">
        {Math.min(doneToday, target)}/{target}
      </span>
      <span className="visually-hidden">{habitMessages.goalProgress(doneToday, target)}</span>
    </span>
  )
}
