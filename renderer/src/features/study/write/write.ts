import { STUDY_BATCH_SIZE } from '#shared/limits'
import { checkAnswer } from '#shared/study/answer-check'
import { translate } from '@/lib/i18n'

/**
 * Write mode as a pure state machine (docs/study-rules.md): the student types the definition of
 * each term. All cards are played in batches of 10; each card is unanswered ('answering'), then
 * 'checked', then the next card follows. After the last card of a batch comes the batch 'summary';
 * Continue starts the next batch, missed cards first, then cards not yet played; when no card is
 * left to play the session is 'complete'. Restart begins again with the full set in batch 1.
 */
export interface WriteCard {
  id: string
  term: string
  definition: string
}

export type WritePhase = 'answering' | 'checked' | 'summary' | 'complete'

/**
 * How a checked answer went: 'right' (exact), 'almost' (a near miss, counted right), 'wrong', or
 * 'overruled' (judged wrong, then claimed right by the student with "I was right", counted right).
 */
export type WriteOutcome = 'right' | 'almost' | 'wrong' | 'overruled'

export interface WriteState {
  /** The whole set, in position order (what Restart starts again from). */
  cards: readonly WriteCard[]
  batchSize: number
  phase: WritePhase
  /** 1-based number of the batch being played (or just finished). */
  batchNumber: number
  /** The cards of this batch, in the order they are asked. */
  batch: readonly WriteCard[]
  /** The card being asked, 0-based within the batch. */
  index: number
  /** What the student has typed for the current card. */
  answer: string
  /** Whether each checked card of this batch was right, by index within the batch. */
  batchResults: readonly boolean[]
  /** How each checked card of this batch went, by index within the batch (beside batchResults). */
  batchOutcomes: readonly WriteOutcome[]
  /** The correct/incorrect/missed lists as they were before the last check, for an overrule. */
  beforeCheck?: Pick<WriteState, 'correct' | 'incorrect' | 'missed'>
  /** True when this batch replays cards missed in an earlier batch (its title is Review Mode). */
  review: boolean
  /** Cards not yet put into any batch, in position order. */
  remaining: readonly WriteCard[]
  /** Cards answered right at least once in this session, in the order it happened. */
  correct: readonly WriteCard[]
  /** Cards answered wrong at least once in this session, in the order it first happened. */
  incorrect: readonly WriteCard[]
  /**
   * Cards whose latest answer was wrong, in the order they were last missed: they are replayed
   * first in the next batch (at most 10 ever wait, as a batch holds every missed card).
   */
  missed: readonly WriteCard[]
}

export type WriteEvent =
  | { type: 'type'; text: string }
  | { type: 'check' }
  | { type: 'next' }
  | { type: 'overrule' }
  | { type: 'continue' }
  | { type: 'restart' }

/** Spec section 5: the answer matches when equal to the definition, trimmed and ignoring case. */
export function isCorrectAnswer(answer: string, definition: string): boolean {
  return normalise(answer) === normalise(definition)
}

function normalise(text: string): string {
  return text.trim().toLowerCase()
}

/** A fresh session over `cards`: batch 1 holds the first `batchSize` of them. */
export function initialWrite(cards: readonly WriteCard[], batchSize: number = STUDY_BATCH_SIZE): WriteState {
  const empty: WriteState = {
    cards,
    batchSize,
    phase: 'complete',
    batchNumber: 0,
    batch: [],
    index: 0,
    answer: '',
    batchResults: [],
    batchOutcomes: [],
    review: false,
    remaining: cards,
    correct: [],
    incorrect: [],
    missed: [],
  }
  return startNextBatch(empty)
}

/**
 * The next batch: up to `batchSize` missed cards first, then cards not yet played to fill it.
 * With none of either left, the session is complete.
 */
