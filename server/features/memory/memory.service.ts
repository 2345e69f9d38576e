import type { AnswerRecord, CardMemoryView } from '#shared/api/memory'
import type { CardProgress } from '#shared/api/study'
import type { FsrsRating, RatedAnswer } from '#shared/study/ratings'
import type { DB } from '#server/db/database'
import type { Deps } from '#server/deps'
import { toCardMemory, toCardMemoryRow, toMemoryView } from './memory.mapper'
import * as repo from './memory.repo'
import { type CardMemory, type Review, replay, reviewCard } from './scheduler'
import { settingsOf } from './settings'

/*
 * The memory model's side of an answer: scheduling it (FSRS) and keeping the review log. Study
 * records the answer (server/features/study/answers.service.ts) and calls these inside its
 * transaction.
 */

export type { UserSettingsRow } from './memory.repo'

/**
 * What an answer reads of the memory model before it writes, in one statement: the student's
 * settings row (undefined: the defaults), for its scheduling and its due counts; their memory of
 * the card prompt (undefined before its first answer); and the answer already recorded under
 * this client id (the offline queue's resend), with the body it was answered with. Read inside
 * the answer's transaction after its lock (server/db/row-locks.ts).
 */
export function findAnswerState(db: DB, userId: string, cardId: string, prompt: string, clientId: string | undefined) {
  return repo.findAnswerState(db, userId, cardId, prompt, clientId)
}

/** An answer already recorded under this client id, with the body it was answered with. */
export async function findSentAnswer(db: DB, userId: string, clientId: string): Promise<{ response: string | null } | undefined> {
  return repo.findReviewByClientId(db, userId, clientId)
}

/** One answer as the memory model takes it. */
export interface ReviewInput {
  id: string
  userId: string
  setId: string
  cardId: string
  /** The card's prompt that was asked: each prompt has its own memory. */
  prompt: string
  /** The answer with its question kind, outcome and FSRS rating (shared/study/ratings.ts). */
  answer: RatedAnswer
  durationMs: number | null
  clientId: string | null
  /** When the answer was given (earlier than `now` for an answer made offline). */
  answeredAt: Date
  now: Date
  /** The card's mastery counts after the answer (null before any answer of a counting mode), for the answer's body. */
  progress: CardProgress | null
  /** The student's settings row and memory of the card prompt (findAnswerState), read in the same transaction; undefined: none. */
  settingsRow: repo.UserSettingsRow | undefined
  memoryRow: repo.CardMemoryRow | undefined
}

/**
 * Schedules the answer and writes it, in the caller's transaction (`db`): the card's new memory
 * state and the review-log row, which keeps the answer's body for a resend. Returns that body, or
 * undefined when the client id turned out to be used already (the caller rolls back).
 */
export async function recordReview(db: DB, input: ReviewInput): Promise<AnswerRecord | undefined> {
  const { userId, cardId, prompt } = input
  const settings = settingsOf(input.settingsRow)
  const previous = input.memoryRow ? toCardMemory(input.memoryRow) : null
  const { review, memory, later } = await schedule(db, input, previous, settings)
  await repo.upsertCardMemory(db, toCardMemoryRow(userId, cardId, prompt, input.setId, memory))
  const response: AnswerRecord = { cardId, prompt, progress: input.progress, memory: toMemoryView(memory, settings, input.now) }
  const inserted = await repo.insertReview(db, {
    id: input.id,
    user_id: userId,
    flashcard_id: cardId,
    prompt,
    study_set_id: input.setId,
    mode: input.answer.mode,
    question: input.answer.question,
    outcome: input.answer.outcome,
    correct: input.answer.correct ? 1 : 0,
    rating: input.answer.rating,
    duration_ms: input.durationMs,
    answered_at: input.answeredAt.toISOString(),
    received_at: input.now.toISOString(),
    client_id: input.clientId,
    ...logFields(review),
    response: JSON.stringify(response),
  })
  if (!inserted) return undefined
  for (const { id, review: replayed } of later) await repo.updateReviewFields(db, id, logFields(replayed))
  return response
}

function logFields(review: Review) {
  return {
    state: review.stateBefore,
    elapsed_days: review.elapsedDays,
    scheduled_days: review.scheduledDays,
    stability: review.memory.stability,
    difficulty: review.memory.difficulty,
    due: review.memory.due.toISOString(),
  }
}

/**
 * The review and the card's new memory. An answer older than the card's last review (sent from
 * an offline queue after answers made later) is merged in time order by replaying the card's log:
 * the log rows after it get their recomputed fields (`later`).
 */
async function schedule(
  db: DB,
  input: ReviewInput,
  previous: CardMemory | null,
  settings: Parameters<typeof reviewCard>[0],
): Promise<{ review: Review; memory: CardMemory; later: { id: string; review: Review }[] }> {
  const { answeredAt: at } = input
  const { rating } = input.answer
  if (!previous?.lastReview || at >= previous.lastReview) {
    const review = reviewCard(settings, previous, rating, at)
    return { review, memory: review.memory, later: [] }
  }
  const history = await repo.listCardReviews(db, input.userId, input.cardId, input.prompt)
  const all = [...history.map((row) => ({ id: row.id, rating: row.rating as FsrsRating, at: new Date(row.answered_at) })), { id: input.id, rating, at }]
  all.sort((a, b) => a.at.getTime() - b.at.getTime())
  const reviews = replay(settings, all)
  const index = all.findIndex((entry) => entry.id === input.id)
  return {
    review: reviews[index] as Review,
    memory: (reviews.at(-1) as Review).memory,
    later: all.slice(index + 1).map((entry, offset) => ({ id: entry.id, review: reviews[index + 1 + offset] as Review })),
  }
}

/**
 * The student's memory of each card prompt of a set they have studied, as the API shows it, with
 * its last review; none while they may not read the set. One statement: the rows carry the settings.
 */
export async function memoryOfSet(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: string,
  setId: string,
): Promise<{ cardId: string; prompt: string; lastReview: string; memory: CardMemoryView }[]> {
  const memories = await repo.listReadableSetMemory(deps.db, userId, setId)
  const [first] = memories
  const settings = settingsOf(
    first && first.settings_desired_retention !== null
      ? { desired_retention: first.settings_desired_retention, parameters: first.settings_parameters }
      : undefined,
  )
  const now = deps.clock.now()
  return memories.map((row) => ({
    cardId: row.flashcard_id,
    prompt: row.prompt,
    lastReview: row.last_review,
    memory: toMemoryView(toCardMemory(row), settings, now),
  }))
}
