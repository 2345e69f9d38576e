import type { DueItem } from '#shared/api/memory'
import type { AnswerInput } from '#shared/api/study'
import { type AnswerCheck, checkAnswer, looseForm } from '#shared/study/answer-check'

/*
 * The Review page's rules, as pure functions: which card comes first, how a card is asked, and
 * what an answer is for the review log (mode 'review'; shared/study/ratings.ts rates it).
 */

/** How the student wants cards asked: picked among options, or typed (kept in localStorage). */
export type ReviewAsk = 'choice' | 'typed'

export const REVIEW_ASK_KEY = 'cardwise.review.ask'

/** Options of a multiple-choice card, the right one included. */
export const REVIEW_OPTIONS = 4

export type Random = () => number

/** The weakest first: lowest predicted recall now, then the longest overdue, then the set's order. */
export function weakestFirst(items: readonly DueItem[]): DueItem[] {
  return [...items].sort(
    (a, b) => a.retrievability - b.retrievability || a.due.localeCompare(b.due) || a.card.position - b.card.position || a.card.id.localeCompare(b.card.id),
  )
}

/**
 * Options for a card: its definition and up to three others from the cards in hand (each text
 * once, compared loosely), shuffled. The others come from the card's own set, so the answer is not
 * given away by its subject; other sets fill in only when its set has too few. Fewer than two
 * options means the card is asked typed.
 */
export function choiceOptions(item: DueItem, pool: readonly DueItem[], random: Random): string[] {
  const seen = new Set([looseForm(item.card.definition)])
  const distinct = (items: readonly DueItem[]) =>
    items.flatMap((other) => {
      const key = looseForm(other.card.definition)
      if (seen.has(key)) return []
      seen.add(key)
      return [other.card.definition]
    })
  const sameSet = shuffle(distinct(pool.filter((other) => other.set.id === item.set.id)), random)
  const otherSets = shuffle(distinct(pool.filter((other) => other.set.id !== item.set.id)), random)
  const picked = [...sameSet, ...otherSets].slice(0, REVIEW_OPTIONS - 1)
  return shuffle([item.card.definition, ...picked], random)
}

/** How this card is asked: typed when the student chose typing or there is nothing to choose from. */
export function askOf(preferred: ReviewAsk, options: readonly string[]): ReviewAsk {
  return preferred === 'choice' && options.length >= 2 ? 'choice' : 'typed'
}

export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/** The student's answer to one card, checked. */
export type ReviewResult = { ask: 'choice'; chosen: string; correct: boolean } | { ask: 'typed'; typed: string; check: AnswerCheck; overruled: boolean }

export function answerChoice(item: DueItem, chosen: string): ReviewResult {
  return { ask: 'choice', chosen, correct: chosen === item.card.definition }
}

export function answerTyped(item: DueItem, typed: string): ReviewResult {
  return { ask: 'typed', typed, check: checkAnswer(typed, item.card.definition), overruled: false }
}

/** "I was right": only a typed answer marked wrong can be overruled, once. */
export function overrule(result: ReviewResult): ReviewResult {
  if (result.ask !== 'typed' || result.check.verdict !== 'wrong' || result.overruled) return result
  return { ...result, overruled: true }
}

export function isRight(result: ReviewResult): boolean {
  if (result.ask === 'choice') return result.correct
  return result.overruled || result.check.verdict !== 'wrong'
}

/** The answer as the review log takes it. */
export function reviewAnswerInput(item: DueItem, result: ReviewResult): AnswerInput {
  const correct = isRight(result)
  if (result.ask === 'choice') {
    return { cardId: item.card.id, mode: 'review', correct, question: 'multiple_choice', outcome: correct ? 'right' : 'wrong' }
  }
  const outcome = result.overruled ? 'overruled' : result.check.verdict === 'correct' ? 'right' : result.check.verdict === 'almost' ? 'almost' : 'wrong'
  return { cardId: item.card.id, mode: 'review', correct, question: 'written', outcome }
}

/** The stored preference; multiple choice until the student picks. */
export function storedAsk(storage: Pick<Storage, 'getItem'> | undefined): ReviewAsk {
  try {
    return storage?.getItem(REVIEW_ASK_KEY) === 'typed' ? 'typed' : 'choice'
  } catch {
    return 'choice'
  }
}

/** "in 3 hours", "tomorrow", "in 5 days": when the next card falls due, from now. */
export function dueIn(due: string, now: number): string {
  const ms = Date.parse(due) - now
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.round(minutes / 60)
  if (hours < 24) return `in ${hours} hour${hours === 1 ? '' : 's'}`
  const days = Math.round(hours / 24)
  return days === 1 ? 'tomorrow' : `in ${days} days`
}
