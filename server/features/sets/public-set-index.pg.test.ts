import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listSets } from './sets.repo'
import { openTestDatabase, type TestDatabase } from '#tests/support/test-database'
import type { DB } from '#server/db/database'

/**
 * The public-set search on both dialects (FTS5 on SQLite, tsvector on PostgreSQL): the same sets
 * seeded into each, the same answers for every search of the table, ids and totals alike.
 */
const at = (n: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString()
const SETS = [
  { id: 's01', title: 'Mitochondria and cells', description: 'Cell biology basics', tags: 'SCI,BIO', is_public: 1, created: at(1) },
  { id: 's02', title: 'Private mitochondria', description: '', tags: 'SCI', is_public: 0, created: at(2) },
  { id: 's03', title: 'Ökologie', description: 'Über Wälder und Seen', tags: 'BIO,DE', is_public: 1, created: at(3) },
  { id: 's04', title: 'ÉCOLOGIE', description: 'Les forêts', tags: 'FR', is_public: 1, created: at(4) },
  { id: 's05', title: 'Cell-bio revision', description: 'A-level exam prep', tags: 'A-LEVEL,BIO', is_public: 1, created: at(5) },
  { id: 's06', title: 'C++ pointers', description: 'Memory & references', tags: 'C++,CS', is_public: 1, created: at(6) },
  { id: 's07', title: '100% vocabulary', description: 'under_score words', tags: '', is_public: 1, created: at(7) },
  { id: 's08', title: 'Naïve café résumé', description: 'French loanwords in English', tags: 'EN', is_public: 1, created: at(8) },
  { id: 's09', title: 'Cells again', description: 'same second', tags: 'BIO', is_public: 1, created: at(9) },
  { id: 's10', title: 'Cells too', description: 'same second', tags: 'BIO', is_public: 1, created: at(9) },
  { id: 's11', title: 'Спряжение глаголов', description: 'Русский язык', tags: 'RU', is_public: 1, created: at(11) },
  { id: 's12', title: 'Quoted "words" here', description: 'and: colons (brackets) | bars & ands', tags: '"Q"', is_public: 1, created: at(12) },
]

const SEARCHES: Array<[string, string[]]> = [
  ['', []],
  ['cell', []],
  ['CELLS', []],
  ['mito', []],
  ['chond', []],
  ['cells mito', []],
  ['mito cells', []],
  ['mitochondria cells', []],
  ['cell-bio', []],
  ['cell bio', []],
  ['okolog', []],
  ['ÖKOLOGIE', []],
  ['ecologie', []],
  ['ÉCO', []],
  ['uber', []],
  ['naive cafe', []],
  ['resume', []],
  ['спряж', []],
  ['РУССКИЙ', []],
  ['c++', []],
  ['memory', []],
  ['100%', []],
  ['%', []],
  ['_', []],
  ['under_score', []],
  ['"words"', []],
  ['colons (brackets)', []],
  ['a:b', []],
  ['a & b | !c', []],
  ["it's", []],
  ['\\', []],
  ['cells\u0000mito', []],
  ['', ['BIO']],
  ['', ['BIO', 'SCI']],
  ['', ['BI']],
  ['', ['A-LEVEL']],
  ['', ['C++']],
  ['', ['"Q"']],
  ['cell', ['BIO']],
  ['cell', ['SCI']],
  ['cell', ['NONE']],
  ['%', ['BIO']],
  ['same', []],
  ['exam prep', []],
  ['prep exam', []],
]

describe('public set search: the same answers on SQLite and PostgreSQL', () => {
  const databases: TestDatabase[] = []
  const pageOf = (db: DB, search: string, tags: string[], limit: number, offset: number) =>
    listSets(db, { publicOnly: true, search, tags }, { limit, offset }).then(({ items, total }) => ({ ids: items.map((item) => item.id), total }))

  beforeAll(async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const database = await openTestDatabase(dialect)
      databases.push(database)
      const { db } = database
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
          created: at(0),
          updated: at(0),
        })
        .execute()
      for (const set of SETS) {
        await db
          .insertInto('study_sets')
          .values({ ...set, owner_id: 'u1', card_count: 0, updated: set.created })
          .execute()
        const rows = set.tags
          .split(',')
          .filter(Boolean)
          .map((tag) => ({ set_id: set.id, tag }))
        if (rows.length > 0) await db.insertInto('set_tags').values(rows).execute()
      }
    }
  })
  afterAll(async () => {
    for (const database of databases) await database.dispose()
  })

  it.each(SEARCHES)('search %j with tags %j', async (search, tags) => {
    const [sqlite, postgres] = databases.map((database) => database.db) as [DB, DB]
    const expected = await pageOf(sqlite, search, tags, 50, 0)
    expect(await pageOf(postgres, search, tags, 50, 0)).toEqual(expected)
    // A page in the middle: the same order and the same true total. Pages this small against this
    // many matches make PostgreSQL walk its created index (many matches for the page) where the
    // 50-set page above sorts the matches: both ways must give the same answer.
    expect(await pageOf(postgres, search, tags, 2, 1)).toEqual(await pageOf(sqlite, search, tags, 2, 1))
    expect(await pageOf(postgres, search, tags, 1, 0)).toEqual(await pageOf(sqlite, search, tags, 1, 0))
    expect(await pageOf(postgres, search, tags, 1, 9)).toEqual(await pageOf(sqlite, search, tags, 1, 9))
  })

  it('finds what each search is meant to find (so equal answers are not equally empty)', async () => {
    const postgres = databases[1]?.db as DB
    expect((await pageOf(postgres, 'cell', [], 50, 0)).ids).toEqual(['s10', 's09', 's05', 's01'])
    expect((await pageOf(postgres, 'okolog', [], 50, 0)).ids).toEqual(['s03'])
    expect((await pageOf(postgres, 'ecologie', [], 50, 0)).ids).toEqual(['s04'])
    expect((await pageOf(postgres, 'спряж', [], 50, 0)).ids).toEqual(['s11'])
    expect((await pageOf(postgres, '', ['C++'], 50, 0)).ids).toEqual(['s06'])
    expect((await pageOf(postgres, '100%', [], 50, 0)).ids).toEqual(['s07'])
    expect((await pageOf(postgres, 'mito cells', [], 50, 0)).ids).toEqual([])
  })

  it('follows edits, visibility changes and deletes on PostgreSQL as on SQLite', async () => {
    for (const { db } of databases) {
      await db.updateTable('study_sets').set({ title: 'Atoms' }).where('id', '=', 's01').execute()
      await db.updateTable('study_sets').set({ is_public: 1 }).where('id', '=', 's02').execute()
      await db.deleteFrom('study_sets').where('id', '=', 's09').execute()
      // Tags and created are in PostgreSQL's index too (migration 0019), as in SQLite's.
      await db.updateTable('study_sets').set({ tags: 'SCI,NEW' }).where('id', '=', 's03').execute()
      await db
        .updateTable('study_sets')
        .set({ created: at(20) })
        .where('id', '=', 's05')
        .execute()
    }
    const [sqlite, postgres] = databases.map((database) => database.db) as [DB, DB]
    for (const search of ['atom', 'mito', 'cells', 'cell']) {
      expect(await pageOf(postgres, search, [], 50, 0)).toEqual(await pageOf(sqlite, search, [], 50, 0))
    }
    expect((await pageOf(postgres, 'mito', [], 50, 0)).ids).toEqual(['s02'])
    for (const [search, tags] of [
      ['okolog', ['NEW']],
      ['okolog', ['BIO']],
      ['cell', []],
      ['cell', ['BIO']],
    ] as const) {
      for (const [limit, offset] of [
        [50, 0],
        [1, 0],
        [1, 1],
      ] as const) {
        expect(await pageOf(postgres, search, [...tags], limit, offset)).toEqual(await pageOf(sqlite, search, [...tags], limit, offset))
      }
    }
    expect((await pageOf(postgres, 'okolog', ['NEW'], 50, 0)).ids).toEqual(['s03'])
    expect((await pageOf(postgres, 'cell', [], 1, 0)).ids).toEqual(['s05'])
  })
})