function startNextBatch(state: WriteState): WriteState {
  const replayed = state.missed.slice(0, state.batchSize)
  const fresh = state.remaining.slice(0, state.batchSize - replayed.length)
  if (replayed.length + fresh.length === 0) return { ...state, phase: 'complete', review: false, answer: '' }
  return {
    ...state,
    phase: 'answering',
    batchNumber: state.batchNumber + 1,
    batch: [...replayed, ...fresh],
    index: 0,
    answer: '',
    batchResults: [],
    batchOutcomes: [],
    beforeCheck: undefined,
    review: replayed.length > 0,
    remaining: state.remaining.slice(fresh.length),
  }
}

/** Check is possible only for an unanswered card with a non-blank answer (docs/study-rules.md). */
export function canCheck(state: WriteState): boolean {
  return state.phase === 'answering' && state.answer.trim() !== ''
}

/** The card being asked (or just checked); undefined between batches and once complete. */
export function currentCard(state: WriteState): WriteCard | undefined {
  return state.phase === 'answering' || state.phase === 'checked' ? state.batch[state.index] : undefined
}

/** Whether the card just checked was right; undefined until it is checked. */
export function checkedResult(state: WriteState): boolean | undefined {
  return state.phase === 'checked' ? state.batchResults[state.index] : undefined
}

/** How the card just checked went; undefined until it is checked. */
export function checkedOutcome(state: WriteState): WriteOutcome | undefined {
  return state.phase === 'checked' ? state.batchOutcomes[state.index] : undefined
}

/** "I was right" is offered once per answer: on a checked card judged wrong and not yet overruled. */
export function canOverrule(state: WriteState): boolean {
  return checkedOutcome(state) === 'wrong'
}

/** True on the last card of a batch: its Next button reads Finish Batch. */
export function isLastCardOfBatch(state: WriteState): boolean {
  return state.index === state.batch.length - 1
}

const without = (list: readonly WriteCard[], card: WriteCard) => list.filter((item) => item.id !== card.id)
const withOnce = (list: readonly WriteCard[], card: WriteCard) => (list.some((item) => item.id === card.id) ? list : [...list, card])

function check(state: WriteState): WriteState {
  const card = currentCard(state)
  if (!card || !canCheck(state)) return state
  const verdict = checkAnswer(state.answer, card.definition).verdict
  const outcome: WriteOutcome = verdict === 'correct' ? 'right' : verdict
  const right = outcome !== 'wrong'
  return {
    ...state,
    phase: 'checked',
    batchResults: [...state.batchResults, right],
    batchOutcomes: [...state.batchOutcomes, outcome],
    beforeCheck: { correct: state.correct, incorrect: state.incorrect, missed: state.missed },
    correct: right ? withOnce(state.correct, card) : state.correct,
    incorrect: right ? state.incorrect : withOnce(state.incorrect, card),
    missed: right ? without(state.missed, card) : [...without(state.missed, card), card],
  }
}

/** The student overrules a wrong verdict: the card counts as right, as if it had been checked right. */
function overrule(state: WriteState): WriteState {
  const card = currentCard(state)
  if (!card || !canOverrule(state) || !state.beforeCheck) return state
  const before = state.beforeCheck
  return {
    ...state,
    batchResults: state.batchResults.map((result, index) => (index === state.index ? true : result)),
    batchOutcomes: state.batchOutcomes.map((outcome, index) => (index === state.index ? 'overruled' : outcome)),
    correct: withOnce(before.correct, card),
    incorrect: before.incorrect,
    missed: without(before.missed, card),
    beforeCheck: undefined,
  }
}

export function writeReducer(state: WriteState, event: WriteEvent): WriteState {
  switch (event.type) {
    case 'type':
      // The input is disabled once the card is checked, so typing changes nothing then.
      return state.phase === 'answering' ? { ...state, answer: event.text } : state
    case 'check':
      return check(state)
    case 'next':
      if (state.phase !== 'checked') return state
      if (isLastCardOfBatch(state)) return { ...state, phase: 'summary' }
      return { ...state, phase: 'answering', index: state.index + 1, answer: '' }
    case 'overrule':
      return overrule(state)
    case 'continue':
      return state.phase === 'summary' ? startNextBatch(state) : state
    case 'restart':
      return initialWrite(state.cards, state.batchSize)
  }
}

