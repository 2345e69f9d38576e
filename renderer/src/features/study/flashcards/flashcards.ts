/**
 * The Flashcards view as a pure state machine. One card at a time, term first; the student flips
 * it, moves through the deck, and may sort each card into "Know it" or "Still learning". Once
 * every card of the round is sorted, or the student goes on past its last card, a round summary
 * offers another round of the cards still being learned, or starting over with all of them.
 *
 * The deck shows the set's cards 20 at a time (the spec's step): Next at the end of the shown
 * cards shows the next 20 (loading them if needed) instead of stopping. Shuffle plays the round
 * in a random order (all cards are loaded first). A round is either all cards of the set, or the
 * ones still being learned after the round before.
 */
export interface FlashcardsState {
  /** The card on show, 0-based within the deck. */
  index: number
  /** True when the definition side is up. */
  flipped: boolean
  /** How many cards of the round the deck shows (grows by `step`). */
  limit: number
  /** The deck grows by this many cards (the spec's 20). */
  step: number
  /** Card ids of this round (in play order when shuffled); null: every card of the set. */
  round: readonly string[] | null
  /** True when the round plays in the order of `round`; else in the set's order. */
  shuffled: boolean
  /** The round's cards sorted so far, by id. */
  sorted: Readonly<Record<string, 'known' | 'learning'>>
  /** 1-based number of the round. */
  roundNumber: number
  /** True once every card of the round is sorted: the round summary is shown. */
  summary: boolean
}

export interface DeckCard {
  id: string
}

export type Sorting = 'known' | 'learning'

export type FlashcardsEvent =
  | { type: 'flip' }
  | { type: 'next' }
  | { type: 'previous' }
  /** The deck grows by one step; the card on show stays. */
  | { type: 'showMore' }
  /** Sorts the card on show (`cardId`) and moves to the next one, or to the round summary. */
  | { type: 'sort'; cardId: string; sorting: Sorting }
  /** Plays the round in this order (card ids); the first of them is shown. */
  | { type: 'shuffle'; order: readonly string[] }
  /** Back to position order. */
  | { type: 'unshuffle' }
  /** A new round of these cards (the ones still being learned, in play order; `shuffled` keeps that order). */
  | { type: 'studyLearning'; ids: readonly string[]; shuffled?: boolean }
  /** Everything again: all cards, nothing sorted. */
  | { type: 'restart' }

export function initialFlashcards(step: number): FlashcardsState {
  return { index: 0, flipped: false, limit: step, step, round: null, shuffled: false, sorted: {}, roundNumber: 1, summary: false }
}

/** The cards of the round in play order, out of the set's cards loaded so far. */
export function roundCards<T extends DeckCard>(state: FlashcardsState, cards: readonly T[]): T[] {
  if (state.round === null) return [...cards]
  if (!state.shuffled) {
    const inRound = new Set(state.round)
    return cards.filter((card) => inRound.has(card.id))
  }
  const byId = new Map(cards.map((card) => [card.id, card]))
  return state.round.flatMap((id) => byId.get(id) ?? [])
}

/** How many cards the round holds: every card of the set (`total`), or the round's own. */
export function roundSize(state: FlashcardsState, total: number): number {
  return state.round === null ? total : state.round.length
}

/** How many cards the deck shows when `available` of the round's cards are loaded. */
export function deckSize(state: FlashcardsState, available: number): number {
  return Math.max(0, Math.min(state.limit, available))
}

/** The card index to show: the state's own, pulled back inside the deck if cards went away. */
export function currentIndex(state: FlashcardsState, available: number): number {
  return Math.min(state.index, Math.max(0, deckSize(state, available) - 1))
}

/** Cards sorted into each pile this round. */
export function sortedCounts(state: FlashcardsState): { known: number; learning: number } {
  const values = Object.values(state.sorted)
  return { known: values.filter((value) => value === 'known').length, learning: values.filter((value) => value === 'learning').length }
}

/** The ids of the round's cards sorted into Still learning, in the order they were sorted. */
export function learningIds(state: FlashcardsState): string[] {
  return Object.entries(state.sorted)
    .filter(([, value]) => value === 'learning')
    .map(([id]) => id)
}

/**
 * The round summary: how many of the round's cards (`roundIds`, in play order) the student knows,
 * and the ids of the rest, still being learned. A card left unsorted (the student went past the
 * last card with Next) is still being learned.
 */
export function roundResult(state: FlashcardsState, roundIds: readonly string[]): { known: number; learning: string[] } {
  const learning = roundIds.filter((id) => state.sorted[id] !== 'known')
  return { known: roundIds.length - learning.length, learning }
}

