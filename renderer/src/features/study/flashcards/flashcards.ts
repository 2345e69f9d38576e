/**
 * The Flashcards view as a pure state machine: one card at a time, showing its term or (flipped)
 * its definition, within a deck that grows by `step` cards each time more are asked for.
 */
export interface FlashcardsState {
  /** The card on show, 0-based. */
  index: number
  /** True when the definition side is up. */
  flipped: boolean
  /** How many of the set's cards are in the deck (spec: 20 at a time). */
  limit: number
}

export type FlashcardsEvent =
  | { type: 'flip' }
  | { type: 'next' }
  | { type: 'previous' }
  /** The deck grows by `step` cards; the card on show stays. */
  | { type: 'showMore'; step: number }

export function initialFlashcards(step: number): FlashcardsState {
  return { index: 0, flipped: false, limit: step }
}

/** How many cards the deck holds when `available` cards are loaded. */
export function deckSize(state: FlashcardsState, available: number): number {
  return Math.max(0, Math.min(state.limit, available))
}

/** The card index to show: the state's own, pulled back inside the deck if cards went away. */
export function currentIndex(state: FlashcardsState, available: number): number {
  return Math.min(state.index, Math.max(0, deckSize(state, available) - 1))
}

/**
 * `available` is how many cards are loaded now; the deck never points past them. Moving to
 * another card always shows its term first.
 */
export function flashcardsReducer(state: FlashcardsState, event: FlashcardsEvent, available: number): FlashcardsState {
  const size = deckSize(state, available)
  const index = currentIndex(state, available)
  switch (event.type) {
    case 'flip':
      return size === 0 ? state : { ...state, index, flipped: !state.flipped }
    case 'next':
      return index + 1 < size ? { ...state, index: index + 1, flipped: false } : state
    case 'previous':
      return index > 0 ? { ...state, index: index - 1, flipped: false } : state
    case 'showMore':
      return { ...state, index, limit: state.limit + event.step }
  }
}
