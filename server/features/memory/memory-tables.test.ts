import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, isUniqueViolation, openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'

/** Migration 0007: the review log, card memory and settings go with the card, the set and the account. */

let db: DB
const T = '2026-01-01T00:00:00.000Z'

async function seed(): Promise<void> {
  const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
  for (const id of ['u1', 'u2']) {
    await db
      .insertInto('users')
      .values({
        id,
        username: id,
        email: `${id}@x.org`,
        password_hash: 'h',
        token_key: 'k',
        verified: 1,
        plan_id: plan.id,
        avatar: null,
        created: T,
        updated: T,
      })
      .execute()
  }
  await db
    .insertInto('study_sets')
    .values({ id: 's1', owner_id: 'u1', title: 't', description: '', tags: '', is_public: 1, card_count: 2, created: T, updated: T })
    .execute()
  await db
    .insertInto('study_sets')
    .values({ id: 's2', owner_id: 'u1', title: 't', description: '', tags: '', is_public: 1, card_count: 1, created: T, updated: T })
    .execute()
  for (const [id, set, position] of [
    ['c1', 's1', 1],
    ['c2', 's1', 2],
    ['c3', 's2', 1],
  ] as const) {
    await db.insertInto('flashcards').values({ id, study_set_id: set, term: id, definition: id, position, created: T, guid: id }).execute()
  }
  let n = 0
  for (const user of ['u1', 'u2']) {
    for (const [card, set] of [
      ['c1', 's1'],
      ['c2', 's1'],
      ['c3', 's2'],
    ] as const) {
      n += 1
      await db
        .insertInto('review_log')
        .values({
          id: `r${n}`,
          user_id: user,
          flashcard_id: card,
          study_set_id: set,
          mode: 'learn',
          question: 'multiple_choice',
          outcome: 'right',
          correct: 1,
          rating: 2,
          duration_ms: 1500,
          answered_at: T,
          received_at: T,
          client_id: `c-${n}`,
          state: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          stability: 1.2931,
          difficulty: 5.11217071,
          due: T,
          response: null,
        })
        .execute()
      await db
        .insertInto('card_memory')
        .values({
          user_id: user,
          flashcard_id: card,
          study_set_id: set,
          stability: 1.2931,
          difficulty: 5.1,
          due: T,
          reps: 1,
          lapses: 0,
          state: 1,
          last_review: T,
          learning_steps: 0,
          scheduled_days: 0,
        })
        .execute()
    }
    await db
      .insertInto('user_settings')
      .values({
        user_id: user,
        desired_retention: 0.85,
        parameters: null,
        parameters_fitted_at: null,
        parameters_review_count: null,
        fit_claimed_at: null,
        updated: T,
      })
      .execute()
  }
}

const count = async (table: 'review_log' | 'card_memory' | 'user_settings', user: string) =>
  (await db.selectFrom(table).select('user_id').where('user_id', '=', user).execute()).length

beforeEach(async () => {
  db = openSqliteDatabase(':memory:')
  await migrateToLatest(db)
  await seed()
})
afterEach(() => db.destroy())

describe('0007_memory', () => {
  it('keeps floats as floats and the client id unique per user only', async () => {
    const row = await db.selectFrom('review_log').select(['stability', 'difficulty']).where('id', '=', 'r1').executeTakeFirstOrThrow()
    expect(row).toEqual({ stability: 1.2931, difficulty: 5.11217071 })
    const again = db.insertInto('review_log').values({
      id: 'dup',
      user_id: 'u1',
      flashcard_id: 'c1',
      study_set_id: 's1',
      mode: 'learn',
      question: 'multiple_choice',
      outcome: 'right',
      correct: 1,
      rating: 2,
      duration_ms: null,
      answered_at: T,
      received_at: T,
      client_id: 'c-1',
      state: 0,
      elapsed_days: 0,
      scheduled_days: 0,
      stability: 1,
      difficulty: 5,
      due: T,
      response: null,
    })
    const error = await again.execute().then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(isUniqueViolation(error)).toBe(true)
    // The same client id from another user, and any number of answers without one, are fine.
    for (const [id, user, clientId] of [
      ['x1', 'u2', 'c-1'],
      ['x2', 'u1', null],
      ['x3', 'u1', null],
    ] as const) {
      await db
        .insertInto('review_log')
        .values({
          id,
          user_id: user,
          flashcard_id: 'c1',
          study_set_id: 's1',
          mode: 'write',
          question: 'written',
          outcome: 'right',
          correct: 1,
          rating: 3,
          duration_ms: null,
          answered_at: T,
          received_at: T,
          client_id: clientId,
          state: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          stability: 1,
          difficulty: 5,
          due: T,
          response: null,
        })
        .execute()
    }
  })

  it('deleting a card deletes its log rows and memory, for every student', async () => {
    await db.deleteFrom('flashcards').where('id', '=', 'c1').execute()
    expect(await db.selectFrom('review_log').select('id').where('flashcard_id', '=', 'c1').execute()).toEqual([])
    expect(await db.selectFrom('card_memory').select('user_id').where('flashcard_id', '=', 'c1').execute()).toEqual([])
    expect([await count('review_log', 'u1'), await count('card_memory', 'u2')]).toEqual([2, 2])
  })

  it('deleting a set deletes the log rows and memory of its cards', async () => {
    await db.deleteFrom('study_sets').where('id', '=', 's1').execute()
    expect((await db.selectFrom('review_log').select('flashcard_id').execute()).map((row) => row.flashcard_id)).toEqual(['c3', 'c3'])
    expect((await db.selectFrom('card_memory').select('flashcard_id').execute()).map((row) => row.flashcard_id)).toEqual(['c3', 'c3'])
  })

  it('deleting an account deletes its log, memory and settings, and nobody else’s', async () => {
    await db.deleteFrom('users').where('id', '=', 'u2').execute()
    expect([await count('review_log', 'u2'), await count('card_memory', 'u2'), await count('user_settings', 'u2')]).toEqual([0, 0, 0])
    expect([await count('review_log', 'u1'), await count('card_memory', 'u1'), await count('user_settings', 'u1')]).toEqual([3, 3, 1])
  })
})
