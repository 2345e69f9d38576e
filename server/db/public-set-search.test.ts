import { Migrator, sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type DB, openSqliteDatabase } from './database'
import { migrateToLatest } from './migrate'
import { migrations } from './migrations'
import { publicSetSearch } from './text-search'

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
      .values({
        id: 'u1',
        username: 'ann',
        email: 'ann@example.org',
        password_hash: 'x',
        token_key: 'k',
        verified: 1,
        plan_id: plan.id,
        avatar: null,
        created: now,
        updated: now,
      })
      .execute()
  })
  afterEach(() => db.destroy())

  const addSet = (id: string, title: string, isPublic: number, tags = '', created = now) =>
    db
      .insertInto('study_sets')
      .values({ id, owner_id: 'u1', title, description: 'About Ökologie', tags, is_public: isPublic, card_count: 0, created, updated: created })
      .execute()

  /** The ids the index matches for a search and tags, in the index's own order (newest first). */
  async function matching(search: string, tags: string[] = []): Promise<string[]> {
    const { match } = publicSetSearch(search, tags)
    if (!match) throw new Error('the index has nothing to match')
    const rows = await sql<{ id: string }>`select i.set_id as id from study_set_search join study_set_search_ids i on i.search_id = study_set_search.rowid
      where study_set_search match ${match} order by study_set_search.rowid desc`.execute(db)
    return rows.rows.map((row) => row.id)
  }

  it('finds public sets by words and word beginnings, whatever the case and accents', async () => {
    await addSet('s1', 'Mitochondria and cells', 1, 'SCI,BIO')
    await addSet('s2', 'Private mitochondria', 0, 'SCI')
    expect(await matching('MITOCH')).toEqual(['s1'])
    expect(await matching('ökologie')).toEqual(['s1'])
    expect(await matching('OKO')).toEqual(['s1'])
    expect(await matching('cells mito')).toEqual(['s1'])
    expect(await matching('mito', ['SCI'])).toEqual(['s1'])
    expect(await matching('', ['BIO'])).toEqual(['s1'])
    expect(await matching('', ['BI'])).toEqual([])
    // Only the last word is a prefix; a part inside a word is not a word.
    expect(await matching('mito cells')).toEqual([])
    expect(await matching('chond')).toEqual([])
    expect(await matching('"mitochondria"')).toEqual(['s1'])
    expect(await matching('"quoted"')).toEqual([])
  })

  it('matches tags whole and exactly, punctuation, accents and quotes included', async () => {
    await addSet('s1', 'One', 1, 'A-LEVEL,C++,"Q"\\')
    await addSet('s2', 'Two', 1, 'A,LEVEL,C,É')
    expect(await matching('', ['A-LEVEL'])).toEqual(['s1'])
    expect(await matching('', ['C++'])).toEqual(['s1'])
    expect(await matching('', ['"Q"\\'])).toEqual(['s1'])
    expect(await matching('', ['A', 'LEVEL'])).toEqual(['s2'])
    expect(await matching('', ['C'])).toEqual(['s2'])
    expect(await matching('', ['É'])).toEqual(['s2'])
    expect(await matching('', ['E'])).toEqual([])
    expect(await matching('', ['Q'])).toEqual([])
  })

  it('lists matches newest first by itself, sets of the same millisecond too', async () => {
    await addSet('old', 'Cells', 1, '', '2024-05-01T10:00:00.000Z')
    await addSet('new', 'Cells', 1, '', '2025-05-01T10:00:00.001Z')
    await addSet('mid', 'Cells', 1, '', '2024-05-01T10:00:00.001Z')
    await addSet('mid2', 'Cells', 1, '', '2024-05-01T10:00:00.001Z')
    expect(await matching('cells')).toEqual(['new', 'mid2', 'mid', 'old'])
    // An edit re-indexes a set but keeps it in its place among the others.
    await db.updateTable('study_sets').set({ title: 'Cells again' }).where('id', '=', 'old').execute()
    expect(await matching('cells')).toEqual(['new', 'mid2', 'mid', 'old'])
  })

  it('follows changes of title, tags and visibility, and deletes (also by cascade)', async () => {
    await addSet('s1', 'Cells', 0)
    expect(await matching('cell')).toEqual([])
    await db.updateTable('study_sets').set({ is_public: 1 }).where('id', '=', 's1').execute()
    expect(await matching('cell')).toEqual(['s1'])
    await db.updateTable('study_sets').set({ title: 'Atoms', tags: 'CHEM' }).where('id', '=', 's1').execute()
    expect(await matching('cell')).toEqual([])
    expect(await matching('atom', ['CHEM'])).toEqual(['s1'])
    await db.updateTable('study_sets').set({ is_public: 0 }).where('id', '=', 's1').execute()
    expect(await matching('atom')).toEqual([])
    await db.updateTable('study_sets').set({ is_public: 1 }).where('id', '=', 's1').execute()
    expect(await matching('atom')).toEqual(['s1'])
    await db.deleteFrom('users').where('id', '=', 'u1').execute()
    expect(await matching('atom')).toEqual([])
    const left = await sql<{ n: number }>`select count(*) as n from study_set_search_ids`.execute(db)
    expect(left.rows[0]?.n).toBe(0)
  })

  it('takes any search and tags as text, never as query syntax', async () => {
    await addSet('s1', 'Mitochondria and cells', 1, 'SCI')
    expect(await matching('cells\0mito')).toEqual(['s1'])
    const odd = ['a\0"', '"', '""a', 'a*', '(a', 'NEAR(a b)', 'a OR cells', 'a\ud800', '^a', 'a:b', '{title}', '-a', '+a', 'a\\']
    for (const search of odd) expect(await matching(search, ['T"', 'A\0'])).toEqual([])
  })

  it('leaves a search without letters or digits to the plain filter', () => {
    expect(publicSetSearch('%', [])).toEqual({ match: undefined, plainSearch: '%' })
    expect(publicSetSearch('_', ['X']).plainSearch).toBe('_')
    expect(publicSetSearch('100% ok', []).plainSearch).toBe('')
    expect(publicSetSearch('', []).match).toBeUndefined()
  })
})