/** 'Review Mode' while replaying missed cards, otherwise 'Write Mode'. */
export function writeTitle(state: WriteState): string {
  return translate(state.review ? 'write.reviewTitle' : 'write.title')
}

/** Cards counted once however often they were answered. */
function distinctCount(...lists: ReadonlyArray<readonly WriteCard[]>): number {
  return new Set(lists.flatMap((list) => list.map((card) => card.id))).size
}

export interface WriteProgress {
  /** X: the batch being played. */
  batch: number
  /**
   * Y: the batches this session is expected to need: the ones played before this one, plus enough
   * batches for every card not yet answered right when this batch began (this batch's cards, the
   * missed cards waiting and the cards not yet played). It stays the same through a batch, grows
   * when answers are missed, and is never below X.
   */
  batches: number
  /** n: the card being asked, 1-based within the batch. */
  card: number
  /** m: the cards in this batch. */
  cardsInBatch: number
  /** a: cards answered right at least once, i.e. learnt; it reaches b when the session completes. */
  done: number
  /** b: the cards in the set. */
  total: number
}

/** The numbers of the progress line; a and b are capped at the set's size (docs/study-rules.md). */
export function writeProgress(state: WriteState): WriteProgress {
  const total = state.cards.length
  // Constant through a batch: a card only moves between these three lists within the batch.
  const toDo = distinctCount(state.batch, state.missed, state.remaining)
  const batchNumber = Math.max(state.batchNumber, 1)
  return {
    batch: batchNumber,
    batches: Math.max(batchNumber, batchNumber - 1 + Math.ceil(toDo / state.batchSize)),
    card: Math.min(state.index + 1, state.batch.length),
    cardsInBatch: state.batch.length,
    done: Math.min(state.correct.length, total),
    total,
  }
}

/** 'Batch X of Y • Card n/m • Total Progress: a/b' (docs/study-rules.md). */
export function progressLine(progress: WriteProgress): string {
  return translate('write.progress', { ...progress })
}

export interface BatchSummary {
  batchNumber: number
  /** This batch's cards answered right and wrong. */
  correct: WriteCard[]
  incorrect: WriteCard[]
  /** Cards waiting to be replayed, first in the next batch. */
  missed: readonly WriteCard[]
  /** How many cards have not been played yet. */
  remaining: number
  /** Cards answered at least once in this session, capped at the set's size. */
  processed: number
  total: number
}

/** What the summary after a batch shows. */
export function batchSummary(state: WriteState): BatchSummary {
  const total = state.cards.length
  return {
    batchNumber: state.batchNumber,
    correct: state.batch.filter((_, index) => state.batchResults[index] === true),
    incorrect: state.batch.filter((_, index) => state.batchResults[index] === false),
    missed: state.missed,
    remaining: state.remaining.length,
    processed: Math.min(distinctCount(state.correct, state.incorrect), total),
    total,
  }
}

/** Some of the batch is answered and some is not: leaving now asks first (LeaveWarning). */
export function midBatch(state: WriteState): boolean {
  return (state.phase === 'answering' && (state.index > 0 || state.answer !== '')) || state.phase === 'checked'
}

/**
 * The answer to record after `event` took `before` to `after`, if any. A right or near-miss answer
 * is recorded when checked; a wrong one only when the student moves on without overruling it, so
 * that "I was right" is recorded as one overruled answer instead of a wrong answer and a second,
 * right one.
 */
export function answerToRecord(before: WriteState, after: WriteState, event: WriteEvent): { cardId: string; outcome: WriteOutcome } | undefined {
  if (event.type === 'check') {
    const card = currentCard(after)
    const outcome = checkedOutcome(after)
    return card && outcome && outcome !== 'wrong' ? { cardId: card.id, outcome } : undefined
  }
  if (event.type === 'overrule' || event.type === 'next') {
    const card = currentCard(before)
    const outcome = event.type === 'overrule' ? checkedOutcome(after) : checkedOutcome(before)
    const wanted = event.type === 'overrule' ? 'overruled' : 'wrong'
    return card && outcome === wanted ? { cardId: card.id, outcome } : undefined
  }
  return undefined
}
