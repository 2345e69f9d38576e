import { LEARN_MAX_OPTIONS, STUDY_BATCH_SIZE } from '#shared/limits'
import { clozeNumberOf } from '#shared/cards/prompts'
import type { LEARN_QUESTION_TYPES } from '#shared/api/habits'
import { type AnswerVerdict, checkAnswer } from '#shared/study/answer-check'
import { splitPromptItemId } from '#shared/study/prompts'
import { splitAnswer } from '#shared/study/answer-text'

/**
 * Learn mode as a pure state machine (docs/study-rules.md): multiple-choice questions on
 * every card of the set, in batches of 10. A wrong answer puts the card on the missed list, which
 * is played first in the next batch; a right answer takes it off. When no unseen or missed card
 * is left, the play-through is finished. Randomness (the order of the options) comes in as
 * `random`, a function like Math.random, so tests can fix it.
 *
 * Question types (issue 31, the student's `learnQuestionTypes`): each question is asked in one of
 * the chosen types. Multiple choice as above; true/false shows the answer proposed (the right one
 * or another of the same kind, about half each) and asks True or False; written asks the answer
 * typed, checked as Write checks it (shared/study/answer-check.ts: 'almost' counts as right). A card
 * whose answer cannot be typed (a picture or a recording alone) is asked in another chosen type, or
 * as multiple choice. With written and a choice both chosen, a card is first asked as a choice and,
 * once answered right, comes back as written: it is learned when typed right (Quizlet's progression).
 */

/** The question types a student may choose for Learn. */
export type LearnQuestionType = (typeof LEARN_QUESTION_TYPES)[number]

/** What Learn asks when the student chose nothing else: multiple choice, as it always has. */
export const DEFAULT_LEARN_TYPES: readonly LearnQuestionType[] = ['multiple_choice']

/** What Learn needs of a flashcard. */
export interface LearnCard {
  id: string
  term: string
  definition: string
}

/** A card asked with options: the right definition and other cards' definitions (or True and False). */
export interface ChoiceQuestion {
  card: LearnCard
  options: string[]
  /** Where the right definition is among the options. */
  rightOption: number
}

/**
 * One card of the batch as it is asked. Multiple choice has its options; true/false has the options
 * True and False (index 0 and 1) and, unless the card's own answer is 'true' or 'false', the answer
 * `shown` with the question; written has no options (`rightOption` -1): the answer is typed.
 */
export interface LearnQuestion extends ChoiceQuestion {
  kind: LearnQuestionType
  /** True/false: the answer proposed, the card's own or a distractor. */
  shown?: string
}

export type LearnPhase =
  /** The options are open. */
  | 'question'
  /** An option was chosen (or the typed answer checked); locked until Next Card or Finish Batch. */
  | 'answered'
  /** The batch is over; 'Continue to Next Batch' starts the next one. */
  | 'summary'
  /** No unseen or missed card is left: 'Congratulations! 🎉'. */
  | 'finished'

