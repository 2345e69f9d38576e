import { existsSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { redactUrl } from '#server/config'
import { type DB, openPostgresDatabase } from './database'
import { migrateToLatest } from './migrate'

/**
 * `npm run db:copy -- <sqlite file> <postgres url>`: moves a Cardwise database from SQLite to
 * PostgreSQL, ids unchanged, so accounts, sessions, sets and study records carry over as they are.
 *
 * The target must be empty: it is migrated first (a new database takes every migration; one
 * already migrated must be at the source's version), then every table is copied in one
 * transaction, parents before children, and each table's row count is checked before the commit.
 * Anything wrong rolls it all back. The source is read in one read transaction, so a server still
 * writing to it cannot tear the copy, and is never written.
 */

export class CopyError extends Error {}

/** Tables that are not copied: the migrator's own, and SQLite's derived search index (PostgreSQL builds its own by trigger). */
const SKIPPED = /^(kysely_migration|kysely_migration_lock|sqlite_.*|study_set_search.*)$/

/** Rows per INSERT stay under PostgreSQL's 65,535 parameters. */
const MAX_PARAMETERS = 60_000

export interface CopyResult {
  /** Rows copied, per table, in the order they were copied. */
  tables: Array<{ table: string; rows: number }>
}

export async function copySqliteToPostgres(sqliteFile: string, postgresUrl: string): Promise<CopyResult> {
  if (!existsSync(sqliteFile)) throw new CopyError(`No SQLite database at ${sqliteFile}`)
  const source = new SQLite(sqliteFile, { readonly: true, fileMustExist: true })
  const target = openPostgresDatabase(postgresUrl, { maxConnections: 1 })
  try {
    source.exec('begin') // one snapshot of the whole source
    const tables = sourceTables(source)
    await migrateTarget(target, postgresUrl)
    checkSameVersion(source, await appliedMigrations(target))
    return await target.transaction().execute(async (trx) => {
      await refuseNonEmpty(trx, tables)
      // The seeded 'Free' plan row of the target's own migration gives way to the source's (same name, other id).
      await trx.deleteFrom('plans').execute()
      const copied: CopyResult['tables'] = []
      for (const table of tables) copied.push({ table: table.name, rows: await copyTable(source, trx, table) })
      await resetSequences(trx)
      for (const { table, rows } of copied) {
        const counted = await countRows(trx, table)
        if (counted !== rows) throw new CopyError(`${table}: ${rows} rows in the SQLite database but ${counted} in the copy; nothing was copied`)
      }
      return { tables: copied }
    })
  } finally {
    if (source.inTransaction) source.exec('commit')
    source.close()
    await target.destroy()
  }
}

interface SourceTable {
  name: string
  columns: string[]
  /** Columns referencing their own table: copied as null first, then set, so row order does not matter. */
  selfReferences: string[]
}

/** The source's tables in an order where every referenced table comes before the tables referencing it. */
function sourceTables(source: SQLite.Database): SourceTable[] {
  const names = (source.prepare(`select name from sqlite_master where type = 'table' order by name`).all() as Array<{ name: string }>)
    .map((row) => row.name)
    .filter((name) => !SKIPPED.test(name))
  const parents = new Map<string, Set<string>>()
  const tables = new Map<string, SourceTable>()
  for (const name of names) {
    const columns = (source.prepare(`select name from pragma_table_info(?) order by cid`).all(name) as Array<{ name: string }>).map((row) => row.name)
    const keys = source.prepare(`select "table" as parent, "from" as col from pragma_foreign_key_list(?)`).all(name) as Array<{ parent: string; col: string }>
    parents.set(name, new Set(keys.map((key) => key.parent).filter((parent) => parent !== name)))
    tables.set(name, { name, columns, selfReferences: keys.filter((key) => key.parent === name).map((key) => key.col) })
  }
  const ordered: SourceTable[] = []
  const placed = new Set<string>()
  while (ordered.length < tables.size) {
    const ready = names.filter((name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((parent) => placed.has(parent) || !tables.has(parent)))
    if (ready.length === 0) throw new CopyError(`The tables' foreign keys form a cycle: ${names.filter((name) => !placed.has(name)).join(', ')}`)
    for (const name of ready) {
      placed.add(name)
      ordered.push(tables.get(name)!)
    }
  }
  return ordered
}

async function migrateTarget(target: DB, url: string): Promise<void> {
  try {
    await migrateToLatest(target)
  } catch (error) {
    throw new CopyError(`Cannot migrate the PostgreSQL database at ${redactUrl(url)}: ${(error as Error).message}`)
  }
}

async function appliedMigrations(target: DB): Promise<string[]> {
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(target)
  return rows.rows.map((row) => row.name)
}

/** The source must have taken exactly the migrations the target has: otherwise their tables differ. */
function checkSameVersion(source: SQLite.Database, targetMigrations: string[]): void {
  const sourceMigrations = (source.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((row) => row.name)
  const missing = targetMigrations.filter((name) => !sourceMigrations.includes(name))
  const unknown = sourceMigrations.filter((name) => !targetMigrations.includes(name))
  if (unknown.length > 0)
    throw new CopyError(`The SQLite database has migrations this Cardwise does not know (${unknown.join(', ')}): copy with the version that wrote it`)
  if (missing.length > 0) {
    throw new CopyError(
      `The SQLite database lacks migrations ${missing.join(', ')}: start this version of Cardwise on it once (it migrates at start), stop it, then copy`,
    )
  }
}

async function refuseNonEmpty(trx: DB, tables: SourceTable[]): Promise<void> {
  const filled: string[] = []
  for (const { name } of tables) {
    const rows = await countRows(trx, name)
    // The target's migrations seed one plan ('Free'); any other row is data.
    if (rows > (name === 'plans' ? 1 : 0)) filled.push(`${name} (${rows} rows)`)
  }
  if (filled.length > 0) {
    throw new CopyError(
      `The PostgreSQL database is not empty: ${filled.join(', ')}. db:copy only fills an empty database; create a new one (createdb) and copy into that.`,
    )
  }
}

async function countRows(db: DB, table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(result.rows[0]?.n ?? 0)
}

/** Copies one table in batches; returns the rows copied. */
async function copyTable(source: SQLite.Database, trx: DB, table: SourceTable): Promise<number> {
  const columns = table.columns.map((column) => `"${column.replaceAll('"', '""')}"`).join(', ')
  const rows = source.prepare(`select ${columns} from "${table.name}"`).raw(true).all() as unknown[][]
  const batch = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length))
  const selfIndexes = table.selfReferences.map((column) => table.columns.indexOf(column))
  for (let start = 0; start < rows.length; start += batch) {
    const values = rows.slice(start, start + batch).map((row) => {
      const copy = row.map(toPostgres)
      for (const index of selfIndexes) copy[index] = null
      return copy
    })
    await sql`insert into ${sql.table(table.name)} (${sql.join(table.columns.map((column) => sql.ref(column)))}) values ${sql.join(
      values.map((row) => sql`(${sql.join(row)})`),
    )}`.execute(trx)
  }
  if (selfIndexes.length > 0) {
    const key = table.columns.indexOf('id')
    if (key < 0) throw new CopyError(`${table.name} references itself but has no id column`)
    for (const row of rows) {
      for (const index of selfIndexes) {
        if (row[index] === null) continue
        await sql`update ${sql.table(table.name)} set ${sql.ref(table.columns[index]!)} = ${row[index]} where id = ${row[key]}`.execute(trx)
      }
    }
  }
  return rows.length
}

/** SQLite hands out integers as numbers (bigint beyond 2^53) and blobs as Buffers; pg takes both. */
function toPostgres(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/** Identity or serial columns continue after the copied ids, not from 1. */
async function resetSequences(trx: DB): Promise<void> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(trx)
  for (const { table_name: table, column_name: column } of columns.rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(
      trx,
    )
  }
}
