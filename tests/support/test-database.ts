import { sql } from 'kysely'
import { inject } from 'vitest'
import { type DB, type DialectName, dialectOf, openPostgresDatabase, openSqliteDatabase, type StatementListener } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { createDatabaseFrom } from './postgres'
import { TEMPLATE_DATABASE } from './postgres-global-setup'

/** The dialect this test run uses: the `postgres` vitest project sets CARDWISE_TEST_DIALECT. */
export function testDialect(): DialectName {
  return process.env.CARDWISE_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite'
}

export interface TestDatabase {
  db: DB
  dialect: DialectName
  /** DATABASE_URL for a server process on the same database (PostgreSQL only). */
  url?: string
  /** Closes the handle and removes the database. */
  dispose(): Promise<void>
}

/**
 * A fresh, migrated database of the run's dialect: SQLite in memory, or a PostgreSQL database
 * copied from the migrated template on the run's server (started without fsync, ./postgres.ts).
 * Neither waits for the disk: the API suite tests what the app does, not what survives a power
 * cut. What survives a crash is tested on real files with the app's own settings (fsync at every
 * commit): tests/reliability/ and server/db/backup.test.ts. In memory, a SQLite test app migrates
 * in about 3 ms here against 400 ms for a file, and no commit waits for an fsync.
 */
export async function openTestDatabase(dialect = testDialect(), onStatement?: StatementListener): Promise<TestDatabase> {
  if (dialect === 'postgres') {
    const created = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
    const db = openPostgresDatabase(created.url, { maxConnections: 10, onStatement })
    return {
      db,
      dialect,
      url: created.url,
      async dispose() {
        await db.destroy()
        await created.drop()
      },
    }
  }
  const db = openSqliteDatabase(':memory:', { onStatement })
  await migrateToLatest(db)
  return { db, dialect, dispose: () => db.destroy() }
}

/** The counter table `watchChanges` adds on PostgreSQL; not one of the app's tables. */
const COUNTER_TABLE = 'test_change_counter'

/** The app's tables (Kysely's migration tables included), by name. */
export async function listTables(db: DB): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string
        }>`select tablename as name from pg_tables where schemaname = current_schema() and tablename <> ${COUNTER_TABLE} order by tablename`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
  return rows.rows.map((row) => row.name)
}

/**
 * A number that moves whenever any table is written. SQLite: total_changes() of the one
 * connection the app and the test share. PostgreSQL (a pool, and statistics that arrive late): a
 * counter bumped by a statement trigger on every table, installed here.
 */
export async function watchChanges(db: DB): Promise<() => Promise<number>> {
  if (dialectOf(db) === 'sqlite') {
    return async () => (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n ?? -1
  }
  await sql`create table ${sql.table(COUNTER_TABLE)} (n bigint not null)`.execute(db)
  await sql`insert into ${sql.table(COUNTER_TABLE)} values (0)`.execute(db)
  await sql`create function test_count_change() returns trigger language plpgsql as $$
    begin update test_change_counter set n = n + 1; return null; end $$`.execute(db)
  for (const table of await listTables(db)) {
    await sql`create trigger ${sql.raw(`test_count_${table}`)} after insert or update or delete on ${sql.table(table)}
      for each statement execute function test_count_change()`.execute(db)
  }
  return async () => Number((await sql<{ n: string }>`select n from ${sql.table(COUNTER_TABLE)}`.execute(db)).rows[0]?.n ?? -1)
}