/** What a key does in the deck: a deck event, or sorting the card on show. */
export type DeckKeyAction = FlashcardsEvent | { type: 'sortShown'; sorting: Sorting }

const DECK_KEYS: Record<string, DeckKeyAction> = {
  ArrowUp: { type: 'flip' },
  ArrowDown: { type: 'flip' },
  ArrowLeft: { type: 'previous' },
  ArrowRight: { type: 'next' },
  k: { type: 'sortShown', sorting: 'known' },
  l: { type: 'sortShown', sorting: 'learning' },
}

/**
 * The deck's keys, wherever the focus is on the page (not in a text field: the caller leaves those
 * out): ↑ ↓ flip, ← → move, K and L sort. Space and Enter flip when nothing has the focus (on a
 * focused button they press it, the card's own included). Right to left (`rtl`, Arabic) the deck
 * reads the other way: ← is the next card and → the one before.
 */
export function deckKeyAction(key: string, nothingFocused: boolean, rtl = false): DeckKeyAction | null {
  if (key === ' ' || key === 'Enter') return nothingFocused ? { type: 'flip' } : null
  if (rtl && (key === 'ArrowLeft' || key === 'ArrowRight')) return DECK_KEYS[key === 'ArrowLeft' ? 'ArrowRight' : 'ArrowLeft'] ?? null
  return DECK_KEYS[key.length === 1 ? key.toLowerCase() : key] ?? null
}

/** A horizontal swipe's move: toward the reading direction's start is the next card (left, or right when `rtl`). */
export function swipeAction(dx: number, rtl = false): FlashcardsEvent {
  return dx < 0 !== rtl ? { type: 'next' } : { type: 'previous' }
}

/**
 * Tells a tap's click from the click some browsers send at the end of a swipe, without timing: a
 * busy phone may deliver the swipe's click late, or the student tap again at once. After a swipe
 * the next click belongs to it, unless a new press (a pointer down, or a key) comes first.
 */
export function swipeClickGuard() {
  let swiped = false
  return {
    /** A pointer went down on the card, or a key was pressed on it. */
    pressed() {
      swiped = false
    },
    /** The press just ended in a swipe. */
    swiped() {
      swiped = true
    },
    /** A click on the card: true when it is a tap or a key of its own, which flips the card. */
    clicked(): boolean {
      const ofSwipe = swiped
      swiped = false
      return !ofSwipe
    },
  }
}

/**
 * `available` is how many of the round's cards are loaded now and `total` how many the round has
 * in all; the deck never points past the loaded ones. Moving to another card shows its term first.
 */
export function flashcardsReducer(state: FlashcardsState, event: FlashcardsEvent, available: number, total: number = available): FlashcardsState {
  const size = deckSize(state, available)
  const index = currentIndex(state, available)
  switch (event.type) {
    case 'flip':
      return size === 0 || state.summary ? state : { ...state, index, flipped: !state.flipped }
    case 'next':
      return size === 0 || state.summary ? state : moveOn(state, index, size, total)
    case 'previous':
      return index > 0 && !state.summary ? { ...state, index: index - 1, flipped: false } : state
    case 'showMore':
      return { ...state, index, limit: state.limit + state.step }
    case 'sort': {
      if (size === 0 || state.summary) return state
      const sorted = { ...state.sorted, [event.cardId]: event.sorting }
      if (Object.keys(sorted).length >= roundSize(state, total)) return { ...state, index, flipped: false, sorted, summary: true }
      return moveOn({ ...state, sorted }, index, size, total)
    }
    case 'shuffle':
      return { ...state, round: [...event.order], shuffled: true, index: 0, flipped: false }
    case 'unshuffle':
      // A first round goes back to position order; a later round keeps its cards in the set's order.
      return { ...state, round: state.roundNumber === 1 ? null : state.round, shuffled: false, index: 0, flipped: false }
    case 'studyLearning': {
      if (event.ids.length === 0) return state
      return {
        ...state,
        round: [...event.ids],
        shuffled: event.shuffled ?? false,
        sorted: {},
        index: 0,
        flipped: false,
        limit: state.step,
        summary: false,
        roundNumber: state.roundNumber + 1,
      }
    }
    case 'restart':
      return initialFlashcards(state.step)
  }
}

/**
 * The next card; at the end of the shown cards, the next step of the round is shown too; past the
 * round's last card, the round summary.
 */
function moveOn(state: FlashcardsState, index: number, size: number, total: number): FlashcardsState {
  if (index + 1 < size) return { ...state, index: index + 1, flipped: false }
  if (state.limit < roundSize(state, total)) return { ...state, index: index + 1, flipped: false, limit: state.limit + state.step }
  return { ...state, index, flipped: false, summary: true }
}
