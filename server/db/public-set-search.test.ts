import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, openSqliteDatabase } from './database'
import { migrateToLatest } from './migrate'
import { isPublicSetMatching, publicSetSearchQuery } from './text-search'

/** The public-set index of migration 0005, kept in step with study_sets by its triggers. */
describe('public set search index', () => {
  let db: DB
  const now = '2025-01-01T00:00:00.000Z'

  beforeEach(async () => {
    db = openSqliteDatabase(':memory:')
    await migrateToLatest(db)
    const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
    await db
      .insertInto('users')
      .values({ id: 'u1', username: 'ann', email: 'ann@example.org', password_hash: 'x', token_key: 'k', verified: 1, plan_id: plan.id, avatar: null, created: now, updated: now })
      .execute()
  })
  afterEach(() => db.destroy())

  const addSet = (id: string, title: string, isPublic: number, tags = '') =>
    db
      .insertInto('study_sets')
      .values({ id, owner_id: 'u1', title, description: 'About Ökologie', tags, is_public: isPublic, card_count: 0, created: now, updated: now })
      .execute()

  async function matching(search: string, tags: string[] = []): Promise<string[]> {
    const query = publicSetSearchQuery(search, tags)
    if (!query) throw new Error('the index does not cover this search')
    const rows = await db
      .selectFrom('study_sets')
      .select('id')
      .where((eb) => isPublicSetMatching(eb.ref('study_sets.id'), query.match))
      .orderBy('id')
      .execute()
    return rows.map((row) => row.id)
  }

  it('finds public sets by any substring of three or more characters, whatever the case', async () => {
    await addSet('s1', 'Mitochondria', 1, 'SCI,BIO')
    await addSet('s2', 'Private mitochondria', 0, 'SCI')
    expect(await matching('OCHOND')).toEqual(['s1'])
    expect(await matching('ökologie')).toEqual(['s1'])
    expect(await matching('ÖKO')).toEqual(['s1'])
    expect(await matching('och', ['SCI'])).toEqual(['s1'])
    expect(await matching('', ['BIO'])).toEqual(['s1'])
    expect(await matching('', ['BI'])).toEqual([])
    expect(await matching('"quoted"')).toEqual([])
  })

  it('follows changes of title, tags and visibility, and deletes (also by cascade)', async () => {
    await addSet('s1', 'Cells', 0)
    expect(await matching('cell')).toEqual([])
    await db.updateTable('study_sets').set({ is_public: 1 }).where('id', '=', 's1').execute()
    expect(await matching('cell')).toEqual(['s1'])
    await db.updateTable('study_sets').set({ title: 'Atoms', tags: 'CHEM' }).where('id', '=', 's1').execute()
    expect(await matching('cell')).toEqual([])
    expect(await matching('atom', ['CHEM'])).toEqual(['s1'])
    await db.deleteFrom('users').where('id', '=', 'u1').execute()
    expect(await matching('atom')).toEqual([])
    const left = await sql<{ n: number }>`select count(*) as n from study_set_search_ids`.execute(db)
    expect(left.rows[0]?.n).toBe(0)
  })

  it('leaves searches shorter than three characters, and tags with a comma, to the plain filters', () => {
    expect(publicSetSearchQuery('ab', [])).toBeUndefined()
    expect(publicSetSearchQuery('ab', ['A,B'])).toBeUndefined()
    expect(publicSetSearchQuery('abc', ['X'])?.coversSearch).toBe(true)
  })
})
