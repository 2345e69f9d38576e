import type { DueItem } from '#shared/api/memory'
import type { AnswerInput } from '#shared/api/study'
import { type AnswerCheck, checkAnswer, looseForm } from '#shared/study/answer-check'
import { type FsrsRating, RATING } from '#shared/study/ratings'
import type { Flashcard } from '#shared/api/sets'
import { cardPrompts, clozeNumberOf } from '#shared/cards/prompts'
import { askCard, splitPromptItemId } from '#shared/study/prompts'
import { formatTimeUntil } from '@/lib/i18n'

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

/** Other cards of a set, by set id: more wrong options than the due cards in hand give. */
export type SetCards = ReadonlyMap<string, readonly Flashcard[]>

/**
 * What the set's other cards answer when asked as `item` is: their definitions for `f`, their
 * terms for `r`, a deletion of each other cloze card for a cloze prompt. Text only (a picture is
 * an answer of its own).
 */
function answersLike(item: DueItem, cards: readonly Flashcard[]): string[] {
  const { cardId, prompt } = splitPromptItemId(item.card.id)
  const cloze = clozeNumberOf(prompt) !== null
  return cards
    .filter((card) => card.id !== cardId && (card.kind === 'cloze') === cloze)
    .map((card) => askCard(card, cloze ? (cardPrompts(card)[0] ?? prompt) : prompt))
    .filter((asked) => asked.definition.trim() !== '' && !asked.definitionImage)
    .map((asked) => asked.definition)
}

/**
 * Options for a card: its answer and up to three others (each text once, compared loosely),
 * shuffled. The others come from the card's own set, the due cards in hand first and then the
 * set's other cards asked the same way (`setCards`), so the answer is not given away by its
 * subject; other sets fill in only when its set has too few. Fewer than two options means the
 * card is asked typed.
 */
export function choiceOptions(item: DueItem, pool: readonly DueItem[], random: Random, setCards: SetCards = new Map()): string[] {
  const seen = new Set([looseForm(item.card.definition)])
  const distinct = (definitions: readonly string[]) =>
    definitions.filter((definition) => {
      const key = looseForm(definition)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  const definitionsOf = (items: readonly DueItem[]) => items.map((other) => other.card.definition)
  const inHand = shuffle(distinct(definitionsOf(pool.filter((other) => other.set.id === item.set.id))), random)
  const restOfSet = shuffle(distinct(answersLike(item, setCards.get(item.set.id) ?? [])), random)
  const otherSets = shuffle(distinct(definitionsOf(pool.filter((other) => other.set.id !== item.set.id))), random)
  const picked = [...inHand, ...restOfSet, ...otherSets].slice(0, REVIEW_OPTIONS - 1)
  return shuffle([item.card.definition, ...picked], random)
}

/** The sets whose due cards in hand give fewer than REVIEW_OPTIONS distinct definitions: their other cards are read for options. */
export function setsShortOfOptions(items: readonly DueItem[]): string[] {
  const definitions = new Map<string, Set<string>>()
  for (const item of items) {
    const keys = definitions.get(item.set.id) ?? new Set()
    keys.add(looseForm(item.card.definition))
    definitions.set(item.set.id, keys)
  }
  return [...definitions].filter(([, keys]) => keys.size < REVIEW_OPTIONS).map(([setId]) => setId)
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

/**
 * The answer as the review log takes it. `rating` is the student's own (Again, Hard, Good or Easy
 * on the Review screen), which the server takes over its mapping; Hard, Good and Easy only for a
 * right answer (a wrong one is Again whatever is chosen).
 */
export function reviewAnswerInput(item: DueItem, result: ReviewResult, rating?: FsrsRating): AnswerInput {
  const correct = isRight(result)
  // The card may be asked as one of its prompts (its id then names the prompt too): the answer names the card and the prompt.
  const asked = { cardId: splitPromptItemId(item.card.id).cardId, prompt: item.prompt }
  const given = rating === undefined ? {} : { rating: correct ? rating : RATING.again }
  if (result.ask === 'choice') {
    return { ...asked, mode: 'review', correct, question: 'multiple_choice', outcome: correct ? 'right' : 'wrong', ...given }
  }
  const outcome = result.overruled ? 'overruled' : result.check.verdict === 'correct' ? 'right' : result.check.verdict === 'almost' ? 'almost' : 'wrong'
  return { ...asked, mode: 'review', correct, question: 'written', outcome, ...given }
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
  return formatTimeUntil(due, now)
}
