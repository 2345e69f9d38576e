import { describe, expect, it } from 'vitest'
import { cardProgress, cardStatus } from './mastery'

describe('cardStatus (docs/study-rules.md, Mastery)', () => {
  it.each([
    [1, 'mastered'],
    [0.8, 'mastered'],
    [0.7999, 'learning'],
    [0.5, 'learning'],
    [0.4999, 'needs_review'],
    [0, 'needs_review'],
  ] as const)('a mastery rate of %s is %s', (rate, status) => {
    expect(cardStatus(rate)).toBe(status)
  })
})

describe('cardProgress', () => {
  it('derives attempts and the mastery rate from the counts', () => {
    expect(cardProgress('c1', 4, 1, 'T')).toEqual({
      cardId: 'c1',
      correct: 4,
      incorrect: 1,
      attempts: 5,
      masteryRate: 0.8,
      status: 'mastered',
      lastReviewed: 'T',
    })
  })

  it('counts a card never answered as 0% (needs review)', () => {
    expect(cardProgress('c1', 0, 0, 'T')).toMatchObject({ attempts: 0, masteryRate: 0, status: 'needs_review' })
  })
})
