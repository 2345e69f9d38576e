/**
 * Match mode as a pure state machine (docs/study-rules.md): a game deals up to `cardCount`
 * cards as two independently shuffled columns, terms and definitions; the student pairs an item
 * of one column with one of the other, by dragging or by selecting one and then the other. Time
 * and randomness come in with the events, so every rule is checkable in a unit test.
 */

import type { CardAudio, CardImage } from '#shared/api/media'

export type MatchPhase = 'not_started' | 'playing' | 'finished'
export type MatchItemType = 'term' | 'definition'

/** A card as Match needs it. */
export interface MatchCard {
  id: string
  term: string
  definition: string
  /** The sides' pictures: a picture tile shows it (with its text, if any). */
  termImage?: CardImage | null
  definitionImage?: CardImage | null
  /** The sides' recordings: the tile's sound button plays them. */
  termAudio?: CardAudio | null
  definitionAudio?: CardAudio | null
}

/** Spec section 3, "Match items": one side of a card on the board. */
export interface MatchItem {
  /** 'term-{cardId}' or 'definition-{cardId}'. */
  id: string
  content: string
  /** The side's picture, shown on the tile. */
  image: CardImage | null
  /** The side's recording, played by the tile's sound button. */
  audio: CardAudio | null
  /** The card id: a term and a definition with the same key are a pair. */
  pairKey: string
  type: MatchItemType
  /** Matched items have left the board. */
  matched: boolean
}

export type MatchFeedback = 'correct' | 'incorrect'

/**
 * A pair just found, for the review log: `right` when neither of its items was in a wrong pairing
 * before, else `after_miss` (found by elimination after a miss: shared/study/ratings.ts).
 */
export interface MatchedPair {
  cardId: string
  outcome: 'right' | 'after_miss'
}

export interface MatchState {
  phase: MatchPhase
  /** Every card loaded for the set; each game deals from these. */
  cards: readonly MatchCard[]
  /** Counts the games dealt, so a view can tell one game from the next. */
  round: number
  /** The term column in display order, matched items included (they are not shown). */
  terms: MatchItem[]
  /** The definition column in display order, shuffled apart from the terms. */
  definitions: MatchItem[]
  correct: number
  incorrect: number
  /** The outcome of the latest counted drop, for the feedback banner. */
  feedback: MatchFeedback | null
  /** The item picked for a pairing by selection (the no-drag way), if any. */
  selectedId: string | null
  /** Cards (pair keys) with an item in a wrong pairing this game. */
  missedKeys: readonly string[]
  /** The latest pair found this game, or null before the first. */
  lastPair: MatchedPair | null
  /** When the game started, in ms. */
  startedAt: number
  /** The latest time the game has seen, in ms; frozen when the game finishes. */
  clock: number
}

/** A random number in [0, 1), like Math.random. */
export type Random = () => number

export type MatchEvent =
  /** Start Game, Restart and Play Again: deal a new game of at most `cardCount` cards. */
  | { type: 'start'; now: number; random: Random; cardCount: number }
  /** The dragged item was dropped on the target item. */
  | { type: 'drop'; draggedId: string; targetId: string; now: number }
  /** An item was picked by click, tap, Enter or Space. */
  | { type: 'select'; itemId: string; now: number }
  /** The clock moved on. */
  | { type: 'tick'; now: number }

export function initialMatch(cards: readonly MatchCard[]): MatchState {
  return {
    phase: 'not_started',
    cards,
    round: 0,
    terms: [],
    definitions: [],
    correct: 0,
    incorrect: 0,
    feedback: null,
    selectedId: null,
    missedKeys: [],
    lastPair: null,
    startedAt: 0,
    clock: 0,
  }
}

/** A shuffled copy of `items` (Fisher-Yates, driven by `random`). */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items]
  for (let last = copy.length - 1; last > 0; last--) {
    const pick = Math.floor(random() * (last + 1))
    const kept = copy[last] as T
    copy[last] = copy[pick] as T
    copy[pick] = kept
  }
  return copy
}

/**
 * The cards of one game: all of them when there are at most `cardCount`, otherwise a random
 * subset of `cardCount`, so every card of a large set gets its turn over several games.
 */
export function pickCards(cards: readonly MatchCard[], cardCount: number, random: Random): MatchCard[] {
  const count = Math.max(0, Math.floor(cardCount))
  return cards.length <= count ? [...cards] : shuffle(cards, random).slice(0, count)
}

function termItem(card: MatchCard): MatchItem {
  return {
    id: `term-${card.id}`,
    content: card.term,
    image: card.termImage ?? null,
    audio: card.termAudio ?? null,
    pairKey: card.id,
    type: 'term',
    matched: false,
  }
}

