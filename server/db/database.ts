import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from './schema'
import { withStatementCache } from './statement-cache'

export type DB = Kysely<Database>

/** The database's file name in DATA_DIR. */
export const DATABASE_FILE = 'cardwise.db'

/**
 * When SQLite waits for the disk (`DB_SYNCHRONOUS`). Both keep the database consistent after any
 * crash; they differ in what an answered write survives:
 * - `full`: fsync at every commit. An answered write survives a process crash, an OS crash and a
 *   power cut. Measured here: about 0.5 to 0.7 ms per commit (500 one-row commits: 250 to 350 ms),
 *   during which the event loop waits, since better-sqlite3 is synchronous.
 * - `normal`: fsync only at checkpoints. An answered write survives a process crash (kill -9), but
 *   a power cut or OS crash may lose the last commits (those not yet written back by the OS, in
 *   practice the last seconds). About 10 us per commit.
 * The default is `full`: losing a student's new set or answers to a power cut is worse than half a
 * millisecond per write, which Cardwise's write rates (a student writes every few seconds) never
 * notice. A host with slow disks and many writers can choose `normal`.
 */
export type SynchronousMode = 'full' | 'normal'

export interface SqliteOptions {
  synchronous?: SynchronousMode
}

/**
 * Opens (or creates) the SQLite file with the app's settings: WAL so readers never wait for the
 * writer, the chosen `synchronous`, foreign keys on so deletes cascade, and a busy timeout so a
 * second writer (a script) waits instead of failing.
 */
export function openSqliteDatabase(file: string, options: SqliteOptions = {}): DB {
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`synchronous = ${(options.synchronous ?? 'full') === 'full' ? 'FULL' : 'NORMAL'}`)
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
