import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema'
import { withStatementCache } from './statement-cache'

export type DB = Kysely<Database>

/**
 * Opens (or creates) the SQLite database: WAL so readers never wait for the writer, foreign keys
 * on so deletes cascade, and a busy timeout so a second writer waits instead of failing.
 */
export function openSqliteDatabase(file: string): DB {
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // SQLite's built-in lower() folds ASCII letters only, so a case-insensitive search for 'ökologie'
  // would miss 'Ökologie'. Replace it with full Unicode lower-casing (as SQLite's ICU extension
  // does, and as PostgreSQL's lower() already behaves). ASCII text lower-cases exactly as before,
  // so the index on lower(username) (usernames are ASCII) keeps its values.
  sqlite.function('lower', { deterministic: true }, (text: unknown) => (text === null ? null : String(text).toLowerCase()))
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
}

/** True when an insert or update broke a unique constraint, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505'
}
