import type SQLite from 'better-sqlite3'
import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** Distinct SQL texts kept prepared; the app has far fewer, so this only bounds a runaway. */
const MAX_STATEMENTS = 1000

/**
 * The database as Kysely's SqliteDialect sees it, with each SQL text prepared once and reused.
 * Kysely compiles a query to the same text every time and would otherwise ask SQLite to parse and
 * plan it again on every call. Reuse is safe: better-sqlite3 runs each statement to completion
 * synchronously, so one statement never serves two queries at once.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>()
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql)
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.clear()
        statement = sqlite.prepare(sql) as unknown as SqliteStatement
        statements.set(sql, statement)
      }
      return statement
    },
    close() {
      statements.clear()
      sqlite.close()
    },
  }
}