export interface LearnAnswer {
  cardId: string
  correct: boolean
  /** How the card was asked (the review log's question kind). */
  question: LearnQuestionType
  /** A typed answer accepted as a near miss is 'almost' (the review log keeps it as such). */
  outcome: 'right' | 'wrong' | 'almost'
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
  /** The question types chosen (at least one). */
  types: readonly LearnQuestionType[]
  /** Indexes of cards answered right as a choice that come back as written (the progression). */
  familiar: readonly number[]
  /** Cards learned: answered right in their last step. */
  learned: number
  batch: readonly LearnQuestion[]
  /** 1-based. */
  batchNumber: number
  /** The question on show, 0-based within the batch. */
  position: number
  /** The option chosen for the question on show, once answered. */
  chosen: number | null
  /** A written question: what the student has typed, and the verdict once checked. */
  typed: string
  verdict: AnswerVerdict | null
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
  /** Type into a written question's answer box. */
  | { type: 'type'; text: string }
  /** Check the typed answer. */
  | { type: 'check' }
  /** Other question types: the questions not yet answered are asked in them. */
  | { type: 'types'; types: readonly LearnQuestionType[] }
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
export function trueFalseAnswer(definition: string): boolean | null {
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

/**
 * How a study item is answered (issue 26: shared/study/prompts.ts): by a definition (prompt f), a
 * term (r) or a cloze deletion. Options are answers of the same kind, so a deletion is never
 * offered against definitions.
 */
export function answerKind(card: LearnCard): 'f' | 'r' | 'cloze' {
  const { prompt } = splitPromptItemId(card.id)
  return clozeNumberOf(prompt) !== null ? 'cloze' : prompt === 'r' ? 'r' : 'f'
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
 * any other gets its definition and up to 3 other definitions from `pool` (fewer when the set has
 * fewer; `fallback` fills in then), shuffled.
 */
export function makeQuestion(card: LearnCard, pool: readonly string[], random: Random, fallback: readonly string[] = []): ChoiceQuestion {
  const trueFalse = trueFalseAnswer(card.definition)
  if (trueFalse !== null) return { card, options: ['True', 'False'], rightOption: trueFalse ? 0 : 1 }
  const sameKind = pickDistractors(pool, card.definition, LEARN_MAX_OPTIONS - 1, random)
  // Too few answers of the card's kind: other answers fill in (each text once).
  const taken = new Set([card.definition, ...sameKind].map(definitionKey))
  const others = fallback.filter((text) => !taken.has(definitionKey(text)))
  const distractors = [...sameKind, ...pickDistractors(others, card.definition, LEARN_MAX_OPTIONS - 1 - sameKind.length, random)]
  const options = shuffle([card.definition, ...distractors], random)
  return { card, options, rightOption: options.indexOf(card.definition) }
}

/** Whether a card's answer can be typed: it has text (a picture or a recording alone has none). */
export function isTypeable(card: LearnCard): boolean {
  return splitAnswer(card.definition).text.trim() !== ''
}

/** Whether a card answered right as a choice still has to be typed (the progression). */
function writtenNext(types: readonly LearnQuestionType[], card: LearnCard): boolean {
  return types.includes('written') && isTypeable(card)
}

/**
 * The type a card is asked in: written once it is familiar (answered right as a choice) or when
 * written is the only type; else one of the chosen choice types at random; multiple choice when
 * only written was chosen and the card cannot be typed.
 */
export function questionType(types: readonly LearnQuestionType[], card: LearnCard, familiar: boolean, random: Random): LearnQuestionType {
  const choices = types.filter((type) => type !== 'written')
  if (writtenNext(types, card) && (familiar || choices.length === 0)) return 'written'
  if (choices.length === 0) return 'multiple_choice'
  return choices[randomIndex(random, choices.length)] as LearnQuestionType
}

/** True/False: the card's answer or another of the same kind, about half each (always its own when there is no other). */
function trueFalseQuestion(card: LearnCard, pool: readonly string[], random: Random, fallback: readonly string[]): LearnQuestion {
  const [other] = pickDistractors(pool, card.definition, 1, random)
  const distractor = other ?? pickDistractors(fallback, card.definition, 1, random)[0]
  const isTrue = distractor === undefined || random() < 0.5
  return { kind: 'true_false', card, options: ['True', 'False'], rightOption: isTrue ? 0 : 1, shown: isTrue ? card.definition : distractor }
}

/** The card at `index` asked in a type of `state.types`, its options drawn from answers of its kind. */
function learnQuestion(state: Pick<LearnState, 'cards' | 'definitions' | 'types' | 'familiar'>, index: number, random: Random): LearnQuestion {
  const card = state.cards[index] as LearnCard
  const type = questionType(state.types, card, state.familiar.includes(index), random)
  if (type === 'written') return { kind: 'written', card, options: [], rightOption: -1 }
  const kind = answerKind(card)
  const pool = distinctDefinitions(state.cards.filter((other) => answerKind(other) === kind))
  // A 'true' or 'false' card is answered True or False whichever type is chosen.
  if (type === 'true_false' && trueFalseAnswer(card.definition) === null) return trueFalseQuestion(card, pool, random, state.definitions)
  const question = makeQuestion(card, pool, random, state.definitions)
  return { kind: trueFalseAnswer(card.definition) === null ? 'multiple_choice' : 'true_false', ...question }
}

/**
 * The next batch: the missed cards first, in the order they were missed, then the familiar cards
 * coming back as written, then unseen cards in position order, up to 10 in all. Questions are made
 * only for these cards.
 */
function nextBatch(state: LearnState, random: Random): Pick<LearnState, 'batch' | 'nextUnseen'> {
  const indexes = [...new Set([...state.missed, ...state.familiar])].slice(0, STUDY_BATCH_SIZE)
  let nextUnseen = state.nextUnseen
  while (indexes.length < STUDY_BATCH_SIZE && nextUnseen < state.cards.length) indexes.push(nextUnseen++)
  return { batch: indexes.map((index) => learnQuestion(state, index, random)), nextUnseen }
}

/** A play-through from the start: batch 1 holds the first 10 cards, asked in the chosen types. */
export function startLearn(cards: readonly LearnCard[], random: Random, types: readonly LearnQuestionType[] = DEFAULT_LEARN_TYPES, attempt = 1): LearnState {
  const empty: LearnState = {
    cards,
    definitions: distinctDefinitions(cards),
    nextUnseen: 0,
    missed: [],
    types: types.length > 0 ? types : DEFAULT_LEARN_TYPES,
    familiar: [],
    learned: 0,
    batch: [],
    batchNumber: 1,
    position: 0,
    chosen: null,
    typed: '',
    verdict: null,
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
 * Cards learned: answered right in their last step (a choice, or written once familiar). A card is
 * asked again only while missed or familiar, so each is learned at most once in a play-through.
 */
export function learnedCount(state: LearnState): number {
  return state.learned
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

/**
 * The question on show answered: right or wrong, counted, the card's lists updated. A right choice
 * on a card still to be typed makes it familiar instead of learned.
 */
function answered(state: LearnState, question: LearnQuestion, outcome: LearnAnswer['outcome']): LearnState {
  const correct = outcome !== 'wrong'
  const cardIndex = state.cards.indexOf(question.card)
  const toType = correct && question.kind !== 'written' && writtenNext(state.types, question.card)
  const familiar = state.familiar.filter((index) => index !== cardIndex)
  return {
    ...state,
    phase: 'answered',
    missed: updateMissed(state.missed, cardIndex, correct),
    familiar: toType ? [...familiar, cardIndex] : correct ? familiar : state.familiar,
    learned: state.learned + (correct && !toType ? 1 : 0),
    batchCorrect: state.batchCorrect + (correct ? 1 : 0),
    batchIncorrect: state.batchIncorrect + (correct ? 0 : 1),
    correct: state.correct + (correct ? 1 : 0),
    incorrect: state.incorrect + (correct ? 0 : 1),
    lastAnswer: { cardId: question.card.id, correct, question: question.kind, outcome },
  }
}

function answer(state: LearnState, option: number): LearnState {
  const question = currentQuestion(state)
  // Answering locks the options: a second answer to the same card is ignored.
  if (state.phase !== 'question' || !question || !Number.isInteger(option) || option < 0 || option >= question.options.length) {
    return state
  }
  return { ...answered(state, question, option === question.rightOption ? 'right' : 'wrong'), chosen: option }
}

/** Whether the typed answer can be checked: a written question, not yet checked, with something typed. */
export function canCheck(state: LearnState): boolean {
  return state.phase === 'question' && currentQuestion(state)?.kind === 'written' && state.typed.trim() !== ''
}

/** A written question's typed answer checked as Write checks it: 'almost' counts as right. */
function check(state: LearnState): LearnState {
  const question = currentQuestion(state)
  if (!question || !canCheck(state)) return state
  const { verdict } = checkAnswer(state.typed, splitAnswer(question.card.definition).text)
  return { ...answered(state, question, verdict === 'correct' ? 'right' : verdict), verdict }
}

/** Other question types: the batch's questions not yet answered are made again in them. */
function retype(state: LearnState, types: readonly LearnQuestionType[], random: Random): LearnState {
  if (types.length === 0) return state
  const retyped = { ...state, types }
  const from = state.phase === 'question' ? state.position : state.position + 1
  const batch = state.batch.map((question, at) => (at < from ? question : learnQuestion(retyped, state.cards.indexOf(question.card), random)))
  return { ...retyped, batch, typed: state.phase === 'question' ? '' : state.typed }
}

/** Next Card; Finish Batch on the last card goes to the summary, or to the end if nothing is left. */
function next(state: LearnState): LearnState {
  if (state.phase !== 'answered') return state
  const cleared = { ...state, chosen: null, typed: '', verdict: null }
  if (!isLastInBatch(state)) return { ...cleared, phase: 'question', position: state.position + 1 }
  const nothingLeft = state.missed.length === 0 && state.familiar.length === 0 && unseenCount(state) === 0
  return { ...cleared, phase: nothingLeft ? 'finished' : 'summary' }
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
    case 'type':
      return state.phase === 'question' && currentQuestion(state)?.kind === 'written' ? { ...state, typed: event.text } : state
    case 'check':
      return check(state)
    case 'types':
      return retype(state, event.types, random)
    case 'next':
      return next(state)
    case 'continue':
      return continueLearning(state, random)
    case 'restart':
      return startLearn(state.cards, random, state.types, state.attempt + 1)
  }
}

/** Some of the batch is answered and some is not: leaving now asks first (LeaveWarning). */
export function midBatch(state: LearnState): boolean {
  return state.phase === 'answered' || (state.phase === 'question' && state.position > 0)
}

/**
 * A play-through kept before a reload, as it goes on now (its last answer was already recorded), in
 * the question types chosen meanwhile; undefined for a place kept before question types, which
 * starts afresh.
 */
export function resumeLearn(kept: LearnState, types: readonly LearnQuestionType[], random: Random): LearnState | undefined {
  if (!Array.isArray(kept.types)) return undefined
  const resumed = { ...kept, lastAnswer: null }
  return kept.types.join() === types.join() ? resumed : learnReducer(resumed, { type: 'types', types }, random)
}
