import { PERSONAL_PARAMETERS_MIN_REVIEWS } from '#shared/limits'
import type { Clock } from '#server/clock'
import type { DB } from '#server/db/database'
import { lockAnswer } from '#server/db/row-locks'
import type { Logger } from '#server/logger'
import type { FsrsRating } from '#shared/study/ratings'
import { fitParameters } from './fit'
import { toCardMemoryRow } from './memory.mapper'
import * as repo from './memory.repo'
import { replay } from './scheduler'
import { settingsOf } from './settings'
import { promptItemId } from '#shared/study/prompts'

/*
 * Fitting students' own parameters in the background (issue 15): a timer, never a request. Each
 * pass finds students with enough reviews whose parameters are missing or older than their last
 * PERSONAL_PARAMETERS_MIN_REVIEWS reviews, claims each with a conditional UPDATE (so several
 * server processes sharing one database never fit the same student twice at once), fits, stores
 * the parameters, and recomputes the student's card states from the log with them.
 */

/** A claim older than this is taken as abandoned (its process died mid-fit). */
const CLAIM_TIMEOUT_MS = 60 * 60_000
/** Students fitted per pass at most: a pass stays short, the next one goes on. */
const STUDENTS_PER_PASS = 5

export interface FitJobDeps {
  db: DB
  clock: Clock
  logger: Logger
}

/** Students whose parameters are due a fit, with their review count. */
async function studentsToFit(db: DB): Promise<{ userId: string; reviews: number }[]> {
  const rows = await db
    .selectFrom('review_log')
    .leftJoin('user_settings', 'user_settings.user_id', 'review_log.user_id')
    .select((eb) => ['review_log.user_id', 'user_settings.parameters_review_count', eb.fn.countAll<number | string>().as('reviews')])
    .groupBy(['review_log.user_id', 'user_settings.parameters_review_count'])
    .having((eb) => eb.fn.countAll(), '>=', PERSONAL_PARAMETERS_MIN_REVIEWS)
    .execute()
  return rows
    .map((row) => ({ userId: row.user_id, reviews: Number(row.reviews), fittedAt: row.parameters_review_count }))
    .filter((row) => row.fittedAt === null || row.reviews >= row.fittedAt + PERSONAL_PARAMETERS_MIN_REVIEWS)
    .slice(0, STUDENTS_PER_PASS)
}

/** Claims a student's fit for this process; false when another process holds a fresh claim. */
async function claim(db: DB, userId: string, now: Date): Promise<boolean> {
  const at = now.toISOString()
  await db
    .insertInto('user_settings')
    .values({
      user_id: userId,
      desired_retention: settingsOf(undefined).desiredRetention,
      parameters: null,
      parameters_fitted_at: null,
      parameters_review_count: null,
      fit_claimed_at: null,
      updated: at,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
  const stale = new Date(now.getTime() - CLAIM_TIMEOUT_MS).toISOString()
  const result = await db
    .updateTable('user_settings')
    .set({ fit_claimed_at: at })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('fit_claimed_at', 'is', null), eb('fit_claimed_at', '<', stale)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Recomputes every card prompt's state of a student from the log, one per transaction (answers may arrive meanwhile). */
export async function recomputeStates(db: DB, userId: string): Promise<number> {
  const cards = await db.selectFrom('card_memory').select(['flashcard_id', 'prompt', 'study_set_id']).where('user_id', '=', userId).execute()
  for (const card of cards) {
    await db.transaction().execute(async (trx) => {
      // The answers' lock first: an answer to this card reads its memory under it and writes it back.
      await lockAnswer(trx, userId, card.flashcard_id)
      const settings = settingsOf(await repo.findSettings(trx, userId))
      const locked = await repo.lockCardMemory(trx, userId, card.flashcard_id, card.prompt)
      if (!locked) return
      const history = await repo.listCardReviews(trx, userId, card.flashcard_id, card.prompt)
      if (history.length === 0) return
      const last = replay(
        settings,
        history.map((row) => ({ rating: row.rating as FsrsRating, at: new Date(row.answered_at) })),
      ).at(-1)
      if (!last) return
      await repo.upsertCardMemory(trx, toCardMemoryRow(userId, card.flashcard_id, card.prompt, card.study_set_id, last.memory))
    })
  }
  return cards.length
}

/** One student's fit: true when new parameters were stored. */
async function fitStudent(deps: FitJobDeps, userId: string, reviews: number): Promise<boolean> {
  const log = await deps.db.selectFrom('review_log').select(['flashcard_id', 'prompt', 'rating', 'answered_at']).where('user_id', '=', userId).execute()
  let weights: number[] | null = null
  try {
    // Each card prompt is a memory of its own: its reviews are one history to fit.
    weights = await fitParameters(log.map((row) => ({ cardId: promptItemId(row.flashcard_id, row.prompt), rating: row.rating, at: new Date(row.answered_at) })))
  } catch (error) {
    deps.logger.error('memory: fitting parameters failed for a student', error)
  }
  const now = deps.clock.now().toISOString()
  // The count is stored even when the fit fails, so the next try waits for more reviews.
  await deps.db
    .updateTable('user_settings')
    .set({
      ...(weights ? { parameters: JSON.stringify(weights), parameters_fitted_at: now } : {}),
      parameters_review_count: reviews,
      fit_claimed_at: null,
      updated: now,
    })
    .where('user_id', '=', userId)
    .execute()
  if (weights) await recomputeStates(deps.db, userId)
  return weights !== null
}

/** One pass: the ids of the students whose parameters this pass fitted. Idempotent. */
export async function fitDueStudents(deps: FitJobDeps): Promise<string[]> {
  const fitted: string[] = []
  for (const { userId, reviews } of await studentsToFit(deps.db)) {
    if (!(await claim(deps.db, userId, deps.clock.now()))) continue
    if (await fitStudent(deps, userId, reviews)) fitted.push(userId)
  }
  return fitted
}

/**
 * Runs a pass every `intervalMs` (the first after one interval) until stopped; a pass never
 * overlaps the previous one. `stop` waits for a running pass to finish.
 */
export function startParameterFitting(deps: FitJobDeps, { intervalMs }: { intervalMs: number }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return
      try {
        const fitted = await fitDueStudents(deps)
        if (fitted.length > 0) deps.logger.info(`memory: fitted personal parameters for ${fitted.length} student(s)`)
      } catch (error) {
        deps.logger.error('memory: a parameter fitting pass failed', error)
      }
    })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
