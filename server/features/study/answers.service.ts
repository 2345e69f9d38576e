import type { z } from 'zod'
import type { AnswerResponse } from '#shared/api/memory'
import { ANSWER_TIME_MESSAGES, MASTERY_MODES, type ProgressItem, type studySchemas } from '#shared/api/study'
import { apiMessages } from '#shared/messages'
import { cardProgress } from '#shared/study/mastery'
import { rateAnswer } from '#shared/study/ratings'
import { ANSWER_MAX_AGE_DAYS } from '#shared/study/retention'
import type { AuthState } from '#server/access/caller'
import { assertReadableCard } from '#server/access/sets'
import { isForeignKeyViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import { lockAnswerTarget } from '#server/db/row-locks'
import type { Deps } from '#server/deps'
import { invalidInput, notFound } from '#server/http/errors'
import { findSentAnswer, memoryOfSet, recordReview } from '#server/features/memory/memory.service'
import { toCardProgress } from './study.mapper'
import * as repo from './study.repo'

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
 * One answer from any mode, all in one transaction: (for the modes that count toward mastery) the
 * card's right/wrong counts, a Write answer's write result, and through the memory model
 * (server/features/memory/memory.service.ts) the card's memory state and a review-log row. The
 * same client id sent again by the same user changes nothing and gets the first answer's body
 * (200): the unique (user_id, client_id) index of the review log decides, so two requests racing
 * with one id keep one answer.
 */
export async function recordAnswer(deps: Deps, setId: string, auth: AuthState, input: Answer): Promise<AnswerResult> {
  const now = deps.clock.now()
  const answeredAt = answerTime(input.answeredAt, now)
  const rated = rateAnswer(input)
  const userId = auth.user.id
  try {
    const body = await deps.db.transaction().execute(async (trx) => {
      // The common resend, answered without redoing the work; the unique index is the guard.
      if (input.clientId !== undefined && (await findSentAnswer(trx, userId, input.clientId))) throw new ResentAnswer()
      await assertReadableCard(trx, setId, input.cardId, auth)
      if (!(await lockAnswerTarget(trx, userId, input.cardId))) throw notFound(apiMessages.cardNotFound)

      const at = answeredAt.toISOString()
      const counts = MASTERY_MODES.includes(input.mode)
        ? await repo.recordAnswer(trx, { userId, setId, cardId: input.cardId, correct: input.correct, at })
        : await repo.findProgress(trx, userId, setId, input.cardId)
      if (input.mode === 'write') {
        await repo.insertWriteResult(trx, {
          id: newId(),
          user_id: userId,
          study_set_id: setId,
          flashcard_id: input.cardId,
          correct_count: input.correct ? 1 : 0,
          incorrect_count: input.correct ? 0 : 1,
          completed_at: at,
        })
      }
      const response = await recordReview(trx, {
        id: newId(),
        userId,
        setId,
        cardId: input.cardId,
        answer: rated,
        durationMs: input.durationMs ?? null,
        clientId: input.clientId ?? null,
        answeredAt,
        now,
        progress: counts ? toCardProgress(counts) : null,
      })
      if (!response) throw new ResentAnswer()
      return response
    })
    return { status: 201, body }
  } catch (error) {
    // The card (or its set) deleted after the check: on PostgreSQL the delete can commit in
    // between and the foreign key refuses the rows, so answer as if the delete had come first.
    if (isForeignKeyViolation(error)) throw notFound(apiMessages.cardNotFound)
    if (!(error instanceof ResentAnswer) || input.clientId === undefined) throw error
    const sent = await findSentAnswer(deps.db, userId, input.clientId)
    if (!sent?.response) throw error
    return { status: 200, body: JSON.parse(sent.response) as AnswerResponse }
  }
}

/**
 * The caller's progress on a set with each card's memory: cards with right/wrong counts, and
 * cards studied only in modes that do not count toward mastery (attempts 0). Most recently
 * reviewed first.
 */
export async function progressWithMemory(deps: Deps, userId: string, setId: string): Promise<ProgressItem[]> {
  const [counts, memories] = await Promise.all([repo.listProgress(deps.db, userId, setId), memoryOfSet(deps, userId, setId)])
  const memoryOf = new Map(memories.map((row) => [row.cardId, row.memory]))
  const items: ProgressItem[] = counts.map((row) => ({ ...toCardProgress(row), memory: memoryOf.get(row.flashcard_id) ?? null }))
  const counted = new Set(counts.map((row) => row.flashcard_id))
  for (const row of memories) {
    if (counted.has(row.cardId)) continue
    items.push({ ...cardProgress(row.cardId, 0, 0, row.lastReview), memory: row.memory })
  }
  return items.sort((a, b) => (a.lastReviewed < b.lastReviewed ? 1 : a.lastReviewed > b.lastReviewed ? -1 : 0))
}
