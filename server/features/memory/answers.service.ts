import type { z } from 'zod'
import type { AnswerResponse } from '#shared/api/memory'
import { ANSWER_TIME_MESSAGES, MASTERY_MODES, type ProgressItem, type studySchemas } from '#shared/api/study'
import { cardProgress } from '#shared/study/mastery'
import { rateAnswer } from '#shared/study/ratings'
import { ANSWER_MAX_AGE_DAYS } from '#shared/study/retention'
import { type DB, isForeignKeyViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import { lockAnswerTarget } from '#server/db/row-locks'
import type { Deps } from '#server/deps'
import { invalidInput, notFound } from '#server/http/errors'
import type { AuthState } from '#server/features/auth/sessions.service'
import { CARD_NOT_FOUND } from '#server/features/cards/cards.service'
import { canRead, SET_NOT_FOUND } from '#server/features/sets/set-access'
import { toCardProgress } from '#server/features/study/study.mapper'
import * as studyRepo from '#server/features/study/study.repo'
import { toCardMemory, toCardMemoryRow, toMemoryView } from './memory.mapper'
import * as repo from './memory.repo'
import { type CardMemory, type Review, replay, reviewCard } from './scheduler'
import { settingsOf } from './settings'

type Answer = z.output<typeof studySchemas.answer>

/** An answer's body and whether it was new (201) or a resent client id (200). */
export interface AnswerResult {
  status: 200 | 201
  body: AnswerResponse
}

/** Clocks of phones and laptops run a little ahead: a time this far past the server's is taken as now. */
const CLOCK_SKEW_MS = 5 * 60_000

/**
 * When the answer was given: the client's `answeredAt` for answers made offline, else now. A time
 * in the future (beyond a few minutes of clock skew) or older than 30 days is refused.
 */
export function answerTime(answeredAt: string | undefined, now: Date): Date {
  if (answeredAt === undefined) return now
  const at = new Date(answeredAt)
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw invalidInput({ answeredAt: ANSWER_TIME_MESSAGES.future })
  if (at.getTime() < now.getTime() - ANSWER_MAX_AGE_DAYS * 86_400_000) throw invalidInput({ answeredAt: ANSWER_TIME_MESSAGES.tooOld })
  return at > now ? now : at
}

/** Thrown inside the transaction when the client id was already used: rolls back everything. */
class ResentAnswer extends Error {}

/**
 * One answer from any mode: a review-log row, the card's memory state and (for the modes that
 * count toward mastery) its right/wrong counts, all in one transaction. The same client id sent
 * again by the same user changes nothing and gets the first answer's body (200): the unique
 * (user_id, client_id) index decides, so two requests racing with one id keep one answer.
 */
export async function recordAnswer(deps: Deps, setId: string, auth: AuthState, input: Answer): Promise<AnswerResult> {
  const now = deps.clock.now()
  const answeredAt = answerTime(input.answeredAt, now)
  const rated = rateAnswer(input)
  const userId = auth.user.id
  try {
    const body = await deps.db.transaction().execute(async (trx) => {
      if (input.clientId !== undefined) {
        // The common resend, answered without redoing the work; the unique index below is the guard.
        const sent = await repo.findReviewByClientId(trx, userId, input.clientId)
        if (sent) throw new ResentAnswer()
      }
      const target = await studyRepo.findAnswerTarget(trx, setId, input.cardId)
      if (!target || !(await canRead(trx, setId, target, auth))) throw notFound(SET_NOT_FOUND)
      if (target.card_id === null || !(await lockAnswerTarget(trx, userId, input.cardId))) throw notFound(CARD_NOT_FOUND)

      const settings = settingsOf(await repo.findSettings(trx, userId))
      const locked = await repo.lockCardMemory(trx, userId, input.cardId)
      const previous = locked ? toCardMemory(locked) : null
      const logId = newId()
      const { review, memory, later } = await schedule(trx, userId, input.cardId, logId, previous, rated.rating, answeredAt, settings)

      const at = answeredAt.toISOString()
      const counts = MASTERY_MODES.includes(input.mode)
        ? await studyRepo.recordAnswer(trx, { userId, setId, cardId: input.cardId, correct: input.correct, at })
        : await studyRepo.findProgress(trx, userId, setId, input.cardId)
      if (input.mode === 'write') {
        await studyRepo.insertWriteResult(trx, {
          id: newId(),
          user_id: userId,
          study_set_id: setId,
          flashcard_id: input.cardId,
          correct_count: input.correct ? 1 : 0,
          incorrect_count: input.correct ? 0 : 1,
          completed_at: at,
        })
      }
      await repo.upsertCardMemory(trx, toCardMemoryRow(userId, input.cardId, setId, memory))
      const response: AnswerResponse = {
        cardId: input.cardId,
        progress: counts ? toCardProgress(counts) : null,
        memory: toMemoryView(memory, settings, now),
      }
      const inserted = await repo.insertReview(trx, {
        id: logId,
        user_id: userId,
        flashcard_id: input.cardId,
        study_set_id: setId,
        mode: rated.mode,
        question: rated.question,
        outcome: rated.outcome,
        correct: rated.correct ? 1 : 0,
        rating: rated.rating,
        duration_ms: input.durationMs ?? null,
        answered_at: at,
        received_at: now.toISOString(),
        client_id: input.clientId ?? null,
        ...logFields(review),
        response: JSON.stringify(response),
      })
      if (!inserted) throw new ResentAnswer()
      for (const { id, review: replayed } of later) await repo.updateReviewFields(trx, id, logFields(replayed))
      return response
    })
    return { status: 201, body }
  } catch (error) {
    // The card (or its set) deleted after the check: on PostgreSQL the delete can commit in
    // between and the foreign key refuses the rows, so answer as if the delete had come first.
    if (isForeignKeyViolation(error)) throw notFound(CARD_NOT_FOUND)
    if (!(error instanceof ResentAnswer) || input.clientId === undefined) throw error
    const sent = await repo.findReviewByClientId(deps.db, userId, input.clientId)
    if (!sent?.response) throw error
    return { status: 200, body: JSON.parse(sent.response) as AnswerResponse }
  }
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
  userId: string,
  cardId: string,
  logId: string,
  previous: CardMemory | null,
  rating: Answer['rating'] & number,
  at: Date,
  settings: Parameters<typeof reviewCard>[0],
): Promise<{ review: Review; memory: CardMemory; later: { id: string; review: Review }[] }> {
  if (!previous?.lastReview || at >= previous.lastReview) {
    const review = reviewCard(settings, previous, rating, at)
    return { review, memory: review.memory, later: [] }
  }
  const history = await repo.listCardReviews(db, userId, cardId)
  const all = [...history.map((row) => ({ id: row.id, rating: row.rating as typeof rating, at: new Date(row.answered_at) })), { id: logId, rating, at }]
  all.sort((a, b) => a.at.getTime() - b.at.getTime())
  const reviews = replay(settings, all)
  const index = all.findIndex((entry) => entry.id === logId)
  return {
    review: reviews[index] as Review,
    memory: (reviews.at(-1) as Review).memory,
    later: all.slice(index + 1).map((entry, offset) => ({ id: entry.id, review: reviews[index + 1 + offset] as Review })),
  }
}

/**
 * The caller's progress on a set with each card's memory: cards with right/wrong counts, and
 * cards studied only in modes that do not count toward mastery (attempts 0). Most recently
 * reviewed first.
 */
export async function progressWithMemory(deps: Deps, userId: string, setId: string): Promise<ProgressItem[]> {
  const [counts, memories, settingsRow] = await Promise.all([
    studyRepo.listProgress(deps.db, userId, setId),
    repo.listSetMemory(deps.db, userId, setId),
    repo.findSettings(deps.db, userId),
  ])
  const settings = settingsOf(settingsRow)
  const now = deps.clock.now()
  const memoryOf = new Map(memories.map((row) => [row.flashcard_id, toMemoryView(toCardMemory(row), settings, now)]))
  const items: ProgressItem[] = counts.map((row) => ({ ...toCardProgress(row), memory: memoryOf.get(row.flashcard_id) ?? null }))
  const counted = new Set(counts.map((row) => row.flashcard_id))
  for (const row of memories) {
    if (counted.has(row.flashcard_id)) continue
    items.push({ ...cardProgress(row.flashcard_id, 0, 0, row.last_review), memory: memoryOf.get(row.flashcard_id) ?? null })
  }
  return items.sort((a, b) => (a.lastReviewed < b.lastReviewed ? 1 : a.lastReviewed > b.lastReviewed ? -1 : 0))
}
