import { describe, expect, it } from 'vitest'
import {
  currentIndex,
  deckSize,
  type FlashcardsEvent,
  flashcardsReducer,
  type FlashcardsState,
  initialFlashcards,
  deckKeyAction,
  learningIds,
  roundCards,
  roundResult,
  sortedCounts,
  swipeAction,
  swipeClickGuard,
} from './flashcards'

function run(events: FlashcardsEvent[], available: number, state: FlashcardsState = initialFlashcards(20), total = available): FlashcardsState {
  return events.reduce((current, event) => flashcardsReducer(current, event, available, total), state)
}

const cards = Array.from({ length: 5 }, (_, index) => ({ id: `c${index + 1}` }))
const next: FlashcardsEvent = { type: 'next' }
const ids = (list: ReadonlyArray<{ id: string }>) => list.map((card) => card.id)

describe('flashcards: moving and flipping', () => {
  it('starts on the first card, term side up, with a deck of one step', () => {
    expect(initialFlashcards(20)).toMatchObject({ index: 0, flipped: false, limit: 20, round: null, summary: false })
    expect(deckSize(initialFlashcards(20), 57)).toBe(20)
    expect(deckSize(initialFlashcards(20), 3)).toBe(3)
  })

  it('flips back and forth', () => {
    expect(run([{ type: 'flip' }], 5).flipped).toBe(true)
    expect(run([{ type: 'flip' }, { type: 'flip' }], 5).flipped).toBe(false)
  })

  it('does nothing on an empty set', () => {
    const state = initialFlashcards(20)
    for (const type of ['flip', 'next', 'previous'] as const) expect(run([{ type }], 0)).toEqual(state)
  })

  it('moves within the deck and shows the term of each new card', () => {
    expect(run([{ type: 'flip' }, next], 5)).toMatchObject({ index: 1, flipped: false })
    expect(run([next, { type: 'flip' }, { type: 'previous' }], 5)).toMatchObject({ index: 0, flipped: false })
  })

  it('stops at the first card; Next past the last card shows the round summary', () => {
    expect(run([{ type: 'previous' }], 5).index).toBe(0)
    expect(run([next, next, next, next], 5)).toMatchObject({ index: 4, summary: false })
    const past = run([next, next, next, next, next], 5)
    expect(past).toMatchObject({ index: 4, summary: true })
    // In the summary the arrows do nothing.
    expect(run([next, { type: 'previous' }, { type: 'flip' }], 5, past)).toBe(past)
  })

  it('Next past the 20th card shows the next 20 instead of stopping (no dead end before Load More)', () => {
    const at20 = run(
      Array.from({ length: 19 }, () => next),
      20,
      initialFlashcards(20),
      45,
    )
    expect(at20).toMatchObject({ index: 19, limit: 20 })
    const past = flashcardsReducer(at20, next, 20, 45)
    expect(past).toMatchObject({ index: 20, limit: 40 })
    // The card is shown once it is loaded; until then the view stays on the last loaded one.
    expect(currentIndex(past, 20)).toBe(19)
    expect(currentIndex(past, 40)).toBe(20)
  })

  it('Load More grows the deck by a step and keeps the card on show', () => {
    expect(run([next, { type: 'showMore' }], 57)).toMatchObject({ index: 1, limit: 40 })
  })
})

describe('flashcards: sorting into Know it and Still learning', () => {
  const sort = (cardId: string, sorting: 'known' | 'learning'): FlashcardsEvent => ({ type: 'sort', cardId, sorting })

  it('sorting moves on to the next card; the last one sorted shows the round summary', () => {
    let state = run([sort('c1', 'known'), sort('c2', 'learning'), sort('c3', 'known'), sort('c4', 'learning')], 5)
    expect(state).toMatchObject({ index: 4, summary: false })
    expect(sortedCounts(state)).toEqual({ known: 2, learning: 2 })
    state = run([sort('c5', 'known')], 5, state)
    expect(state.summary).toBe(true)
    expect(sortedCounts(state)).toEqual({ known: 3, learning: 2 })
    expect(learningIds(state)).toEqual(['c2', 'c4'])
  })

  it('the summary after going past the last card counts the unsorted cards as still learning, in play order', () => {
    const state = run([sort('c1', 'known'), next, sort('c3', 'learning'), sort('c4', 'known'), next], 5)
    expect(state.summary).toBe(true)
    expect(roundResult(state, ids(cards))).toEqual({ known: 2, learning: ['c2', 'c3', 'c5'] })
    const second = flashcardsReducer(state, { type: 'studyLearning', ids: ['c2', 'c3', 'c5'] }, 5)
    expect(second).toMatchObject({ roundNumber: 2, summary: false, shuffled: false })
    expect(roundCards(second, cards).map((card) => card.id)).toEqual(['c2', 'c3', 'c5'])
  })

  it('sorting a card again changes its pile, not the count', () => {
    const state = run([sort('c1', 'learning'), { type: 'previous' }, sort('c1', 'known')], 5)
    expect(sortedCounts(state)).toEqual({ known: 1, learning: 0 })
  })

  it('a round of the cards still being learned, then starting over with all', () => {
    const done = run([sort('c1', 'known'), sort('c2', 'learning'), sort('c3', 'known'), sort('c4', 'learning'), sort('c5', 'known')], 5)
    const second = flashcardsReducer(done, { type: 'studyLearning', ids: roundResult(done, ids(cards)).learning }, 5)
    expect(second).toMatchObject({ roundNumber: 2, summary: false, index: 0, sorted: {} })
    expect(roundCards(second, cards).map((card) => card.id)).toEqual(['c2', 'c4'])
    const finished = run([sort('c2', 'known'), sort('c4', 'known')], 2, second)
    expect(finished.summary).toBe(true)
    expect(learningIds(finished)).toEqual([])
    // Nothing left to learn: no third round.
    expect(roundResult(finished, ['c2', 'c4'])).toEqual({ known: 2, learning: [] })
    expect(flashcardsReducer(finished, { type: 'studyLearning', ids: [] }, 2)).toBe(finished)
    const again = flashcardsReducer(finished, { type: 'restart' }, 2)
    expect(again).toEqual(initialFlashcards(20))
  })
})

