import type { CardProgress } from '#shared/api/study'
import { progressPerCard } from '#shared/study/mastery'

/** A student's own standing on one set, counted like a row of the teacher's progress table. */
export interface OwnProgress {
  studied: number
  mastered: number
  learning: number
  needsReview: number
}

/**
 * The counts of GET /api/sets/:id/progress: cards answered at least once, and each card's status
 * (the mastery rule of docs/study-rules.md) over its prompts.
 */
export function summarizeOwnProgress(items: readonly CardProgress[]): OwnProgress {
  const summary: OwnProgress = { studied: 0, mastered: 0, learning: 0, needsReview: 0 }
  // A card asked by several prompts counts once, its prompts' answers added up.
  for (const item of progressPerCard(items)) {
    if (item.attempts === 0) continue
    summary.studied += 1
    if (item.status === 'mastered') summary.mastered += 1
    else if (item.status === 'learning') summary.learning += 1
    else summary.needsReview += 1
  }
  return summary
}
