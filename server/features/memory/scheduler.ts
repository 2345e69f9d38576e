import { type Card, computeDecayFactor, createEmptyCard, default_w, type FSRS, fsrs, type Grade, State } from 'ts-fsrs'
import { DESIRED_RETENTION } from '#shared/limits'
import type { FsrsRating } from '#shared/study/ratings'

/*
 * One student's memory of one card, scheduled by FSRS-6 through ts-fsrs (conventions #11: the
 * well-kept implementation, not a hand-written one). Everything here is pure: the service reads
 * and writes the rows.
 *
 * Settings, and why:
 * - Short-term on (ts-fsrs's default, FSRS-6 as defined): a new or lapsed card goes through the
 *   learning steps (1 and 10 minutes, relearning 10 minutes), and an answer on the same day as the
 *   card's last review updates its stability with FSRS-6's short-term formula
 *   (S' = S * e^(w17 * (G - 3 + w18)) * S^-w19) instead of counting as a fresh long-term review.
 *   So the many answers a Learn round gives one card in ten minutes do not push it out by months.
 * - Fuzz off: intervals are exactly the model's, so a state recomputed from the log is the state
 *   the answers produced, and tests can name intervals. (Anki fuzzes to spread review piles; our
 *   due list is sorted, not batched by day, so piles matter less.)
 * - Days are whole UTC days, as ts-fsrs counts them: an answer at 23:59 and one at 00:01 UTC are a
 *   day apart. FSRS itself is fitted on whole days.
 */

export type MemoryStateName = 'new' | 'learning' | 'review' | 'relearning'
export const STATE_NAMES: Record<State, MemoryStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
}

/** A student's memory of a card, as the card_memory row keeps it. */
export interface CardMemory {
  stability: number
  difficulty: number
  due: Date
  reps: number
  lapses: number
  state: State
  /** null only for a card never reviewed (state New). */
  lastReview: Date | null
  /** Which learning or relearning step the card is on (ts-fsrs needs it for the next one). */
  learningSteps: number
  scheduledDays: number
}

/** What a review did, for the review log (the fields Anki's revlog keeps). */
export interface Review {
  rating: FsrsRating
  at: Date
  /** The card's state before this review. */
  stateBefore: State
  /** Whole days since the previous review (0 for the first). */
  elapsedDays: number
  /** Whole days until the next review (0 while in learning steps). */
  scheduledDays: number
  /** The memory after the review. */
  memory: CardMemory
}

export interface SchedulerSettings {
  /** 0.80 to 0.97 for students; any value in (0, 1] for tests. */
  desiredRetention: number
  /** The student's fitted FSRS-6 parameters (21 numbers), or null for the defaults. */
  weights: readonly number[] | null
  /** For reference tests only: intervals past 100 years. */
  maximumInterval?: number
}

export const DEFAULT_SETTINGS: SchedulerSettings = { desiredRetention: DESIRED_RETENTION.default, weights: null }
export const DEFAULT_WEIGHTS: readonly number[] = default_w

/** ts-fsrs instances by settings: building one is cheap, but an answer should not pay for it. */
const schedulers = new Map<string, FSRS>()
const MAX_CACHED_SCHEDULERS = 256

export function schedulerFor(settings: SchedulerSettings): FSRS {
  const key = `${settings.desiredRetention}|${settings.maximumInterval ?? ''}|${settings.weights?.join(',') ?? 'default'}`
  let scheduler = schedulers.get(key)
  if (!scheduler) {
    scheduler = fsrs({
      request_retention: settings.desiredRetention,
      w: settings.weights ? [...settings.weights] : undefined,
      enable_fuzz: false,
      enable_short_term: true,
      ...(settings.maximumInterval ? { maximum_interval: settings.maximumInterval } : {}),
    })
    if (schedulers.size >= MAX_CACHED_SCHEDULERS) schedulers.clear()
    schedulers.set(key, scheduler)
  }
  return scheduler
}

function toCard(memory: CardMemory | null, at: Date): Card {
  if (!memory) return createEmptyCard(at)
  return {
    due: memory.due,
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: 0,
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    last_review: memory.lastReview ?? undefined,
  }
}

function fromCard(card: Card): CardMemory {
  return {
    stability: card.stability,
    difficulty: card.difficulty,
    due: card.due,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
    learningSteps: card.learning_steps,
    scheduledDays: card.scheduled_days,
  }
}

/**
 * One review of a card (null: never reviewed) at `at`. `at` must not be before the card's last
 * review: an answer from the past is merged by replaying the card's log (`replay`).
 */
export function reviewCard(settings: SchedulerSettings, memory: CardMemory | null, rating: FsrsRating, at: Date): Review {
  if (memory?.lastReview && at < memory.lastReview) throw new Error('A review before the last one must be replayed in order.')
  const { card, log } = schedulerFor(settings).next(toCard(memory, at), at, rating as Grade)
  return {
    rating,
    at,
    stateBefore: memory?.state ?? State.New,
    elapsedDays: log.elapsed_days,
    scheduledDays: card.scheduled_days,
    memory: fromCard(card),
  }
}

/** The memory after these reviews, oldest first (the log is the truth; states follow from it). */
export function replay(settings: SchedulerSettings, reviews: readonly { rating: FsrsRating; at: Date }[]): Review[] {
  const sorted = [...reviews].sort((a, b) => a.at.getTime() - b.at.getTime())
  const done: Review[] = []
  let memory: CardMemory | null = null
  for (const { rating, at } of sorted) {
    const review = reviewCard(settings, memory, rating, at)
    done.push(review)
    memory = review.memory
  }
  return done
}

/**
 * The predicted chance of recalling the card at `now`, from 0 to 1 (0 for a card never reviewed).
 * As ts-fsrs and FSRS's fitting count time: in whole days since the last review, so it stays 1 on
 * the day of a review.
 */
export function retrievability(settings: SchedulerSettings, memory: CardMemory | null, now: Date): number {
  if (!memory || memory.state === State.New || !memory.lastReview) return 0
  return schedulerFor(settings).get_retrievability(toCard(memory, now), now, false)
}

/**
 * The same from a row's plain numbers, for lists: R = (1 + factor * t / S)^-decay with t in whole
 * days (FSRS-6's forgetting curve with the student's decay w20).
 */
export function recallProbability(weights: readonly number[] | null, stability: number, lastReview: Date, now: Date): number {
  const { decay, factor } = computeDecayFactor(weights ?? default_w)
  const days = Math.max(Math.floor((now.getTime() - lastReview.getTime()) / 86_400_000), 0)
  return (1 + (factor * days) / stability) ** decay
}

/**
 * The chance of recalling the card right now, for showing it (the Review page's due list): the same
 * forgetting curve with the real time since the last review (days with their fraction), as Anki
 * shows a card's current retrievability. A card failed an hour ago is below 1 on the same day,
 * where the whole-day count above still says 1.
 */
export function recallNow(weights: readonly number[] | null, stability: number, lastReview: Date, now: Date): number {
  const { decay, factor } = computeDecayFactor(weights ?? default_w)
  const days = Math.max((now.getTime() - lastReview.getTime()) / 86_400_000, 0)
  return (1 + (factor * days) / stability) ** decay
}

/** The raw (unrounded) interval in days at which recall falls to `retention`: FSRS's next_interval. */
export function intervalDays(weights: readonly number[] | null, stability: number, retention: number): number {
  const { decay, factor } = computeDecayFactor(weights ?? default_w)
  return (stability / factor) * (retention ** (1 / decay) - 1)
}
