import { type MigrationProvider, Migrator } from 'kysely'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { type DB, openPostgresDatabase, openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { migrations } from '#server/db/migrations/index'
import { createDatabaseFrom } from '#tests/support/postgres'
import { testDialect } from '#tests/support/test-database'

/**
 * Migration 0013 (issue 26) on the run's dialect: a database at 0012 with a card studied, migrated, keeps every card as a
 * basic one-way card and its memory, progress and review log as its prompt `f`; the new keys take a second prompt.
 */
const now = '2026-11-01T00:00:00.000Z'
const provider: MigrationProvider = { getMigrations: async () => migrations }

let db: DB
let dispose: () => Promise<void>

beforeEach(async () => {
  if (testDialect() === 'postgres') {
    const created = await createDatabaseFrom(inject('postgresUrl'), 'template1')
    db = openPostgresDatabase(created.url, { maxConnections: 2 })
    dispose = async () => {
      await db.destroy()
      await created.drop()
    }
  } else {
    db = openSqliteDatabase(':memory:')
    dispose = () => db.destroy()
  }
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateTo('0012_live_games')
  if (error) throw error
})
afterEach(() => dispose())

/** Rows written the way the app wrote them before 0013 (no kind, reverse or prompt columns yet). */
async function seedStudiedCard(): Promise<void> {
  const { id: planId } = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
  const old = db as unknown as DB & { insertInto(table: string): any }
  await old
    .insertInto('users')
    .values({
      id: 'u1',
      username: 'ann',
      email: 'ann@example.org',
      password_hash: 'x',
      token_key: 'k',
      verified: 1,
      plan_id: planId,
      avatar: null,
      created: now,
      updated: now,
    })
    .execute()
  await old
    .insertInto('study_sets')
    .values({ id: 's1', owner_id: 'u1', title: 'Old', description: '', tags: '', is_public: 0, card_count: 1, created: now, updated: now })
    .execute()
  // Before 0016 there is no guid either.
  await (db as unknown as { insertInto(table: string): any })
    .insertInto('flashcards')
    .values({ id: 'c1', study_set_id: 's1', term: 'hund', definition: 'dog', position: 1, created: now })
    .execute()
  await old
    .insertInto('study_progress')
    .values({ user_id: 'u1', study_set_id: 's1', flashcard_id: 'c1', correct_count: 3, incorrect_count: 1, last_reviewed: now })
    .execute()
  const memory = { stability: 2.5, difficulty: 5, due: now, reps: 4, lapses: 1, state: 2, last_review: now, learning_steps: 0, scheduled_days: 2 }
  await old
    .insertInto('card_memory')
    .values({ user_id: 'u1', flashcard_id: 'c1', study_set_id: 's1', ...memory })
    .execute()
  await old
    .insertInto('review_log')
    .values({
      id: 'r1',
      user_id: 'u1',
      flashcard_id: 'c1',
      study_set_id: 's1',
      mode: 'write',
      question: 'written',
      outcome: 'right',
      correct: 1,
      rating: 3,
      duration_ms: null,
      answered_at: now,
      received_at: now,
      client_id: null,
      state: 2,
      elapsed_days: 1,
      scheduled_days: 2,
      stability: 2.5,
      difficulty: 5,
      due: now,
      response: null,
    })
    .execute()
}

describe('migration 0013: cards, prompts and memory per prompt', () => {
  it("keeps every card as a basic one-way card, and its memory, progress and log as prompt 'f'", async () => {
    await seedStudiedCard()
    expect(await migrateToLatest(db)).toContain('0013_cards_prompts')
    expect(await db.selectFrom('flashcards').select(['id', 'kind', 'reverse']).execute()).toEqual([{ id: 'c1', kind: 'basic', reverse: 0 }])
    expect(await db.selectFrom('study_progress').selectAll().execute()).toEqual([
      { user_id: 'u1', study_set_id: 's1', flashcard_id: 'c1', prompt: 'f', correct_count: 3, incorrect_count: 1, last_reviewed: now },
    ])
    expect(await db.selectFrom('card_memory').selectAll().execute()).toEqual([
      expect.objectContaining({ user_id: 'u1', flashcard_id: 'c1', prompt: 'f', study_set_id: 's1', stability: 2.5, reps: 4, lapses: 1, state: 2 }),
    ])
    expect(await db.selectFrom('review_log').select(['id', 'prompt']).execute()).toEqual([{ id: 'r1', prompt: 'f' }])
  })

  it('takes a second prompt of the same card, and still cascades with the card', async () => {
    await seedStudiedCard()
    await migrateToLatest(db)
    const memory = await db.selectFrom('card_memory').selectAll().executeTakeFirstOrThrow()
    await db
      .insertInto('card_memory')
      .values({ ...memory, prompt: 'r' })
      .execute()
    await db
      .insertInto('study_progress')
      .values({ user_id: 'u1', study_set_id: 's1', flashcard_id: 'c1', prompt: 'r', correct_count: 0, incorrect_count: 1, last_reviewed: now })
      .execute()
    await expect(
      db
        .insertInto('card_memory')
        .values({ ...memory, prompt: 'r' })
        .execute(),
    ).rejects.toThrow()
    expect((await db.selectFrom('card_memory').select('prompt').orderBy('prompt').execute()).map((row) => row.prompt)).toEqual(['f', 'r'])
    await db.deleteFrom('flashcards').where('id', '=', 'c1').execute()
    expect(await db.selectFrom('card_memory').select('prompt').execute()).toEqual([])
    expect(await db.selectFrom('study_progress').select('prompt').execute()).toEqual([])
  })
})

describe('migration 0016: a guid for every card (issue 27)', () => {
  it('gives each existing card its id as its guid, unique within its set', async () => {
    await seedStudiedCard()
    expect(await migrateToLatest(db)).toContain('0016_exchange_guid')
    expect(await db.selectFrom('flashcards').select(['id', 'guid']).execute()).toEqual([{ id: 'c1', guid: 'c1' }])
    const card = { study_set_id: 's1', term: 'katze', definition: 'cat', position: 2, created: now }
    await expect(
      db
        .insertInto('flashcards')
        .values({ ...card, id: 'c2', guid: 'c1' })
        .execute(),
    ).rejects.toThrow()
    await db
      .insertInto('flashcards')
      .values({ ...card, id: 'c2', guid: 'g2' })
      .execute()
    // The study records of the card are untouched.
    expect(await db.selectFrom('study_progress').select(['flashcard_id', 'correct_count']).execute()).toEqual([{ flashcard_id: 'c1', correct_count: 3 }])
  })
})
