import { LEARN_MAX_OPTIONS, STUDY_BATCH_SIZE } from '#shared/limits'

/**
 * Learn mode as a pure state machine (docs/study-rules.md): multiple-choice questions on
 * every card of the set, in batches of 10. A wrong answer puts the card on the missed list, which
 * is played first in the next batch; a right answer takes it off. When no unseen or missed card
 * is left, the play-through is finished. Randomness (the order of the options) comes in as
 * `random`, a function like Math.random, so tests can fix it.
 */

/** What Learn needs of a flashcard. */
export interface LearnCard {
  id: string
  term: string
  definition: string
}

/** One card of the batch with its options: the right definition and other cards' definitions. */
export interface LearnQuestion {
  card: LearnCard
  options: string[]
  /** Where the right definition is among the options. */
  rightOption: number
}

export type LearnPhase =
  /** The options are open. */
  | 'question'
  /** An option was chosen; the options are locked until Next Card or Finish Batch. */
  | 'answered'
  /** The batch is over; 'Continue to Next Batch' starts the next one. */
  | 'summary'
  /** No unseen or missed card is left: 'Congratulations! 🎉'. */
  | 'finished'

export interface LearnAnswer {
  cardId: string
  correct: boolean
  /** How the card was asked: True/False or multiple choice (the review log's question kind). */
  question: 'multiple_choice' | 'true_false'
}

export interface LearnState {
  /** Every card of the set, in position order. */
  cards: readonly LearnCard[]
  /** Each different definition once (compared trimmed, case-insensitive): the pool of distractors. */
  definitions: readonly string[]
  /** Cards are first shown in position order: cards[nextUnseen] onwards have not been shown yet. */
  nextUnseen: number
  /** Indexes into `cards` of the cards answered wrong and not yet answered right, in the order missed. */
  missed: readonly number[]
  batch: readonly LearnQuestion[]
  /** 1-based. */
  batchNumber: number
  /** The question on show, 0-based within the batch. */
  position: number
  /** The option chosen for the question on show, once answered. */
  chosen: number | null
  phase: LearnPhase
  batchCorrect: number
  batchIncorrect: number
  /** Right and wrong answers of the whole play-through. */
  correct: number
  incorrect: number
  /** The latest answer, for saving it; null until the first answer of a play-through. */
  lastAnswer: LearnAnswer | null
  /** Which play-through this is, from 1; Restart starts the next (each has its own learning session). */
  attempt: number
}

export type LearnEvent =
  /** Choose option `option` (0-based) of the question on show. */
  | { type: 'answer'; option: number }
  /** Next Card, or Finish Batch on the last card of the batch. */
  | { type: 'next' }
  /** Continue to Next Batch, from the batch summary. */
  | { type: 'continue' }
  /** Restart Learn Mode: everything from the start. */
  | { type: 'restart' }

export type Random = () => number

/** Definitions are the same when they match trimmed and case-insensitive. */
export function definitionKey(text: string): string {
  return text.trim().toLowerCase()
}

/** 'true' or 'false' in any case: such a card is answered with the options True and False. */
function trueFalseAnswer(definition: string): boolean | null {
  const key = definitionKey(definition)
  if (key === 'true') return true
  if (key === 'false') return false
  return null
}

/** Each different definition once, keeping the first text seen. */
export function distinctDefinitions(cards: readonly LearnCard[]): string[] {
  const seen = new Set<string>()
  const definitions: string[] = []
  for (const card of cards) {
    const key = definitionKey(card.definition)
    if (!seen.has(key)) {
      seen.add(key)
      definitions.push(card.definition)
    }
  }
  return definitions
}

/** A random whole number from 0 to below `size`, safe even if `random` returns 1. */
function randomIndex(random: Random, size: number): number {
  return Math.min(size - 1, Math.floor(random() * size))
}

/** A shuffled copy (Fisher-Yates). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomIndex(random, i + 1)
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/**
 * Up to `count` definitions from the pool, none the same as `right`, chosen at random. A partial
 * Fisher-Yates over the other definitions: O(pool) for one question, so a batch costs 10 passes
 * over the set however large it is.
 */
function pickDistractors(pool: readonly string[], right: string, count: number, random: Random): string[] {
  const rightKey = definitionKey(right)
  const others = pool.filter((text) => definitionKey(text) !== rightKey)
  const wanted = Math.min(count, others.length)
  for (let i = 0; i < wanted; i++) {
    const j = i + randomIndex(random, others.length - i)
    ;[others[i], others[j]] = [others[j] as string, others[i] as string]
  }
  return others.slice(0, wanted)
}

/**
 * A card's question. A 'true' or 'false' definition gets exactly the options True and False;
 * any other gets its definition and up to 3 other definitions (fewer when the set has fewer),
 * shuffled.
 */
export function makeQuestion(card: LearnCard, pool: readonly string[], random: Random): LearnQuestion {
  const trueFalse = trueFalseAnswer(card.definition)
  if (trueFalse !== null) return { card, options: ['True', 'False'], rightOption: trueFalse ? 0 : 1 }
  const distractors = pickDistractors(pool, card.definition, LEARN_MAX_OPTIONS - 1, random)
  const options = shuffle([card.definition, ...distractors], random)
  return { card, options, rightOption: options.indexOf(card.definition) }
}

