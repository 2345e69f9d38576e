import { mkdirSync } from 'node:fs'
import { createHttpServer } from './http/http-server'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createApp } from './app'
import { systemClock } from './clock'
import { type Config, resolveAuthSecret } from './config'
import { startAutomaticBackups } from './db/backup'
import { DATABASE_FILE, type DB, openSqliteDatabase } from './db/database'
import { migrateToLatest } from './db/migrate'
import { removePidFile, writePidFile } from './db/pid-file'
import { createMailer } from './features/mail/mailer'
import { startMediaSweep } from './features/media/media.service'
import { consoleLogger, type Logger } from './logger'

export { DATABASE_FILE }

export interface StartOptions {
  rendererDir?: string
  logger?: Logger
}

export interface RunningServer {
  url: string
  port: number
  /** Stops accepting, lets running requests finish, ends event streams, closes the database. */
  close(): Promise<void>
}

/** How long running requests get to finish at shutdown before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000

/** Opens the data folder and database, migrates it, and listens. Used by `npm start` and the desktop app. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? consoleLogger
  mkdirSync(config.dataDir, { recursive: true })
  const appConfig = resolveAuthSecret(config)
  // Tells `npm run restore` that this folder's database is in use (from before it is opened).
  writePidFile(config.dataDir)
  let db: DB | undefined
  try {
    db = openSqliteDatabase(path.join(config.dataDir, DATABASE_FILE), { synchronous: config.dbSynchronous })
    const applied = await migrateToLatest(db)
    if (applied.length > 0) logger.info(`database: applied ${applied.join(', ')}`)
  } catch (error) {
    await db?.destroy()
    removePidFile(config.dataDir)
    throw error
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger })
  const shutdown = new AbortController()
  const app = createApp({ config: appConfig, db, mailer, logger, shutdown: shutdown.signal, rendererDir: options.rendererDir })

  const server = createHttpServer(app)
  server.requestTimeout = 60_000
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
    await db.destroy()
    removePidFile(config.dataDir)
    throw error
  }
  const { port } = server.address() as AddressInfo
  const backups = startAutomaticBackups({
    dataDir: config.dataDir,
    databaseFile: DATABASE_FILE,
    intervalMs: config.backupIntervalHours * 3600 * 1000,
    keepDays: config.backupKeepDays,
    clock: systemClock,
    logger,
  })
  // Hourly, outside requests: uploads never attached to a card within a day are removed.
  const mediaSweep = startMediaSweep({ db, clock: systemClock, logger })
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host

  let closing: Promise<void> | undefined
  const close = () =>
    (closing ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      shutdown.abort()
      // Keep-alive connections that fall idle while we wait are closed too; busy ones get a grace period.
      const sweep = setInterval(() => server.closeIdleConnections(), 100)
      const deadline = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS)
      server.closeIdleConnections()
      await closed
      clearInterval(sweep)
      clearTimeout(deadline)
      mailer.close()
      await backups.stop()
      await mediaSweep.stop()
      await db.destroy()
      removePidFile(config.dataDir)
    })())

  return { url: `http://${shownHost}:${port}`, port, close }
}
