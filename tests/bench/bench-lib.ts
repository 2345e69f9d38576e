// The app's own code the benchmark needs in-process, bundled by tests/bench/build.mjs into
// dist/bench/bench-lib.js (the bench scripts are plain Node and cannot import TypeScript):
// the migrations for the seeder, and an in-process app whose SQL is recorded for the twins.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createApp } from '#server/app'
import { loadConfig, resolveAuthSecret } from '#server/config'
import { openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { migrations } from '#server/db/migrations/index'
import { createMailer } from '#server/mail/mailer'
import { silentLogger } from '#server/logger'
import { DATABASE_FILE } from '#server/start'
import { copySqliteToPostgres } from '#server/db/copy'
import { adminQuery, databaseUrl, startTestPostgres } from '#tests/support/postgres'

export { DATABASE_FILE }

/** The migration names, in order: part of the seeded database's cache key. */
export const migrationNames = Object.keys(migrations)

/** Creates (or migrates) the database file to the newest schema, as the server does at start. */
export async function migrateDatabaseFile(file: string): Promise<string[]> {
  const db = openSqliteDatabase(file)
  try {
    return await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
}

/** One SQL statement as the app ran it, with what it read (to tell ids it made from ids it found). */
export interface RecordedStatement {
  sql: string
  parameters: unknown[]
  reader: boolean
  rows: unknown[]
}

export interface BenchRequest {
  name: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface RecordedRequest {
  name: string
  status: number
  responseBytes: number
  statements: RecordedStatement[]
}

type Statement = SQLite.Statement<unknown[], unknown>

/**
 * Wraps better-sqlite3's prepare so every statement run while `recording` holds is noted with its
 * parameters. Only the benchmark process does this; the server it measures is not touched.
 */
function recordStatements(sink: { current: RecordedStatement[] | undefined }) {
  const proto = SQLite.prototype as unknown as { prepare: (this: SQLite.Database, source: string) => Statement }
  const original = proto.prepare
  proto.prepare = function prepare(this: SQLite.Database, source: string) {
    const statement = original.call(this, source)
    const note = (parameters: unknown[], rows: unknown[]) => sink.current?.push({ sql: source, parameters, reader: statement.reader, rows })
    return new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property)
        if (typeof value !== 'function') return value
        if (property === 'all' || property === 'get' || property === 'run') {
          return (...args: unknown[]) => {
            const result = value.apply(target, args)
            const rows = property === 'all' ? (result as unknown[]) : property === 'get' && result ? [result] : []
            note(args.flat(), rows)
            return result
          }
        }
        return value.bind(target)
      },
    })
  }
  return () => {
    proto.prepare = original
  }
}

/**
 * Starts the real app in this process on `dataDir` (the server's own config from `env`), sends
 * each request once and returns the SQL it ran for it. The twins replay exactly these statements,
 * so a twin cannot drift from its route.
 */
export async function recordRouteSql(env: NodeJS.ProcessEnv, requests: (url: string) => Promise<BenchRequest[]>): Promise<RecordedRequest[]> {
  const sink: { current: RecordedStatement[] | undefined } = { current: undefined }
  const restore = recordStatements(sink)
  const config = resolveAuthSecret(loadConfig(env))
  const db = openSqliteDatabase(path.join(config.dataDir, DATABASE_FILE))
  const mailer = createMailer({ smtpUrl: undefined, from: config.mailFrom, dataDir: config.dataDir, logger: silentLogger })
  const app = createApp({ config, db, mailer, logger: silentLogger })
  const server = http.createServer(app.callback())
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const recorded: RecordedRequest[] = []
  try {
    for (const request of await requests(url)) {
      // A first call warms caches the app may keep; the second one is recorded.
      await send(url, request)
      sink.current = []
      const { status, bytes } = await send(url, request)
      recorded.push({ name: request.name, status, responseBytes: bytes, statements: sink.current })
      sink.current = undefined
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    mailer.close()
    await db.destroy()
    restore()
  }
  return recorded
}

async function send(url: string, request: BenchRequest): Promise<{ status: number; bytes: number }> {
  const response = await fetch(url + request.path, { method: request.method, headers: request.headers, body: request.body })
  const body = await response.arrayBuffer()
  return { status: response.status, bytes: body.byteLength }
}

/**
 * A PostgreSQL server for the bench (Debian's, in a temporary folder, durable as a real one) with
 * the seeded SQLite database copied into it by `npm run db:copy`'s code: the same rows, ids and
 * password hashes, so the same token signs in on both. `pids()` lists the server's processes now.
 */
export async function preparePostgres(sqliteFile: string) {
  const server = await startTestPostgres({ durable: true })
  try {
    await adminQuery(server.url, ['create database cardwise_bench'])
    const url = databaseUrl(server.url, 'cardwise_bench')
    const copied = await copySqliteToPostgres(sqliteFile, url)
    await adminQuery(url, ['vacuum analyze'])
    return { url, rows: copied.tables.reduce((sum, table) => sum + table.rows, 0), pids: server.pids, stop: server.stop }
  } catch (error) {
    await server.stop()
    throw error
  }
}
