import { describe, expect, it } from 'vitest'
import { cardProgress, progressPerCard, cardStatus } from './mastery'

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
      prompt: 'f',
      correct: 4,
      incorrect: 1,
      attempts: 5,
      masteryRate: 0.8,
      status: 'mastered',
      lastReviewed: 'T',
    })
  })

  it("is of a card's prompt: f unless another is named", () => {
    expect(cardProgress('c1', 1, 0, 'T', 'c2').prompt).toBe('c2')
  })

  it('counts a card never answered as 0% (needs review)', () => {
    expect(cardProgress('c1', 0, 0, 'T')).toMatchObject({ attempts: 0, masteryRate: 0, status: 'needs_review' })
  })
})

describe('progressPerCard', () => {
  it("adds up a card's prompts into one item; other cards stay as they are", () => {
    const merged = progressPerCard([cardProgress('a', 2, 0, 'T1', 'c1'), cardProgress('b', 1, 1, 'T1'), cardProgress('a', 0, 2, 'T2', 'c2')])
    expect(merged.map((item) => [item.cardId, item.correct, item.incorrect, item.status, item.lastReviewed])).toEqual([
      ['a', 2, 2, 'learning', 'T2'],
      ['b', 1, 1, 'learning', 'T1'],
    ])
  })
})