/** The migration's one-off build of the index from the sets already there. */
describe('public set search index, built over existing sets', () => {
  it('indexes the public sets present before the migration, newest first', async () => {
    const db = openSqliteDatabase(':memory:')
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
    await migrator.migrateTo('0004_study_records')
    const plan = await db.selectFrom('plans').select('id').executeTakeFirstOrThrow()
    const at = '2025-01-01T00:00:00.000Z'
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        username: 'ann',
        email: 'a@example.org',
        password_hash: 'x',
        token_key: 'k',
        verified: 1,
        plan_id: plan.id,
        avatar: null,
        created: at,
        updated: at,
      })
      .execute()
    const set = (id: string, isPublic: number, created: string) => ({
      id,
      owner_id: 'u1',
      title: 'Biology',
      description: '',
      tags: 'SCI',
      is_public: isPublic,
      card_count: 0,
      created,
      updated: created,
    })
    await db
      .insertInto('study_sets')
      .values([set('b', 1, at), set('a', 1, at), set('c', 1, '2025-02-01T00:00:00.000Z'), set('p', 0, at)])
      .execute()
    await migrator.migrateToLatest()
    const { match } = publicSetSearch('bio', ['SCI'])
    const rows = await sql<{ id: string }>`select i.set_id as id from study_set_search join study_set_search_ids i on i.search_id = study_set_search.rowid
      where study_set_search match ${match} order by study_set_search.rowid desc`.execute(db)
    // Newest first; within one millisecond by id, descending, as the set lists order them.
    expect(rows.rows.map((row) => row.id)).toEqual(['c', 'b', 'a'])
    await db.destroy()
  })
})