describe('flashcards: shuffle', () => {
  it('plays the round in the given order and goes back to the set order', () => {
    const shuffled = run([next, { type: 'shuffle', order: ['c3', 'c1', 'c5', 'c2', 'c4'] }], 5)
    expect(shuffled).toMatchObject({ index: 0, shuffled: true })
    expect(roundCards(shuffled, cards).map((card) => card.id)).toEqual(['c3', 'c1', 'c5', 'c2', 'c4'])
    const back = flashcardsReducer(shuffled, { type: 'unshuffle' }, 5)
    expect(back).toMatchObject({ round: null, shuffled: false, index: 0 })
    expect(roundCards(back, cards).map((card) => card.id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5'])
  })

  it('a shuffled second round keeps its cards and goes back to their set order', () => {
    const done = run(
      [
        { type: 'sort', cardId: 'c1', sorting: 'learning' },
        { type: 'sort', cardId: 'c2', sorting: 'known' },
        { type: 'sort', cardId: 'c3', sorting: 'learning' },
      ],
      3,
    )
    const second = flashcardsReducer(done, { type: 'studyLearning', ids: ['c3', 'c1'], shuffled: true }, 3)
    expect(roundCards(second, cards).map((card) => card.id)).toEqual(['c3', 'c1'])
    const back = flashcardsReducer(second, { type: 'unshuffle' }, 2)
    expect(roundCards(back, cards).map((card) => card.id)).toEqual(['c1', 'c3'])
  })
})

describe('flashcards: keys', () => {
  it('arrows move and flip, K and L sort (either case)', () => {
    expect(deckKeyAction('ArrowRight', false)).toEqual({ type: 'next' })
    expect(deckKeyAction('ArrowLeft', false)).toEqual({ type: 'previous' })
    // Right to left (Arabic) the deck reads the other way.
    expect(deckKeyAction('ArrowLeft', false, true)).toEqual({ type: 'next' })
    expect(deckKeyAction('ArrowRight', false, true)).toEqual({ type: 'previous' })
    expect(swipeAction(-80)).toEqual({ type: 'next' })
    expect(swipeAction(80)).toEqual({ type: 'previous' })
    expect(swipeAction(-80, true)).toEqual({ type: 'previous' })
    expect(swipeAction(80, true)).toEqual({ type: 'next' })
    expect(deckKeyAction('ArrowUp', false)).toEqual({ type: 'flip' })
    expect(deckKeyAction('ArrowDown', true)).toEqual({ type: 'flip' })
    expect(deckKeyAction('K', false)).toEqual({ type: 'sortShown', sorting: 'known' })
    expect(deckKeyAction('l', true)).toEqual({ type: 'sortShown', sorting: 'learning' })
    expect(deckKeyAction('x', true)).toBeNull()
  })

  it('Space and Enter flip only when nothing has the focus (a focused button presses itself)', () => {
    expect(deckKeyAction(' ', true)).toEqual({ type: 'flip' })
    expect(deckKeyAction('Enter', true)).toEqual({ type: 'flip' })
    expect(deckKeyAction(' ', false)).toBeNull()
    expect(deckKeyAction('Enter', false)).toBeNull()
  })
})

describe('flashcards: a swipe and a tap', () => {
  it("ignores the click a swipe ends with, however late, and flips on a tap's or a key's own click", () => {
    const guard = swipeClickGuard()
    // A tap: press, no swipe, click.
    guard.pressed()
    expect(guard.clicked()).toBe(true)
    // A swipe followed by the browser's click: not a flip.
    guard.pressed()
    guard.swiped()
    expect(guard.clicked()).toBe(false)
    // A swipe with no click from the browser, then a tap at once: the tap flips.
    guard.pressed()
    guard.swiped()
    guard.pressed()
    expect(guard.clicked()).toBe(true)
    // A swipe, then Enter on the card (a key press, then its click): flips.
    guard.pressed()
    guard.swiped()
    guard.pressed()
    expect(guard.clicked()).toBe(true)
    // Only one click belongs to a swipe.
    guard.pressed()
    guard.swiped()
    expect(guard.clicked()).toBe(false)
    expect(guard.clicked()).toBe(true)
  })
})
