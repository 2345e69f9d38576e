import type { CardProgress, CardStatus } from '#shared/api/study'
import { MASTERY_THRESHOLDS } from '#shared/limits'

/*
 * A card's mastery, shared by the server (progress answers) and the renderer (the Terms list).
 * Kept apart from the API schemas so that reading it does not load zod into a page.
 */

/** docs/study-rules.md, 'Mastery': mastered at 80% or above, learning at 50% or above, otherwise needs review. */
export function cardStatus(masteryRate: number): CardStatus {
  if (masteryRate >= MASTERY_THRESHOLDS.mastered) return 'mastered'
  if (masteryRate >= MASTERY_THRESHOLDS.learning) return 'learning'
  return 'needs_review'
}

/** A card's derived stats from its answer counts. */
export function cardProgress(cardId: string, correct: number, incorrect: number, lastReviewed: string): CardProgress {
  const attempts = correct + incorrect
  const masteryRate = attempts === 0 ? 0 : correct / attempts
  return { cardId, correct, incorrect, attempts, masteryRate, status: cardStatus(masteryRate), lastReviewed }
}
