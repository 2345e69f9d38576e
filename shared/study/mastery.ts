import type { CardMemoryView } from '#shared/api/memory'
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

/** A card prompt's derived stats from its answer counts (prompt `f` unless said: shared/cards/prompts.ts). */
export function cardProgress(cardId: string, correct: number, incorrect: number, lastReviewed: string, prompt = 'f'): CardProgress {
  const attempts = correct + incorrect
  const masteryRate = attempts === 0 ? 0 : correct / attempts
  return { cardId, prompt, correct, incorrect, attempts, masteryRate, status: cardStatus(masteryRate), lastReviewed }
}

/**
 * One item per card: a card asked by several prompts (reverse, cloze) has its prompts' counts added up (as the server's
 * mastery by set does), its latest review, and the memory of the prompt due first.
 */
export function progressPerCard<T extends CardProgress & { memory?: CardMemoryView | null }>(progress: readonly T[]): T[] {
  const byCard = new Map<string, T>()
  for (const item of progress) {
    const known = byCard.get(item.cardId)
    if (!known) {
      byCard.set(item.cardId, item)
      continue
    }
    const memories = [known.memory, item.memory].filter((memory): memory is CardMemoryView => Boolean(memory))
    const memory = memories.sort((a, b) => a.due.localeCompare(b.due))[0] ?? null
    const last = known.lastReviewed > item.lastReviewed ? known.lastReviewed : item.lastReviewed
    byCard.set(item.cardId, { ...item, ...cardProgress(item.cardId, known.correct + item.correct, known.incorrect + item.incorrect, last), memory })
  }
  return [...byCard.values()]
}
