import { describe, expect, it } from 'vitest'
import { isStarredOnly, onlyStarred, starredParams, studyingStarredText, withStar, withStarred } from './stars'

const cards = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]

describe('onlyStarred', () => {
  it('keeps the starred cards in the set order', () => {
    expect(onlyStarred(cards, new Set(['d', 'b']))).toEqual([{ id: 'b' }, { id: 'd' }])
  })

  it('keeps none when nothing is starred, and ignores stars of cards not given', () => {
    expect(onlyStarred(cards, new Set())).toEqual([])
    expect(onlyStarred(cards, new Set(['x', 'a']))).toEqual([{ id: 'a' }])
  })
})

describe('withStar', () => {
  it('adds and removes a star without changing the set it was given', () => {
    const before = new Set(['a'])
    const added = withStar(before, 'b', true)
    expect([...added].sort()).toEqual(['a', 'b'])
    expect([...withStar(added, 'a', false)]).toEqual(['b'])
    expect([...before]).toEqual(['a'])
  })

  it('returns the same set when nothing changes', () => {
    const starred = new Set(['a'])
    expect(withStar(starred, 'a', true)).toBe(starred)
    expect(withStar(starred, 'b', false)).toBe(starred)
  })
})

describe('starred-only in the address', () => {
  it('reads ?starred=1 only', () => {
    expect(isStarredOnly('?starred=1')).toBe(true)
    expect(isStarredOnly('?x=2&starred=1')).toBe(true)
    expect(isStarredOnly(new URLSearchParams('starred=1'))).toBe(true)
    expect(isStarredOnly('')).toBe(false)
    expect(isStarredOnly('?starred=0')).toBe(false)
    expect(isStarredOnly('?starred')).toBe(false)
  })

  it('adds and removes the parameter, keeping any other', () => {
    expect(withStarred('/study-sets/1/learn', true)).toBe('/study-sets/1/learn?starred=1')
    expect(withStarred('/study-sets/1/learn', false)).toBe('/study-sets/1/learn')
    expect(withStarred('/study-sets/1?starred=1', false)).toBe('/study-sets/1')
    expect(withStarred('/study-sets/1?x=2', true)).toBe('/study-sets/1?x=2&starred=1')
    expect(withStarred('/study-sets/1?starred=1', true)).toBe('/study-sets/1?starred=1')
  })

  it('copies search parameters with or without the choice, leaving the given ones alone', () => {
    const params = new URLSearchParams('q=cats')
    expect(starredParams(params, true).toString()).toBe('q=cats&starred=1')
    expect(starredParams(new URLSearchParams('starred=1&q=cats'), false).toString()).toBe('q=cats')
    expect(params.toString()).toBe('q=cats')
  })
})

describe('studyingStarredText', () => {
  it('counts the cards', () => {
    expect(studyingStarredText(3)).toBe('Studying 3 starred cards')
    expect(studyingStarredText(1)).toBe('Studying 1 starred card')
  })
})
