import { default_w } from 'ts-fsrs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FsrsRating } from '#shared/study/ratings'
import { type DB, openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { silentLogger } from '#server/logger'
import { predictRecall } from './fit'
import { fitDueStudents } from './fit-job'
import { toCardMemoryRow } from './memory.mapper'
import { DEFAULT_SETTINGS, replay } from './scheduler'
import { simulateLog } from './simulate'

/** Background fitting on a synthetic log drawn from a known FSRS-6 model. */

const TRUE_WEIGHTS = [0.3, 1.5, 3.0, 10, 6.0, 0.6, 2.5, 0.01, 1.6, 0.15, 0.9, 1.6, 0.08, 0.3, 1.5, 0.5, 2.2, 0.5, 0.1, 0.05, 0.25]
const T = '2025-01-01T00:00:00.000Z'
let db: DB
const clock = { now: () => new Date('2025-06-01T00:00:00Z') }
const deps = () => ({ db, clock, logger: silentLogger })

/** A student with this log in the database, and card states computed from it with the defaults. */
async function studentWithLog(userId: string, cards: number, seed: number): Promise<number> {
  const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
  await db
    .insertInto('users')
    .values({
      id: userId,
      username: userId,
      email: `${userId}@x.org`,
      password_hash: 'h',
      token_key: 'k',
      verified: 1,
      plan_id: plan.id,
      avatar: null,
      created: T,
      updated: T,
    })
    .execute()
  const setId = `set-${userId}`
  await db
    .insertInto('study_sets')
    .values({ id: setId, owner_id: userId, title: 't', description: '', tags: '', is_public: 0, card_count: cards, created: T, updated: T })
    .execute()
  for (let i = 0; i < cards; i++) {
    await db
      .insertInto('flashcards')
      .values({ id: `${userId}-card${i}`, study_set_id: setId, term: `t${i}`, definition: 'd', position: i + 1, created: T, guid: `g${i}` })
      .execute()
  }
  const log = simulateLog({ settings: { desiredRetention: 0.9, weights: TRUE_WEIGHTS }, cards, days: 120, seed, maxDelayDays: 3 })
  await db.transaction().execute(async (trx) => {
    for (const [i, review] of log.entries()) {
      await trx
        .insertInto('review_log')
        .values({
          id: `${userId}-r${i}`,
          user_id: userId,
          flashcard_id: `${userId}-${review.cardId}`,
          study_set_id: setId,
          mode: 'review',
          question: 'self_graded',
          outcome: review.rating > 1 ? 'right' : 'wrong',
          correct: review.rating > 1 ? 1 : 0,
          rating: review.rating,
          duration_ms: null,
          answered_at: review.at.toISOString(),
          received_at: review.at.toISOString(),
          client_id: null,
          state: 0,
          elapsed_days: review.elapsedDays,
          scheduled_days: 0,
          stability: 1,
          difficulty: 5,
          due: review.at.toISOString(),
          response: null,
        })
        .execute()
    }
    for (let i = 0; i < cards; i++) {
      const reviews = log.filter((review) => review.cardId === `card${i}`)
      const last = replay(DEFAULT_SETTINGS, reviews).at(-1)
      if (last)
        await trx
          .insertInto('card_memory')
          .values(toCardMemoryRow(userId, `${userId}-card${i}`, 'f', setId, last.memory))
          .execute()
    }
  })
  return log.length
}

beforeEach(async () => {
  db = openSqliteDatabase(':memory:')
  await migrateToLatest(db)
})
afterEach(() => db.destroy())

describe('fitDueStudents', () => {
  it('fits a student with 400+ reviews, stores the parameters and recomputes the card states from the log', async () => {
    const reviews = await studentWithLog('ada', 150, 7)
    expect(reviews).toBeGreaterThanOrEqual(400)
    const fewer = await studentWithLog('bob', 20, 8)
    expect(fewer).toBeLessThan(400)

    expect(await fitDueStudents(deps())).toEqual(['ada'])
    const settings = await db.selectFrom('user_settings').selectAll().where('user_id', '=', 'ada').executeTakeFirstOrThrow()
    const weights = JSON.parse(settings.parameters ?? 'null') as number[]
    expect(weights).toHaveLength(21)
    expect(weights).not.toEqual([...default_w])
    expect(settings).toMatchObject({ parameters_review_count: reviews, parameters_fitted_at: '2025-06-01T00:00:00.000Z', fit_claimed_at: null })
    expect(await db.selectFrom('user_settings').select('user_id').where('user_id', '=', 'bob').execute()).toEqual([])

    // The fitted parameters predict this log better than the defaults (log loss on the same data).
    const log = (await db.selectFrom('review_log').select(['flashcard_id', 'rating', 'answered_at']).where('user_id', '=', 'ada').execute()).map((row) => ({
      cardId: row.flashcard_id,
      rating: row.rating,
      at: new Date(row.answered_at),
    }))
    const logLoss = (w: number[] | null) => {
      const predictions = predictRecall(w, log)
      return predictions.reduce((sum, p) => sum - Math.log(p.recalled ? p.probability : 1 - p.probability), 0) / predictions.length
    }
    expect(logLoss(weights)).toBeLessThan(logLoss(null))

    // Every card's state is now the replay of its log with the fitted parameters.
    const card = 'ada-card3'
    const history = log.filter((review) => review.cardId === card).map((review) => ({ rating: review.rating as FsrsRating, at: review.at }))
    const expected = replay({ desiredRetention: 0.9, weights }, history).at(-1)?.memory
    const stored = await db.selectFrom('card_memory').selectAll().where('user_id', '=', 'ada').where('flashcard_id', '=', card).executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ stability: expected?.stability, difficulty: expected?.difficulty, due: expected?.due.toISOString(), reps: history.length })
  }, 60_000)

  it('is idempotent, and two passes at once (two processes) fit a student once', async () => {
    await studentWithLog('ada', 150, 7)
    const [first, second] = await Promise.all([fitDueStudents(deps()), fitDueStudents(deps())])
    expect([...first, ...second]).toEqual(['ada'])
    const stored = await db.selectFrom('user_settings').select(['parameters', 'parameters_fitted_at']).where('user_id', '=', 'ada').executeTakeFirstOrThrow()
    // Nothing new to learn: the next pass does nothing and changes nothing.
    expect(await fitDueStudents(deps())).toEqual([])
    expect(await db.selectFrom('user_settings').select(['parameters', 'parameters_fitted_at']).where('user_id', '=', 'ada').executeTakeFirstOrThrow()).toEqual(
      stored,
    )
  }, 60_000)

  it('leaves a student claimed by another process alone until the claim is an hour old', async () => {
    await studentWithLog('ada', 150, 7)
    await db
      .insertInto('user_settings')
      .values({
        user_id: 'ada',
        desired_retention: 0.9,
        parameters: null,
        parameters_fitted_at: null,
        parameters_review_count: null,
        fit_claimed_at: '2025-05-31T23:30:00.000Z',
        updated: T,
      })
      .execute()
    expect(await fitDueStudents(deps())).toEqual([])
    await db.updateTable('user_settings').set({ fit_claimed_at: '2025-05-31T22:59:00.000Z' }).execute()
    expect(await fitDueStudents(deps())).toEqual(['ada'])
  }, 60_000)
})
