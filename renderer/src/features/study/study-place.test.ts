import { describe, expect, it } from 'vitest'
import { currentCard, initialWrite, writeReducer, type WriteState } from './write/write'
import { placeFromJson, placeToJson } from './study-place'

const cards = Array.from({ length: 12 }, (_, index) => ({ id: `c${index}`, term: `term ${index}`, definition: `definition ${index}` }))

describe('a study place kept across a reload', () => {
  it('comes back equal, with the same card objects, over the same cards', () => {
    let state = initialWrite(cards)
    state = writeReducer(state, { type: 'type', text: currentCard(state)?.definition ?? '' })
    state = writeReducer(state, { type: 'check' })
    state = writeReducer(state, { type: 'next' })
    const back = placeFromJson<WriteState>(placeToJson(state), cards)
    expect(back).toEqual(state)
    expect(back?.cards).toBe(cards)
    expect(back?.batch[0]).toBe(cards.find((card) => card.id === state.batch[0]?.id))
    // Still an engine state: the next step works on it.
    expect(writeReducer(back as WriteState, { type: 'type', text: 'x' }).answer).toBe('x')
  })

  it('is dropped when the cards changed (a card added, removed or reordered) or the text is broken', () => {
    const json = placeToJson(initialWrite(cards))
    expect(placeFromJson(json, cards.slice(1))).toBeUndefined()
    expect(placeFromJson(json, [...cards, { id: 'new', term: 'n', definition: 'n' }])).toBeUndefined()
    expect(placeFromJson(json, [...cards].reverse())).toBeUndefined()
    expect(placeFromJson('{not json', cards)).toBeUndefined()
  })
})