function definitionItem(card: MatchCard): MatchItem {
  return {
    id: `definition-${card.id}`,
    content: card.definition,
    image: card.definitionImage ?? null,
    audio: card.definitionAudio ?? null,
    pairKey: card.id,
    type: 'definition',
    matched: false,
  }
}

function deal(state: MatchState, event: Extract<MatchEvent, { type: 'start' }>): MatchState {
  const cards = pickCards(state.cards, event.cardCount, event.random)
  return {
    ...state,
    phase: cards.length > 0 ? 'playing' : 'not_started',
    round: state.round + 1,
    terms: shuffle(cards.map(termItem), event.random),
    definitions: shuffle(cards.map(definitionItem), event.random),
    correct: 0,
    incorrect: 0,
    feedback: null,
    selectedId: null,
    missedKeys: [],
    lastPair: null,
    startedAt: event.now,
    clock: event.now,
  }
}

/** The items still on the board in a column. */
export function remaining(column: readonly MatchItem[]): MatchItem[] {
  return column.filter((item) => !item.matched)
}

/** Whole seconds since the game started; stops when the game finishes (spec: whole seconds). */
export function elapsedSeconds(state: MatchState): number {
  return Math.max(0, Math.floor((state.clock - state.startedAt) / 1000))
}

function findItem(state: MatchState, id: string): MatchItem | undefined {
  return state.terms.find((item) => item.id === id) ?? state.definitions.find((item) => item.id === id)
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * A term and a definition match when they come from the same card, or when the definition reads
 * the same (trimmed, case-insensitive) as the term's own definition: two cards with one
 * definition cannot be told apart, so either pairing counts (docs/study-rules.md).
 */
function isMatch(state: MatchState, term: MatchItem, definition: MatchItem): boolean {
  if (term.pairKey === definition.pairKey) return true
  const own = state.definitions.find((item) => item.pairKey === term.pairKey)
  return own !== undefined && sameText(own.content, definition.content)
}

const markMatched = (column: MatchItem[], id: string) => column.map((item) => (item.id === id ? { ...item, matched: true } : item))

/**
 * Pairs two items. Ignored (same state back) unless the game is on and both are unmatched items
 * of different columns. A match takes both off the board; the game ends, and its clock stops,
 * when both columns are empty.
 */
function pair(state: MatchState, firstId: string, secondId: string, now: number): MatchState {
  const first = findItem(state, firstId)
  const second = findItem(state, secondId)
  if (state.phase !== 'playing' || !first || !second || first.matched || second.matched || first.type === second.type) return state
  const [term, definition] = first.type === 'term' ? [first, second] : [second, first]
  const clock = Math.max(state.clock, now)
  if (!isMatch(state, term, definition)) {
    const missedKeys = [...new Set([...state.missedKeys, term.pairKey, definition.pairKey])]
    return { ...state, incorrect: state.incorrect + 1, feedback: 'incorrect', selectedId: null, missedKeys, clock }
  }
  const missed = state.missedKeys.includes(term.pairKey) || state.missedKeys.includes(definition.pairKey)
  const terms = markMatched(state.terms, term.id)
  const definitions = markMatched(state.definitions, definition.id)
  const finished = remaining(terms).length === 0 && remaining(definitions).length === 0
  return {
    ...state,
    phase: finished ? 'finished' : 'playing',
    terms,
    definitions,
    correct: state.correct + 1,
    feedback: 'correct',
    lastPair: { cardId: term.pairKey, outcome: missed ? 'after_miss' : 'right' },
    selectedId: null,
    clock,
  }
}

/** Picking the selected item again lets it go; an item of the same column takes its place. */
function select(state: MatchState, itemId: string, now: number): MatchState {
  const item = findItem(state, itemId)
  if (state.phase !== 'playing' || !item || item.matched) return state
  const selected = state.selectedId === null ? undefined : findItem(state, state.selectedId)
  if (!selected) return { ...state, selectedId: item.id }
  if (selected.id === item.id) return { ...state, selectedId: null }
  if (selected.type === item.type) return { ...state, selectedId: item.id }
  return pair(state, selected.id, item.id, now)
}

export function matchReducer(state: MatchState, event: MatchEvent): MatchState {
  switch (event.type) {
    case 'start':
      return deal(state, event)
    case 'drop':
      return pair(state, event.draggedId, event.targetId, event.now)
    case 'select':
      return select(state, event.itemId, event.now)
    case 'tick':
      return state.phase === 'playing' && event.now > state.clock ? { ...state, clock: event.now } : state
  }
}
