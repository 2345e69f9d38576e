import type { z } from 'zod'
import type { AnswerRecord, AnswerResponse } from '#shared/api/memory'
import { ANSWER_TIME_MESSAGES, MASTERY_MODES, type ProgressItem, type studySchemas } from '#shared/api/study'
import { apiMessages, cardMessages } from '#shared/messages'
import { cardPrompts } from '#shared/cards/prompts'
import { cardProgress } from '#shared/study/mastery'
import { rateAnswer } from '#shared/study/ratings'
import { ANSWER_MAX_AGE_DAYS } from '#shared/limits'
import type { AuthState } from '#server/access/caller'
import { requireAnswerableCard } from '#server/access/sets'
import { type DB, isForeignKeyViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import { lockAnswer } from '#server/db/row-locks'
import type { Deps } from '#server/deps'
import { invalidInput, notFound } from '#server/http/errors'
import { findAnswerState, findSentAnswer, memoryOfSet, recordReview, type UserSettingsRow } from '#server/features/memory/memory.service'
import { summary } from '#server/features/memory/review.service'
import { toCardProgress, toLearningSession } from './study.mapper'
import * as repo from './study.repo'
import { promptItemId } from '#shared/study/prompts'

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
 * Counts a Learn answer in its session (as PATCH /api/learning-sessions/:sid would): the caller's
 * own session of this set (404 otherwise). A session completed meanwhile (Restart closed it while
 * the answer waited offline) keeps its counts, and the answer is still kept: it is the student's.
 */
async function advanceSession(trx: DB, userId: string, setId: string, sessionId: string, correct: boolean): Promise<void> {
  const session = await repo.findSession(trx, userId, sessionId)
  if (!session || session.study_set_id !== setId) throw notFound(apiMessages.sessionNotFound)
  await repo.advanceSession(trx, sessionId, correct)
}

/**
 * The answer as the route gives it: what it did to the card, its Learn session after it (null
 * without one) and the due counts now, so one request is all an answer takes (the header's count
 * and the session need no call of their own).
 */
async function answerWithSession(
  deps: Deps,
  auth: AuthState,
  input: Answer,
  record: AnswerRecord,
  known?: { settingsRow: UserSettingsRow | undefined },
): Promise<AnswerResponse> {
  const [session, counts] = await Promise.all([
    input.sessionId === undefined ? undefined : repo.findSession(deps.db, auth.user.id, input.sessionId),
    summary(deps, auth, {}, known),
  ])
  return { ...record, session: session ? toLearningSession(session) : null, summary: counts }
}

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
  // The student's settings, read once in the transaction: they schedule the answer and set the goal of its due counts.
  let settingsRow: UserSettingsRow | undefined
  try {
    const done = await deps.db.transaction().execute(async (trx): Promise<{ record: AnswerRecord } | { sent: string }> => {
      await lockAnswer(trx, userId, input.cardId)
      // Settings, the card prompt's memory and a resend of this client id, in one read.
      const state = await findAnswerState(trx, userId, input.cardId, input.prompt, input.clientId)
      // The common resend, answered without redoing the work; the unique index is the guard.
      if (state.sent?.response) return { sent: state.sent.response }
      // The card with the reading rule in one query (404 unless its set is readable and holds it).
      const card = await requireAnswerableCard(trx, setId, input.cardId, auth)
      if (!cardPrompts({ kind: card.kind, reverse: card.reverse === 1, term: card.term }).includes(input.prompt)) {
        throw invalidInput({ prompt: cardMessages.promptNotOfCard })
      }
      const { prompt } = input

      const at = answeredAt.toISOString()
      const counts = MASTERY_MODES.includes(input.mode)
        ? await repo.recordAnswer(trx, { userId, setId, cardId: input.cardId, prompt, correct: input.correct, at })
        : await repo.findProgress(trx, userId, setId, input.cardId, prompt)
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
      settingsRow = state.settingsRow
      const response = await recordReview(trx, {
        id: newId(),
        userId,
        setId,
        cardId: input.cardId,
        prompt,
        answer: rated,
        durationMs: input.durationMs ?? null,
        clientId: input.clientId ?? null,
        answeredAt,
        now,
        progress: counts ? toCardProgress(counts) : null,
        settingsRow,
        memoryRow: state.memoryRow,
      })
      if (!response) throw new ResentAnswer()
      if (input.sessionId !== undefined) await advanceSession(trx, userId, setId, input.sessionId, input.correct)
      return { record: response }
    })
    if ('sent' in done) return { status: 200, body: await answerWithSession(deps, auth, input, JSON.parse(done.sent) as AnswerRecord) }
    return { status: 201, body: await answerWithSession(deps, auth, input, done.record, { settingsRow }) }
  } catch (error) {
    // The card (or its set) deleted after the check: on PostgreSQL the delete can commit in
    // between and the foreign key refuses the rows, so answer as if the delete had come first.
    if (isForeignKeyViolation(error)) throw notFound(apiMessages.cardNotFound)
    if (!(error instanceof ResentAnswer) || input.clientId === undefined) throw error
    const sent = await findSentAnswer(deps.db, userId, input.clientId)
    if (!sent?.response) throw error
    return { status: 200, body: await answerWithSession(deps, auth, input, JSON.parse(sent.response) as AnswerRecord) }
  }
}

/**
 * The caller's progress on a set with each card prompt's memory: prompts with right/wrong counts,
 * and prompts studied only in modes that do not count toward mastery (attempts 0). Most recently
 * reviewed first. Empty while the caller may not read the set (both queries ask the reading rule).
 */
export async function progressWithMemory(deps: Deps, userId: string, setId: string): Promise<ProgressItem[]> {
  const [counts, memories] = await Promise.all([repo.listProgress(deps.db, userId, setId), memoryOfSet(deps, userId, setId)])
  const memoryOf = new Map(memories.map((row) => [promptItemId(row.cardId, row.prompt), row.memory]))
  const items: ProgressItem[] = counts.map((row) => ({ ...toCardProgress(row), memory: memoryOf.get(promptItemId(row.flashcard_id, row.prompt)) ?? null }))
  const counted = new Set(counts.map((row) => promptItemId(row.flashcard_id, row.prompt)))
  for (const row of memories) {
    if (counted.has(promptItemId(row.cardId, row.prompt))) continue
    items.push({ ...cardProgress(row.cardId, 0, 0, row.lastReview, row.prompt), memory: row.memory })
  }
  return items.sort((a, b) => (a.lastReviewed < b.lastReviewed ? 1 : a.lastReviewed > b.lastReviewed ? -1 : 0))
}