/**
 * The next batch: the missed cards first, in the order they were missed, then unseen cards in
 * position order, up to 10 in all. Options are made only for these cards.
 */
function nextBatch(state: LearnState, random: Random): Pick<LearnState, 'batch' | 'nextUnseen'> {
  const indexes = state.missed.slice(0, STUDY_BATCH_SIZE)
  let nextUnseen = state.nextUnseen
  while (indexes.length < STUDY_BATCH_SIZE && nextUnseen < state.cards.length) indexes.push(nextUnseen++)
  const batch = indexes.map((index) => makeQuestion(state.cards[index] as LearnCard, state.definitions, random))
  return { batch, nextUnseen }
}

/** A play-through from the start: batch 1 holds the first 10 cards. */
export function startLearn(cards: readonly LearnCard[], random: Random, attempt = 1): LearnState {
  const empty: LearnState = {
    cards,
    definitions: distinctDefinitions(cards),
    nextUnseen: 0,
    missed: [],
    batch: [],
    batchNumber: 1,
    position: 0,
    chosen: null,
    phase: 'question',
    batchCorrect: 0,
    batchIncorrect: 0,
    correct: 0,
    incorrect: 0,
    lastAnswer: null,
    attempt,
  }
  const first = { ...empty, ...nextBatch(empty, random) }
  return first.batch.length === 0 ? { ...first, phase: 'finished' } : first
}

/** The question on show (undefined in the summary and at the end). */
export function currentQuestion(state: LearnState): LearnQuestion | undefined {
  return state.phase === 'question' || state.phase === 'answered' ? state.batch[state.position] : undefined
}

export function isLastInBatch(state: LearnState): boolean {
  return state.position === state.batch.length - 1
}

/** The label of the button that goes on after an answer. */
export function nextLabel(state: LearnState): 'Next Card' | 'Finish Batch' {
  return isLastInBatch(state) ? 'Finish Batch' : 'Next Card'
}

/**
 * Cards learned: a card is asked again only while it is missed, so each card is answered right
 * at most once in a play-through and the right answers count the learned cards.
 */
export function learnedCount(state: LearnState): number {
  return state.correct
}

/** Cards never shown yet. */
export function unseenCount(state: LearnState): number {
  return state.cards.length - state.nextUnseen
}

/** Whole-number percentage of right answers (0 before any answer). */
export function accuracyPercent(state: LearnState): number {
  const answers = state.correct + state.incorrect
  return answers === 0 ? 0 : Math.round((state.correct / answers) * 100)
}

/** A wrong answer puts the card on the missed list once; a right answer takes it off. */
function updateMissed(missed: readonly number[], cardIndex: number, correct: boolean): readonly number[] {
  if (correct) return missed.includes(cardIndex) ? missed.filter((index) => index !== cardIndex) : missed
  return missed.includes(cardIndex) ? missed : [...missed, cardIndex]
}

function answer(state: LearnState, option: number): LearnState {
  const question = currentQuestion(state)
  // Answering locks the options: a second answer to the same card is ignored.
  if (state.phase !== 'question' || !question || !Number.isInteger(option) || option < 0 || option >= question.options.length) {
    return state
  }
  const correct = option === question.rightOption
  const cardIndex = state.cards.indexOf(question.card)
  return {
    ...state,
    phase: 'answered',
    chosen: option,
    missed: updateMissed(state.missed, cardIndex, correct),
    batchCorrect: state.batchCorrect + (correct ? 1 : 0),
    batchIncorrect: state.batchIncorrect + (correct ? 0 : 1),
    correct: state.correct + (correct ? 1 : 0),
    incorrect: state.incorrect + (correct ? 0 : 1),
    lastAnswer: { cardId: question.card.id, correct, question: trueFalseAnswer(question.card.definition) === null ? 'multiple_choice' : 'true_false' },
  }
}

/** Next Card; Finish Batch on the last card goes to the summary, or to the end if nothing is left. */
function next(state: LearnState): LearnState {
  if (state.phase !== 'answered') return state
  if (!isLastInBatch(state)) return { ...state, phase: 'question', position: state.position + 1, chosen: null }
  const nothingLeft = state.missed.length === 0 && unseenCount(state) === 0
  return { ...state, phase: nothingLeft ? 'finished' : 'summary', chosen: null }
}

/** Continue to Next Batch: missed cards first, then unseen ones; the batch's counts start again. */
function continueLearning(state: LearnState, random: Random): LearnState {
  if (state.phase !== 'summary') return state
  return {
    ...state,
    ...nextBatch(state, random),
    batchNumber: state.batchNumber + 1,
    position: 0,
    chosen: null,
    phase: 'question',
    batchCorrect: 0,
    batchIncorrect: 0,
  }
}

export function learnReducer(state: LearnState, event: LearnEvent, random: Random): LearnState {
  switch (event.type) {
    case 'answer':
      return answer(state, event.option)
    case 'next':
      return next(state)
    case 'continue':
      return continueLearning(state, random)
    case 'restart':
      return startLearn(state.cards, random, state.attempt + 1)
  }
}
