import SQLite from 'better-sqlite3'
import {
  Kysely,
  type LogEvent,
  PostgresAdapter,
  PostgresDialect,
  PostgresDriver,
  PostgresIntrospector,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  SqliteDialect,
  sql,
} from 'kysely'
import type pg from 'pg'
import { createHash } from 'node:crypto'
import type { Database } from './schema'
import { ReplicaSet, RoutingDriver } from './replicas'
import { withStatementCache } from './statement-cache'
import { loadPg } from './pg'

export type DB = Kysely<Database>

/** Which database the app runs on: the embedded default, or PostgreSQL for several processes. */
export type DialectName = 'sqlite' | 'postgres'

/** The dialect of a handle (the app's or a transaction's), for the few places under server/db/ that need it. */
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

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

/** Called with each statement's SQL as it is sent (tests count a route's round trips with it). */
export type StatementListener = (sql: string) => void

/** Kysely's log option for a statement listener: every query event, errors included. */
function statementLog(onStatement: StatementListener | undefined) {
  return onStatement && ((event: LogEvent) => onStatement(event.query.sql))
}

export interface SqliteOptions {
  synchronous?: SynchronousMode
  /** How long a statement waits for another connection's lock before failing (DB_BUSY_TIMEOUT_MS; default 5 s). */
  busyTimeoutMs?: number
  onStatement?: StatementListener
}

/**
 * Opens (or creates) the SQLite file with the app's settings: WAL so readers never wait for the
 * writer, the chosen `synchronous`, foreign keys on so deletes cascade, and a busy timeout so a
 * second writer (a script) waits instead of failing.
 */
export function openSqliteDatabase(file: string, options: SqliteOptions = {}): DB {
  // better-sqlite3's `timeout` is SQLite's busy timeout, from the first statement (the WAL pragma) on.
  const sqlite = new SQLite(file, { timeout: options.busyTimeoutMs ?? 5000 })
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`synchronous = ${(options.synchronous ?? 'full') === 'full' ? 'FULL' : 'NORMAL'}`)
  sqlite.pragma('foreign_keys = ON')
  // SQLite's built-in lower() folds ASCII letters only, so a case-insensitive search for 'ökologie'
  // would miss 'Ökologie'. Replace it with full Unicode lower-casing (as SQLite's ICU extension
  // does, and as PostgreSQL's lower() already behaves). ASCII text lower-cases exactly as before,
  // so the index on lower(username) (usernames are ASCII) keeps its values.
  sqlite.function('lower', { deterministic: true }, (text: unknown) => (text === null ? null : String(text).toLowerCase()))
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: statementLog(options.onStatement) })
}

export interface PostgresOptions {
  /** Connections this process keeps at most. */
  maxConnections?: number
  /** Called when a connection fails (the server went away), idle or lent out; the pool replaces it. */
  onConnectionError?: (error: Error) => void
  /** Named (prepared) statements: parsed and planned once per connection (DB_PREPARED_STATEMENTS; default on). */
  preparedStatements?: boolean
  /** Read replicas (DATABASE_REPLICA_URLS): plain reads of requests run `withReplicaReads` go to them. */
  replicaUrls?: string[]
  /** A replica further behind than this is left out until it catches up (DATABASE_REPLICA_MAX_LAG_SECONDS). */
  replicaMaxLagSeconds?: number
  onStatement?: StatementListener
}

/** Distinct named statements one connection keeps at most; past it, statements run unnamed. */
export const MAX_PREPARED_PER_CONNECTION = 200
/** A connection is closed and replaced after this many uses, which also lets go of its statements. */
const MAX_USES_PER_CONNECTION = 10_000

/**
 * Opens a pool on a PostgreSQL server. No connection is made here: `checkConnection` (start-up)
 * or the first query does. A connection that breaks is dropped and the next query opens another,
 * so the app recovers by itself when a server that went away comes back.
 */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): DB {
  const prepared = options.preparedStatements ?? true
  const primary = wrapPool(newPool(url, options), prepared)
  const replicaUrls = options.replicaUrls ?? []
  const log = statementLog(options.onStatement)
  if (replicaUrls.length === 0) return new Kysely<Database>({ dialect: new PostgresDialect({ pool: primary }), log })
  const replicas = new ReplicaSet(
    replicaUrls.map((replicaUrl) => {
      const pool = newPool(replicaUrl, options)
      return { url: replicaUrl, pool, driver: new PostgresDriver({ pool: wrapPool(pool, prepared) }), usable: false }
    }),
    options.replicaMaxLagSeconds ?? 5,
  )
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new RoutingDriver(new PostgresDriver({ pool: primary }), replicas),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log,
  })
}

/**
 * With named statements, every connection plans each statement once: the generic plan. Left to
 * itself (plan_cache_mode=auto) PostgreSQL plans a statement afresh at every run whenever it
 * estimates the generic plan dearer than a plan for the values at hand, which a LIMIT $n always
 * makes it do (it guesses a tenth of the rows): public search was planned at every request
 * (0.9 ms of the database's 1.3 ms) for the same plan. The app's statements are written so that
 * their generic plans are the good ones (the search picks its way inside the statement, from the
 * count); `prepared-statements.pg.test.ts` checks the plans of the ones that depend on it.
 * Not sent with DB_PREPARED_STATEMENTS=false: poolers refuse start-up options.
 */
const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan'

