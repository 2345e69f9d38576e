import { describe, expect, it } from 'vitest'
import { cardProgress } from '#shared/study/mastery'
import { summarizeOwnProgress } from './own-progress'

describe('summarizeOwnProgress', () => {
  it('counts the answered cards by their mastery', () => {
    const at = '2026-11-24T10:00:00.000Z'
    const items = [
      cardProgress('a', 4, 1, at), // 80%: mastered
      cardProgress('b', 1, 1, at), // 50%: learning
      cardProgress('c', 1, 2, at), // 33%: needs review
      cardProgress('d', 0, 1, at), // 0%: needs review
      cardProgress('e', 0, 0, at), // never answered: not studied
    ]
    expect(summarizeOwnProgress(items)).toEqual({ studied: 4, mastered: 1, learning: 1, needsReview: 2 })
  })

  it('is all zero before any answer', () => {
    expect(summarizeOwnProgress([])).toEqual({ studied: 0, mastered: 0, learning: 0, needsReview: 0 })
  })
})
