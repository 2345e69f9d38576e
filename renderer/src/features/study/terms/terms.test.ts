import { describe, expect, it } from 'vitest'
import type { Flashcard } from '#shared/api/sets'
import { cardProgress } from '#shared/study/mastery'
import { arrangeTerms, needsAllCards, statusBadge, termRows } from './terms'

const card = (position: number, term: string): Flashcard => ({
  id: `c${position}`,
  term,
  definition: `${term} def`,
  position,
  created: '',
  termImage: null,
  kind: 'basic',
  reverse: false,
  prompts: ['f'],
  guid: `g${position}`,
  definitionImage: null,
  termAudio: null,
  definitionAudio: null,
})
const cards = [card(1, 'banana'), card(2, 'Apple'), card(3, 'cherry'), card(4, 'apple pie'), card(5, 'item 10'), card(6, 'item 9')]
const progress = [
  cardProgress('c1', 4, 1, 't'), // 80%, 5 attempts: mastered
  cardProgress('c2', 1, 1, 't'), // 50%, 2 attempts: learning
  cardProgress('c3', 1, 3, 't'), // 25%, 4 attempts: needs review
  cardProgress('c4', 3, 1, 't'), // 75%, 4 attempts: learning
  // c5 and c6 never answered
]
const rows = termRows(cards, progress)
const terms = (list: ReturnType<typeof arrangeTerms>) => list.map((row) => row.card.term)

describe('termRows', () => {
  it('gives cards never answered zero counts and the needs_review status', () => {
    expect(rows[4]?.progress).toMatchObject({ cardId: 'c5', attempts: 0, masteryRate: 0, status: 'needs_review' })
  })
})

describe('arrangeTerms', () => {
  it('keeps the set order by default', () => {
    expect(terms(arrangeTerms(rows, 'position', 'all'))).toEqual(['banana', 'Apple', 'cherry', 'apple pie', 'item 10', 'item 9'])
  })

  it('sorts by mastery, lowest first, ties in set order', () => {
    expect(terms(arrangeTerms(rows, 'mastery', 'all'))).toEqual(['item 10', 'item 9', 'cherry', 'Apple', 'apple pie', 'banana'])
  })

  it('sorts by attempts, most first, ties in set order', () => {
    expect(terms(arrangeTerms(rows, 'attempts', 'all'))).toEqual(['banana', 'cherry', 'apple pie', 'Apple', 'item 10', 'item 9'])
  })

  it('sorts alphabetically, ignoring case and reading numbers as numbers', () => {
    expect(terms(arrangeTerms(rows, 'alphabetical', 'all'))).toEqual(['Apple', 'apple pie', 'banana', 'cherry', 'item 9', 'item 10'])
  })

  it.each([
    ['mastered', ['banana']],
    ['learning', ['Apple', 'apple pie']],
    ['needs_review', ['cherry', 'item 10', 'item 9']],
  ] as const)('filters to %s cards', (filter, expected) => {
    expect(terms(arrangeTerms(rows, 'position', filter))).toEqual(expected)
  })

  it('filters and sorts together without changing its input', () => {
    const before = terms(rows)
    expect(terms(arrangeTerms(rows, 'alphabetical', 'learning'))).toEqual(['Apple', 'apple pie'])
    expect(terms(rows)).toEqual(before)
  })
})

describe('needsAllCards', () => {
  it('is false only for the set order with no filter', () => {
    expect(needsAllCards('position', 'all')).toBe(false)
    expect(needsAllCards('position', 'mastered')).toBe(true)
    expect(needsAllCards('alphabetical', 'all')).toBe(true)
  })
})

describe('arrangeTerms: the memory sorts', () => {
  const memory = (due: string, retrievability: number) => ({
    due,
    stability: 3,
    difficulty: 5,
    retrievability,
    state: 'review' as const,
    reps: 2,
    lapses: 0,
    lastReview: '2026-11-01T00:00:00.000Z',
  })
  const withMemory = termRows(cards, [
    { ...cardProgress('c1', 1, 0, 't'), memory: memory('2026-11-30T00:00:00.000Z', 0.95) },
    { ...cardProgress('c2', 0, 1, 't'), memory: memory('2026-11-20T00:00:00.000Z', 0.4) },
    { ...cardProgress('c3', 0, 0, 't'), memory: memory('2026-11-25T00:00:00.000Z', 0.3) },
    { ...cardProgress('c4', 1, 1, 't'), memory: null },
  ])

  it("adds up a card's prompts (f and r, or cloze deletions): one row, the prompt due first", () => {
    const [row] = termRows(cards.slice(0, 1), [
      { ...cardProgress('c1', 3, 0, '2026-11-01', 'f'), memory: memory('2026-11-30T00:00:00.000Z', 0.95) },
      { ...cardProgress('c1', 1, 2, '2026-11-02', 'r'), memory: memory('2026-11-20T00:00:00.000Z', 0.4) },
    ])
    expect(row?.progress).toMatchObject({ cardId: 'c1', correct: 4, incorrect: 2, attempts: 6, lastReviewed: '2026-11-02', status: 'learning' })
    expect(row?.memory?.due).toBe('2026-11-20T00:00:00.000Z')
  })

  it('keeps each card’s memory beside its counts', () => {
    expect(withMemory[0]?.memory?.retrievability).toBe(0.95)
    expect(withMemory[0]?.progress).not.toHaveProperty('memory')
    expect(withMemory[3]?.memory).toBeNull()
  })

  it('due first: soonest due first, cards without memory last in set order', () => {
    expect(terms(arrangeTerms(withMemory, 'due', 'all'))).toEqual(['Apple', 'cherry', 'banana', 'apple pie', 'item 10', 'item 9'])
  })

  it('weakest first: lowest predicted recall first', () => {
    expect(terms(arrangeTerms(withMemory, 'weakest', 'all'))).toEqual(['cherry', 'Apple', 'banana', 'apple pie', 'item 10', 'item 9'])
  })

  it('both need the whole set', () => {
    expect(needsAllCards('due', 'all')).toBe(true)
    expect(needsAllCards('weakest', 'all')).toBe(true)
  })
})

describe('statusBadge', () => {
  it('a card never answered is Not studied, not Needs review; an answered one shows its status', () => {
    expect(statusBadge({ status: 'needs_review', attempts: 0 })).toEqual({ label: 'Not studied', tone: 'not_studied' })
    expect(statusBadge({ status: 'needs_review', attempts: 3 })).toEqual({ label: 'Needs review', tone: 'needs_review' })
    expect(statusBadge({ status: 'mastered', attempts: 5 })).toEqual({ label: 'Mastered', tone: 'mastered' })
  })
})
