import { describe, expect, it } from 'vitest'
import { currentIndex, deckSize, type FlashcardsEvent, flashcardsReducer, type FlashcardsState, initialFlashcards } from './flashcards'

function run(events: FlashcardsEvent[], available: number, state: FlashcardsState = initialFlashcards(20)): FlashcardsState {
  return events.reduce((current, event) => flashcardsReducer(current, event, available), state)
}

describe('flashcards', () => {
  it('starts on the first card, term side up, with a deck of one step', () => {
    expect(initialFlashcards(20)).toEqual({ index: 0, flipped: false, limit: 20 })
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
    expect(run([{ type: 'flip' }, { type: 'next' }], 5)).toEqual({ index: 1, flipped: false, limit: 20 })
    expect(run([{ type: 'next' }, { type: 'flip' }, { type: 'previous' }], 5)).toEqual({ index: 0, flipped: false, limit: 20 })
  })

  it('stops at both ends of the deck', () => {
    expect(run([{ type: 'previous' }], 5).index).toBe(0)
    const atEnd = run(Array.from({ length: 30 }, () => ({ type: 'next' }) as const), 57)
    expect(atEnd.index).toBe(19)
    expect(run([{ type: 'next' }], 57, atEnd)).toBe(atEnd)
  })

  it('grows the deck by a step, keeping the card on show, so the next card can follow', () => {
    const atEnd = run(Array.from({ length: 19 }, () => ({ type: 'next' }) as const), 57)
    const grown = run([{ type: 'flip' }, { type: 'showMore', step: 20 }], 57, atEnd)
    expect(grown).toEqual({ index: 19, flipped: true, limit: 40 })
    expect(deckSize(grown, 57)).toBe(40)
    expect(run([{ type: 'next' }], 57, grown)).toEqual({ index: 20, flipped: false, limit: 40 })
    expect(deckSize(run([{ type: 'showMore', step: 20 }], 57, grown), 57)).toBe(57)
  })

  it('counts only the loaded cards in the deck until more arrive', () => {
    const state = run([{ type: 'showMore', step: 20 }], 30)
    expect(deckSize(state, 30)).toBe(30)
    expect(deckSize(state, 50)).toBe(40)
  })

  it('pulls the index back inside the deck when cards go away', () => {
    const state = run([{ type: 'next' }, { type: 'next' }, { type: 'next' }], 5)
    expect(currentIndex(state, 2)).toBe(1)
    expect(run([{ type: 'previous' }], 2, state).index).toBe(0)
  })
})
