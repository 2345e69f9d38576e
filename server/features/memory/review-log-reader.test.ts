import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { evaluateLog } from './evaluate'
import { cardHistories } from './fit'
import { loggedReview, reviewsFromCsv } from './review-log-reader'
import { simulateLog } from './simulate'

describe('the review logs eval:memory reads (issue 26: logs that mix prompts)', () => {
  it("keeps each prompt of a card a history of its own, from Cardwise's CSV and from the database", () => {
    const csv = [
      'review_time,card_id,prompt,set_id,rating',
      '2026-01-01T09:00:00.000Z,k1,f,s1,3',
      '2026-01-01T09:01:00.000Z,k1,r,s1,1',
      '2026-01-01T09:02:00.000Z,k2,c1,s1,3',
      '2026-01-01T09:03:00.000Z,k2,c2,s1,4',
      '2026-01-03T09:00:00.000Z,k1,r,s1,3',
    ].join('\r\n')
    const reviews = reviewsFromCsv(csv)
    expect(reviews.map((review) => review.cardId)).toEqual(['k1', 'k1:r', 'k2:c1', 'k2:c2', 'k1:r'])
    expect([...cardHistories(reviews).keys()].sort()).toEqual(['k1', 'k1:r', 'k2:c1', 'k2:c2'])
    expect(loggedReview({ flashcard_id: 'k1', prompt: 'r', rating: 2, answered_at: '2026-01-01T09:01:00.000Z' })).toEqual({
      cardId: 'k1:r',
      rating: 2,
      at: new Date('2026-01-01T09:01:00.000Z'),
    })
  })

  it('reads an Anki revlog (no prompt column) as before, skipping manual reschedules', () => {
    const reviews = reviewsFromCsv('card_id,review_time,review_rating\n1,1735722000000,3\n1,1735808400000,0\n2,2025-01-02T09:00:00Z,1\n')
    expect(reviews).toEqual([
      { cardId: '1', at: new Date(1735722000000), rating: 3 },
      { cardId: '2', at: new Date('2025-01-02T09:00:00Z'), rating: 1 },
    ])
  })

  it('evaluates a log mixing prompts exactly as the same histories under card ids of their own', async () => {
    // Pairs of simulated cards become the two prompts of one card (and every third a cloze card's deletions).
    const simulated = simulateLog({ settings: { desiredRetention: 0.9, weights: null }, cards: 80, days: 90, seed: 7, maxDelayDays: 2 })
    const promptOf = (index: number) => (index % 3 === 0 ? ['c1', 'c2'] : ['f', 'r'])[index % 2] as string
    const rows = simulated.map((review) => {
      const index = Number(review.cardId.slice('card'.length))
      return { review_time: review.at.toISOString(), card_id: `k${Math.floor(index / 2)}`, prompt: promptOf(index), rating: review.rating }
    })
    const mixed = reviewsFromCsv(Papa.unparse(rows))
    expect(mixed).toHaveLength(simulated.length)
    expect(cardHistories(mixed).size).toBe(80)
    const renamed = await evaluateLog(mixed, 3)
    const original = await evaluateLog(simulated, 3)
    expect(renamed.default.count).toBe(original.default.count)
    expect(renamed.default.logLoss).toBeCloseTo(original.default.logLoss, 10)
    expect(Number.isFinite(renamed.fitted.logLoss)).toBe(true)
  })
})
