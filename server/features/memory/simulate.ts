import { default_w, forgetting_curve } from 'ts-fsrs'
import type { FsrsRating } from '#shared/study/ratings'
import { daysBetween } from './fit'
import { type CardMemory, reviewCard, type SchedulerSettings } from './scheduler'

/*
 * A synthetic review log drawn from a known FSRS model: each card is reviewed on its due dates,
 * and each review is recalled with the probability the model predicts. Used to test fitting and
 * the evaluation (npm run eval:memory), where the expected log loss follows from the probabilities.
 */

export interface SimulatedReview {
  cardId: string
  at: Date
  rating: FsrsRating
  /** The generating model's predicted recall before the review (undefined for a card's first review). */
  probability?: number
  /** Whole UTC days since the card's previous review. */
  elapsedDays: number
}

/** A small seeded generator (mulberry32): the same seed gives the same log. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export interface SimulationOptions {
  settings: SchedulerSettings
  cards: number
  /** Reviews stop at this many days after the start. */
  days: number
  seed: number
  start?: Date
  /** A student reviews late: each review happens up to this many extra days after its due date. */
  maxDelayDays?: number
}

/** Reviews of every card, in time order. */
export function simulateLog(options: SimulationOptions): SimulatedReview[] {
  const random = seededRandom(options.seed)
  const start = (options.start ?? new Date('2025-01-01T09:00:00Z')).getTime()
  const end = start + options.days * 86_400_000
  const reviews: SimulatedReview[] = []
  for (let card = 0; card < options.cards; card++) {
    const cardId = `card${card}`
    // Cards are introduced over the first half of the period.
    let at = start + Math.floor(random() * (options.days / 2)) * 86_400_000
    let memory: CardMemory | null = null
    while (at < end) {
      const when = new Date(at)
      let probability: number | undefined
      let rating: FsrsRating
      let elapsedDays = 0
      if (memory?.lastReview) {
        elapsedDays = daysBetween(memory.lastReview, when)
        probability = forgetting_curve([...(options.settings.weights ?? default_w)], elapsedDays, memory.stability)
        const recalled: boolean = random() < (probability as number)
        const roll = random()
        rating = !recalled ? 1 : roll < 0.15 ? 2 : roll < 0.9 ? 3 : 4
      } else {
        const roll = random()
        rating = roll < 0.3 ? 1 : roll < 0.4 ? 2 : roll < 0.9 ? 3 : 4
      }
      reviews.push({ cardId, at: when, rating, probability, elapsedDays })
      memory = reviewCard(options.settings, memory, rating, when).memory
      const delay = Math.floor(random() * ((options.maxDelayDays ?? 0) + 1)) * 86_400_000
      at = Math.max(memory.due.getTime() + delay, at + 60_000)
    }
  }
  return reviews.sort((a, b) => a.at.getTime() - b.at.getTime())
}
