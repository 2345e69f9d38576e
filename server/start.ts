import { mkdirSync } from 'node:fs'
import type { HostAllowlist } from './http/allowed-hosts'
import { type ExtraListener, extraListeners } from './http/extra-listeners'
import { sql } from 'kysely'
import { createHttpServer } from './http/http-server'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createApp } from './app'
import { systemClock } from './clock'
import { type Config, ConfigError, redactUrl, resolveAuthSecret } from './config'
import { startAutomaticBackups } from './db/backup'
import { DATABASE_FILE, type DB, openDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { removePidFile, writePidFile } from './db/pid-file'
import { PostgresAccountEvents } from '#server/events/postgres-account-events'
import { PostgresGameEvents } from '#server/events/game-events'
import { createMailer } from '#server/mail/mailer'
import { startParameterFitting } from './features/memory/fit-job'
import { type Reminder, startReminders } from './features/reminders/reminders.service'
import { startMediaSweep } from './features/media/media.service'
import { DatabaseRateLimitStore } from './http/rate-limit'
import { consoleLogger, type Logger } from './logger'

export { DATABASE_FILE }

export interface StartOptions {
  rendererDir?: string
  logger?: Logger
  /** Serve only these Host headers (the desktop app); unset: any. */
  allowedHosts?: HostAllowlist
  /** Told of each reminder email this process sends (the desktop app's system notification). */
  onReminder?: (reminder: Reminder) => void
}

export interface RunningServer {
  url: string
  port: number
  /** Stops accepting, lets running requests finish, ends event streams, closes the database. */
  close(): Promise<void>
  /** Answers on a further address too (the desktop app's sharing); `close` closes it as well. */
  listen(host: string, port: number): Promise<ExtraListener>
}

/** How long running requests get to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000
const REQUEST_TIMEOUT_MS = 60_000

/** Opens the data folder and database, migrates it, and listens. Used by `npm start` and the desktop app. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? consoleLogger
  mkdirSync(config.dataDir, { recursive: true })
  const appConfig = resolveAuthSecret(config)
  // SQLite only: the pid file tells `npm run restore` that this folder's database is in use (from
  // before it is opened). A PostgreSQL server is shared by design and backed up with pg_dump.
  const sqlite = !config.databaseUrl
  if (sqlite) writePidFile(config.dataDir)
  let db: DB | undefined
  try {
    db = openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, DATABASE_FILE),
      synchronous: config.dbSynchronous,
      busyTimeoutMs: config.dbBusyTimeoutMs,
      preparedStatements: config.dbPreparedStatements,
      replicaUrls: config.databaseReplicaUrls,
      replicaMaxLagSeconds: config.databaseReplicaMaxLagSeconds,
      onConnectionError: (error) => logger.warn(`database: a connection failed (${error.message}); it will be replaced`),
    }).db
    if (config.databaseUrl) await checkReachable(db, config.databaseUrl)
    const applied = await migrateToLatest(db)
    if (applied.length > 0) logger.info(`database: applied ${applied.join(', ')}`)
  } catch (error) {
    await db?.destroy().catch(() => {})
    if (sqlite) removePidFile(config.dataDir)
    throw error
  }
  // What several processes must agree on goes through PostgreSQL: rate-limit counters and the
  // account events behind realtime streams. One SQLite process keeps both in memory.
  let events: PostgresAccountEvents | undefined
  let gameEvents: PostgresGameEvents | undefined
  if (config.databaseUrl) {
    events = new PostgresAccountEvents({ url: config.databaseUrl, db, logger })
    gameEvents = new PostgresGameEvents({ url: config.databaseUrl, db, logger })
    try {
      await events.start()
      await gameEvents.start()
    } catch (error) {
      await events.close()
      await gameEvents.close()
      await db.destroy()
      throw new ConfigError(`DATABASE_URL: cannot listen for account and game events: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const rateLimitStore = config.databaseUrl ? new DatabaseRateLimitStore(db) : undefined
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger })
  const shutdown = new AbortController()
  const app = createApp({
    config: appConfig,
    db,
    mailer,
    logger,
    events,
    gameEvents,
    rateLimitStore,
    shutdown: shutdown.signal,
    rendererDir: options.rendererDir,
    allowedHosts: options.allowedHosts,
  })

  const server = createHttpServer(app)
  server.requestTimeout = REQUEST_TIMEOUT_MS
  const extra = extraListeners(app, REQUEST_TIMEOUT_MS)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    // The port is taken (the desktop app then tries another): leave nothing open behind.
    mailer.close()
    await events?.close()
    await gameEvents?.close()
    await db.destroy()
    if (sqlite) removePidFile(config.dataDir)
    throw error
  }
  const { port } = server.address() as AddressInfo
  // Automatic backups copy the SQLite file; PostgreSQL is backed up with pg_dump (README).
  const backups = startAutomaticBackups({
    dataDir: config.dataDir,
    databaseFile: DATABASE_FILE,
    intervalMs: sqlite ? config.backupIntervalHours * 3600 * 1000 : 0,
    keepDays: config.backupKeepDays,
    clock: systemClock,
    logger,
  })
  // Students' own FSRS parameters, fitted in the background once they have enough reviews.
  const fitting = startParameterFitting({ db, clock: systemClock, logger }, { intervalMs: 10 * 60_000 })
  // Daily reminder emails (issue 31): each process checks, the database lets one send.
  const reminders = startReminders(
    { db, clock: systemClock, logger, mailer, publicUrl: appConfig.publicUrl, onReminder: options.onReminder },
    { intervalMs: config.reminderIntervalSeconds * 1000 },
  )
  // Hourly, outside requests: uploads never attached to a card within a day are removed.
  const mediaSweep = startMediaSweep({ db, clock: systemClock, logger })
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      await extra.closeAll()
      shutdown.abort()
      // Keep-alive connections that fall idle while we wait are closed too; busy ones get a grace period.
      const sweep = setInterval(() => server.closeIdleConnections(), 100)
      const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
      server.closeIdleConnections()
      await closed
      clearInterval(sweep)
      clearTimeout(deadline)
      // A reminder pass may be sending: it finishes before the mailer closes.
      await reminders.stop()
      mailer.close()
      await backups.stop()
      await fitting.stop()
      await mediaSweep.stop()
      await events?.close()
      await gameEvents?.close()
      await db.destroy()
      if (sqlite) removePidFile(config.dataDir)
    })())

  return { url: `http://${shownHost}:${port}`, port, close, listen: extra.listen }
}

/**
 * Fails start-up with a message naming DATABASE_URL and why (no stack trace) when the PostgreSQL
 * server cannot be reached or refuses the login; the password never appears in it.
 */
async function checkReachable(db: DB, url: string): Promise<void> {
  try {
    await sql`select 1`.execute(db)
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : String(error)
    throw new ConfigError(`DATABASE_URL: cannot use ${redactUrl(url)}: ${reason}`)
  }
}
