import type { Migration } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, isUniqueViolation, openSqliteDatabase } from './database'
import { migrateToLatest } from './migrate'
import { migrations } from './migrations'

/** Migration 0009: classes, their members and assigned sets, and what goes when something is deleted. */
describe('classes tables', () => {
  let db: DB
  const now = '2025-01-01T00:00:00.000Z'

  beforeEach(async () => {
    db = openSqliteDatabase(':memory:')
    await migrateToLatest(db)
    const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
    for (const id of ['teacher', 'ann', 'bob']) {
      await db
        .insertInto('users')
        .values({
          id,
          username: id,
          email: `${id}@example.org`,
          password_hash: 'x',
          token_key: 'k',
          verified: 1,
          plan_id: plan.id,
          avatar: null,
          created: now,
          updated: now,
        })
        .execute()
    }
    for (const id of ['s1', 's2']) {
      await db
        .insertInto('study_sets')
        .values({ id, owner_id: 'teacher', title: id, description: '', tags: '', is_public: 0, card_count: 0, created: now, updated: now })
        .execute()
    }
    await db.insertInto('classes').values({ id: 'c1', owner_id: 'teacher', name: 'Biology 7B', join_code: 'ABCD2345', created: now, updated: now }).execute()
    await db.insertInto('classes').values({ id: 'c2', owner_id: 'teacher', name: 'Chemistry', join_code: 'WXYZ6789', created: now, updated: now }).execute()
    await db
      .insertInto('class_members')
      .values([
        { class_id: 'c1', user_id: 'ann', joined: now },
        { class_id: 'c1', user_id: 'bob', joined: now },
        { class_id: 'c2', user_id: 'ann', joined: now },
      ])
      .execute()
    await db
      .insertInto('class_sets')
      .values([
        { class_id: 'c1', set_id: 's1', assigned: now },
        { class_id: 'c1', set_id: 's2', assigned: now },
        { class_id: 'c2', set_id: 's1', assigned: now },
      ])
      .execute()
  })
  afterEach(() => db.destroy())

  const members = async () =>
    (await db.selectFrom('class_members').select(['class_id', 'user_id']).orderBy('class_id').orderBy('user_id').execute()).map(
      (r) => `${r.class_id}:${r.user_id}`,
    )
  const assigned = async () =>
    (await db.selectFrom('class_sets').select(['class_id', 'set_id']).orderBy('class_id').orderBy('set_id').execute()).map((r) => `${r.class_id}:${r.set_id}`)

  it('keeps join codes unique and a member or an assignment once', async () => {
    const again = db.insertInto('classes').values({ id: 'c3', owner_id: 'ann', name: 'Copy', join_code: 'ABCD2345', created: now, updated: now }).execute()
    await expect(again).rejects.toSatisfy(isUniqueViolation)
    await expect(db.insertInto('class_members').values({ class_id: 'c1', user_id: 'ann', joined: now }).execute()).rejects.toSatisfy(isUniqueViolation)
    await expect(db.insertInto('class_sets').values({ class_id: 'c1', set_id: 's1', assigned: now }).execute()).rejects.toSatisfy(isUniqueViolation)
  })

  it('a deleted class takes its members and assignments with it, nothing else', async () => {
    await db.deleteFrom('classes').where('id', '=', 'c1').execute()
    expect(await members()).toEqual(['c2:ann'])
    expect(await assigned()).toEqual(['c2:s1'])
    expect(await db.selectFrom('study_sets').select('id').execute()).toHaveLength(2)
  })

  it("a deleted student leaves every class; a deleted set leaves every class; a deleted teacher's classes go", async () => {
    await db.deleteFrom('users').where('id', '=', 'ann').execute()
    expect(await members()).toEqual(['c1:bob'])
    await db.deleteFrom('study_sets').where('id', '=', 's1').execute()
    expect(await assigned()).toEqual(['c1:s2'])
    await db.deleteFrom('users').where('id', '=', 'teacher').execute()
    expect(await db.selectFrom('classes').select('id').execute()).toEqual([])
    expect(await members()).toEqual([])
    expect(await assigned()).toEqual([])
  })

  it('migrates down and up again', async () => {
    // The migration's own down and up, whatever migrations come after it.
    const migration = migrations['0009_classes'] as Required<Migration>
    await migration.down(db)
    expect(await db.introspection.getTables()).not.toContainEqual(expect.objectContaining({ name: 'classes' }))
    await migration.up(db)
    expect(await db.selectFrom('classes').select('id').execute()).toEqual([])
  })
})
