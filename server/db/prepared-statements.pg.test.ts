import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'
import { type DB, MAX_PREPARED_PER_CONNECTION, openPostgresDatabase } from './database'
import { postgresPublicSetIndex } from './public-set-index'

/**
 * Named statements on PostgreSQL: each connection parses a statement once and keeps it, up to a
 * cap; DDL is never named; DB_PREPARED_STATEMENTS=false (preparedStatements: false) sends every
 * statement unnamed, as a pooler in transaction mode needs. One connection per pool here, so
 * pg_prepared_statements (per session) shows what the pool's connection holds.
 */
let database: { url: string; drop(): Promise<void> }

beforeAll(async () => {
  database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
})
afterAll(() => database?.drop())

async function withPool<T>(preparedStatements: boolean, use: (db: DB) => Promise<T>): Promise<T> {
  const db = openPostgresDatabase(database.url, { maxConnections: 1, preparedStatements })
  try {
    return await use(db)
  } finally {
    await db.destroy()
  }
}

const prepared = async (db: DB) =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'cw\\_%'`.execute(db)).rows.map((row) => row.statement)

describe('named statements', () => {
  it('are prepared once per connection and reused', async () => {
    await withPool(true, async (db) => {
      for (let run = 0; run < 3; run += 1) await db.selectFrom('users').select('id').where('username', '=', `nobody${run}`).execute()
      const statements = await prepared(db)
      expect(statements.filter((statement) => statement.includes('from "users"'))).toHaveLength(1)
    })
  })

  it('are not used for DDL, nor at all when turned off', async () => {
    await withPool(true, async (db) => {
      await sql`create temporary table scratch (n integer)`.execute(db)
      expect((await prepared(db)).some((statement) => /create/i.test(statement))).toBe(false)
    })
    await withPool(false, async (db) => {
      await db.selectFrom('users').select('id').where('username', '=', 'nobody').execute()
      expect(await prepared(db)).toEqual([])
    })
  })

  it(`stop at ${MAX_PREPARED_PER_CONNECTION} per connection; statements past the cap still run, unnamed`, async () => {
    await withPool(true, async (db) => {
      const extra = 5
      for (let n = 0; n < MAX_PREPARED_PER_CONNECTION + extra; n += 1) {
        const rows = await sql<{ n: number }>`select ${n}::int + ${sql.raw(String(n))} as n`.execute(db)
        expect(rows.rows[0]?.n).toBe(2 * n)
      }
      // The cap counts what this pool named; pg_prepared_statements also holds the query that asks.
      expect((await prepared(db)).length).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION + 1)
      expect((await prepared(db)).length).toBeGreaterThanOrEqual(MAX_PREPARED_PER_CONNECTION - 1)
    })
  })

  it('are planned once, generically, the public search included (no plan for the values at each run); unnamed ones as PostgreSQL likes', async () => {
    await withPool(true, async (db) => {
      for (let run = 0; run < 3; run += 1) await postgresPublicSetIndex.list(db, 'cells', [], { limit: 10, offset: 0 })
      const plans = await sql<{ generic_plans: number; custom_plans: number }>`select generic_plans, custom_plans from pg_prepared_statements
        where statement like '%with q as materialized%' and statement not like '%pg_prepared_statements%'`.execute(db)
      expect(plans.rows).toEqual([{ generic_plans: 3, custom_plans: 0 }])
    })
    await withPool(false, async (db) => {
      const mode = await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db)
      expect(mode.rows[0]?.plan_cache_mode).toBe('auto')
    })
  })

  it('keep the public search right after the generic plan takes over (more than five runs)', async () => {
    await withPool(true, async (db) => {
      const page = { limit: 10, offset: 0 }
      const answers = []
      for (let run = 0; run < 8; run += 1) answers.push(await postgresPublicSetIndex.list(db, run % 2 ? 'mito' : 'cells', [], page))
      expect(answers.every((answer) => answer !== undefined)).toBe(true)
      const statements = await prepared(db)
      expect(statements.some((statement) => statement.includes('with q as materialized'))).toBe(true)
    })
  })
})