function newPool(url: string, options: PostgresOptions): pg.Pool {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    ...((options.preparedStatements ?? true) ? { options: GENERIC_PLANS } : {}),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    // Answers are short: a query stuck far longer is a server in trouble, better failed than hung.
    statement_timeout: 30_000,
    maxUses: MAX_USES_PER_CONNECTION,
  })
  // Without a listener an idle connection's error (server restart) would crash the process.
  pool.on('error', (error) => options.onConnectionError?.(error))
  // A connection lent out between two statements of a transaction has no pool listener: when the
  // server goes away then, its 'error' event would crash the process. The statement that follows
  // fails (503 unavailable) and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)))
  return pool
}

/**
 * PostgreSQL text cannot hold U+0000 (SQLite's can) and refuses a query that sends one, which
 * would turn a request naming `/api/sets/%00` into a 500. Text never stored can never match, so
 * a NUL in a parameter becomes U+FFFD: a lookup finds nothing (404, as on SQLite), a search
 * matches no stored NUL. The request validators strip markup (and NUL with it) from stored text.
 */
const withoutNul = (value: unknown) => (typeof value === 'string' && value.includes('\0') ? value.replaceAll('\0', '\uFFFD') : value)

/**
 * Named statements: Kysely sends every query unnamed, which PostgreSQL parses and plans each
 * time. A name (a hash of the SQL) lets each connection parse it once and, after five runs, keep
 * a generic plan. Only plain reads and writes are named (never DDL: migrations change what a
 * plan relies on), and each connection names at most MAX_PREPARED_PER_CONNECTION of them.
 */
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i
const preparedBy = new WeakMap<pg.PoolClient, Set<string>>()
/** Each SQL text's name, hashed once (the app has a few hundred texts; past the bound, hashed again). */
const names = new Map<string, string>()
const MAX_NAMES = 2000

function nameOf(text: string): string {
  let name = names.get(text)
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear()
    name = `cw_${createHash('sha1').update(text).digest('base64url')}`
    names.set(text, name)
  }
  return name
}

export function statementName(client: pg.PoolClient, text: string): string | undefined {
  if (!NAMEABLE.test(text)) return undefined
  const name = nameOf(text)
  let names = preparedBy.get(client)
  if (!names) preparedBy.set(client, (names = new Set()))
  if (names.has(name)) return name
  if (names.size >= MAX_PREPARED_PER_CONNECTION) return undefined
  names.add(name)
  return name
}

/** The pool as Kysely sees it: parameters without NUL (see withoutNul), and statements named when `prepared`. */
function wrapPool(pool: pg.Pool, prepared: boolean): PostgresPool {
  // One wrapper per connection, made when the pool first lends it (not on every query).
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>()
  const wrap = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    return new Proxy(client, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver)
        return (text: unknown, values?: unknown) => {
          if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values)
          const name = prepared ? statementName(client, text) : undefined
          return query({ text, values: values.map(withoutNul), ...(name ? { name } : {}) })
        }
      },
    }) as unknown as PostgresPoolClient
  }
  return {
    async connect() {
      const client = await pool.connect()
      let proxy = wrapped.get(client)
      if (!proxy) wrapped.set(client, (proxy = wrap(client)))
      return proxy
    },
    end: () => pool.end(),
  }
}

/** Where the app's database is: DATABASE_URL's PostgreSQL server, else the SQLite file in DATA_DIR. */
export interface DatabaseLocation extends PostgresOptions {
  databaseUrl?: string
  sqliteFile: string
  synchronous?: SynchronousMode
  busyTimeoutMs?: number
}

/** The one place that picks the dialect. */
export function openDatabase(location: DatabaseLocation): { db: DB; dialect: DialectName } {
  if (location.databaseUrl) {
    return { db: openPostgresDatabase(location.databaseUrl, location), dialect: 'postgres' }
  }
  return { db: openSqliteDatabase(location.sqliteFile, { synchronous: location.synchronous, busyTimeoutMs: location.busyTimeoutMs }), dialect: 'sqlite' }
}

/** PostgreSQL's error codes for "cannot reach or use the server", as opposed to a bad query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  '53300',
])

/** True when an error means the database cannot be reached right now (the request may work later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(error.message)
}

/**
 * Whether the database answers a trivial query within `timeoutMs`: the health check's question.
 * Never throws and never waits longer, whatever state the database or the pool is in.
 */
export async function databaseAnswers(db: DB, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * True when a write named a row that is gone (a foreign key): on PostgreSQL a concurrent delete
 * can commit between a request's check and its insert, where SQLite's one writer would queue them.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503'
}

/** True when an insert or update broke a unique constraint, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505'
}

/**
 * Whether a unique violation is the one on `column` of `table`: SQLite names the columns in its
 * message ("UNIQUE constraint failed: users.email"), PostgreSQL names the constraint or index
 * (users_email_key) and the column in its detail ("Key (email)=(...) already exists").
 */
export function isUniqueViolationOn(error: unknown, table: string, column: string): boolean {
  if (!isUniqueViolation(error)) return false
  const { message, constraint, detail } = error as Error & { constraint?: string; detail?: string }
  if (constraint !== undefined || detail !== undefined) {
    return (constraint ?? '').startsWith(`${table}_${column}`) || (detail ?? '').includes(`(${column})`) || (detail ?? '').includes(`(lower(${column}))`)
  }
  return message.includes(`${table}.${column}`) || (column === 'username' && message.includes("index 'users_username_lower_unique'"))
}
