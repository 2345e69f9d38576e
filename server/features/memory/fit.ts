import { computeParameters, FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding'
import { default_w, FSRSAlgorithm, forgetting_curve } from 'ts-fsrs'

/*
 * Fitting a student's own FSRS-6 parameters from their review log with the FSRS optimizer
 * (@open-spaced-repetition/binding: fsrs-rs, prebuilt for Node; it runs on libuv's thread pool,
 * not on the event loop), and predicting recall from a log, for fitting checks and for
 * `npm run eval:memory`.
 */

export interface LoggedReview {
  cardId: string
  at: Date
  rating: number
}

const DAY_MS = 86_400_000

/** Whole UTC days between two times, as ts-fsrs's scheduler and the optimizer's `delta_t` count them. */
export function daysBetween(earlier: Date, later: Date): number {
  const day = (time: Date) => Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate())
  return Math.round((day(later) - day(earlier)) / DAY_MS)
}

/** Each card's reviews, oldest first, as (rating, delta_t) with delta_t 0 for the first. */
export function cardHistories(reviews: readonly LoggedReview[]): Map<string, { rating: number; deltaT: number; at: Date }[]> {
  const byCard = new Map<string, LoggedReview[]>()
  for (const review of reviews) {
    const list = byCard.get(review.cardId)
    if (list) list.push(review)
    else byCard.set(review.cardId, [review])
  }
  const histories = new Map<string, { rating: number; deltaT: number; at: Date }[]>()
  for (const [cardId, list] of byCard) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime())
    histories.set(
      cardId,
      list.map((review, i) => ({ rating: review.rating, deltaT: i === 0 ? 0 : daysBetween((list[i - 1] as LoggedReview).at, review.at), at: review.at })),
    )
  }
  return histories
}

/**
 * The optimizer's training items: for each card, one item per review after the first, holding
 * the card's reviews up to it (fsrs-rs's FSRSItem). `filter` keeps only items whose last review
 * passes it (time-series splits).
 */
export function trainingItems(reviews: readonly LoggedReview[], filter: (lastReviewAt: Date) => boolean = () => true): FSRSBindingItem[] {
  const items: FSRSBindingItem[] = []
  for (const history of cardHistories(reviews).values()) {
    for (let i = 1; i < history.length; i++) {
      if (!filter((history[i] as { at: Date }).at)) continue
      const reviews = history.slice(0, i + 1)
      // fsrs-rs aborts the whole process (a panic that cannot unwind) on an item without a review
      // on a later day, so those never reach it. Same-day-only histories teach long-term memory nothing.
      if (!reviews.some((review) => review.deltaT > 0)) continue
      items.push(new FSRSBindingItem(reviews.map((review) => new FSRSBindingReview(review.rating, review.deltaT))))
    }
  }
  return items
}

const FSRS6_PARAMETER_COUNT = 21

/**
 * Fits FSRS-6 parameters (short-term on, one relearning step, as the scheduler runs) to a log.
 * Returns null when the optimizer gives no usable 21 numbers.
 */
export async function fitParameters(reviews: readonly LoggedReview[]): Promise<number[] | null> {
  const items = trainingItems(reviews)
  if (items.length === 0) return null
  const fitted = await computeParameters(items, { enableShortTerm: true, numRelearningSteps: 1 })
  if (fitted.length !== FSRS6_PARAMETER_COUNT || !fitted.every(Number.isFinite)) return null
  return fitted
}

export interface Prediction {
  /** Predicted recall before the review. */
  probability: number
  /** 1 when the review was a pass (Hard, Good, Easy), 0 for Again. */
  recalled: 0 | 1
  at: Date
  deltaT: number
}

/**
 * Predicted recall for every review after a card's first one on a later day (same-day reviews
 * are short-term and left out of the metrics, as the FSRS benchmark does), with these parameters.
 */
export function predictRecall(weights: readonly number[] | null, reviews: readonly LoggedReview[]): Prediction[] {
  const w = [...(weights ?? default_w)]
  const algorithm = new FSRSAlgorithm({ w, enable_short_term: true })
  const predictions: Prediction[] = []
  for (const history of cardHistories(reviews).values()) {
    let state: { stability: number; difficulty: number } | null = null
    for (const review of history) {
      if (state && review.deltaT > 0) {
        predictions.push({
          probability: forgetting_curve(w, review.deltaT, state.stability),
          recalled: review.rating > 1 ? 1 : 0,
          at: review.at,
          deltaT: review.deltaT,
        })
      }
      state = algorithm.next_state(state, review.deltaT, review.rating)
    }
  }
  return predictions
}
