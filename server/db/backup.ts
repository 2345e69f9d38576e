import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import type { Clock } from '#server/clock'
import type { Logger } from '#server/logger'
import { runningServerPid } from './pid-file'

/** Backups of DATA_DIR's database go here unless `npm run backup -- --out` says otherwise. */
export const BACKUP_FOLDER = 'backups'

/** A backup or restore that cannot be done; the message says why, for the person running it. */
export class BackupError extends Error {}

/** Tables every Cardwise database has since its first migration: how a restore tells it apart. */
const CARDWISE_TABLES = ['kysely_migration', 'users', 'study_sets', 'flashcards']

/** The backup API copies this many pages per step: all of them, see `backupDatabase`. */
const ALL_PAGES = 0x7fffffff

const BACKUP_NAME = /^cardwise-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.db(\.partial)?$/

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** `YYYYMMDD-HHMMSS` in UTC, so names sort by time and mean the same on every machine. */
export function timestamp(at: Date): string {
  const date = `${at.getUTCFullYear()}${twoDigits(at.getUTCMonth() + 1)}${twoDigits(at.getUTCDate())}`
  return `${date}-${twoDigits(at.getUTCHours())}${twoDigits(at.getUTCMinutes())}${twoDigits(at.getUTCSeconds())}`
}

/** `cardwise-YYYYMMDD-HHMMSS.db`: the name of a backup taken at this moment. */
export function backupFileName(at: Date): string {
  return `cardwise-${timestamp(at)}.db`
}

/** When a backup (or an unfinished `.partial` one) was taken, from its name; undefined for other files. */
export function backupTime(name: string): Date | undefined {
  const match = BACKUP_NAME.exec(name)
  if (!match) return undefined
  const [year, month, day, hours, minutes, seconds] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  return new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds))
}

export interface BackupResult {
  file: string
  bytes: number
  ms: number
}

/**
 * Copies a live database with SQLite's online backup API and checks the copy. Safe while the
 * server runs and writes: the copy is taken from its own connection in one step, that is inside
 * one read transaction of WAL, so it is one consistent moment of the database and writers never
 * wait. (Copying in small steps would restart at every write from the server's connection and
 * might never finish on a busy server.) The copy is written as `<dest>.partial` and renamed once
 * verified, so a backup that is there is whole. It is a single file (journal mode DELETE), which
 * can be copied anywhere or restored with `npm run restore`.
 */
export async function backupDatabase(sourceFile: string, destFile: string): Promise<BackupResult> {
  const started = Date.now()
  if (!existsSync(sourceFile)) throw new BackupError(`There is no database at ${sourceFile}`)
  if (existsSync(destFile)) throw new BackupError(`${destFile} already exists; choose another file`)
  mkdirSync(path.dirname(destFile), { recursive: true })
  const partial = `${destFile}.partial`
  rmSync(partial, { force: true })
  try {
    await copyWithBackupApi(sourceFile, partial)
    verifyDatabaseFile(partial)
    renameSync(partial, destFile)
  } catch (error) {
    rmSync(partial, { force: true })
    throw error
  }
  return { file: destFile, bytes: statSync(destFile).size, ms: Date.now() - started }
}

/** Copies `sourceFile` (with what its WAL holds) to `destFile`, a new file, through the backup API. */
async function copyWithBackupApi(sourceFile: string, destFile: string): Promise<void> {
  let source: SQLite.Database
  try {
    source = new SQLite(sourceFile, { fileMustExist: true, readonly: true })
  } catch (error) {
    throw new BackupError(`Cannot open ${sourceFile}: ${messageOf(error)}`)
  }
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(destFile, { progress: () => ALL_PAGES })
  } catch (error) {
    throw new BackupError(`Cannot copy ${sourceFile}: ${messageOf(error)}`)
  } finally {
    source.close()
  }
}

/**
 * Throws a BackupError unless the file is a Cardwise database that passes SQLite's
 * `integrity_check`. Switches the file to journal mode DELETE, so it stands alone without -wal.
 */
export function verifyDatabaseFile(file: string): void {
  let db: SQLite.Database
  try {
    db = new SQLite(file, { fileMustExist: true })
  } catch (error) {
    throw new BackupError(`Cannot open ${file}: ${messageOf(error)}`)
  }
  try {
    let problems: string[]
    try {
      db.pragma('journal_mode = DELETE')
      problems = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check)
    } catch (error) {
      throw new BackupError(`${file} is not a readable SQLite database: ${messageOf(error)}`)
    }
    if (problems.join() !== 'ok') throw new BackupError(`${file} fails SQLite's integrity check: ${problems.slice(0, 3).join('; ')}`)
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((row) => row.name))
    const missing = CARDWISE_TABLES.filter((table) => !tables.has(table))
    if (missing.length > 0) throw new BackupError(`${file} is not a Cardwise database (no ${missing.join(', ')} table)`)
  } finally {
    db.close()
  }
}

export interface RestoreResult {
  /** Where the database that was replaced is kept; undefined when there was none. */
  replacedKeptAs: string | undefined
}

/**
 * Puts a backup in place of the data folder's database. Refuses while a server uses the folder
 * (see pid-file.ts) and refuses a file that is not an intact Cardwise database; either way the
 * current database is left alone. The replaced database is kept beside it as
 * `cardwise.before-restore-YYYYMMDD-HHMMSS.db` (with its -wal, so nothing it held is lost).
 */
export async function restoreDatabase(options: { dataDir: string; databaseFile: string; backupFile: string; now: Date }): Promise<RestoreResult> {
  const { dataDir, databaseFile, backupFile, now } = options
  const pid = runningServerPid(dataDir)
  if (pid !== undefined) {
    throw new BackupError(`A Cardwise server (process ${pid}) is using ${dataDir}: stop it first, then restore`)
  }
  if (!existsSync(backupFile)) throw new BackupError(`There is no file ${backupFile}`)
  const target = path.join(dataDir, databaseFile)
  const incoming = `${target}.restoring`
  rmSync(incoming, { force: true })
  try {
    // Through the backup API rather than a file copy: a backup taken as a plain copy of a WAL
    // database may have its last commits in a -wal beside it, and this takes those too.
    await copyWithBackupApi(backupFile, incoming)
    verifyDatabaseFile(incoming)
  } catch (error) {
    rmSync(incoming, { force: true })
    throw error
  }
  let replacedKeptAs: string | undefined
  if (existsSync(target)) {
    replacedKeptAs = path.join(dataDir, `cardwise.before-restore-${timestamp(now)}.db`)
    // Renamed, not copied or checked: the replaced database may be the damaged one.
    renameSync(target, replacedKeptAs)
    if (existsSync(`${target}-wal`)) renameSync(`${target}-wal`, `${replacedKeptAs}-wal`)
  }
  // A -wal or -shm left beside the new file would be read as its own: remove them first.
  rmSync(`${target}-wal`, { force: true })
  rmSync(`${target}-shm`, { force: true })
  renameSync(incoming, target)
  return { replacedKeptAs }
}

/**
 * The backups in `names` to delete: those older than `keepDays` before `now`, except the newest
 * finished backup, which is kept however old (a server that was off for weeks still has one).
 * Unfinished `.partial` copies older than `keepDays` go too (left by a crash during a backup).
 * Files not named like a backup are never touched.
 */
export function backupsToDelete(names: string[], now: Date, keepDays: number): string[] {
  const cutoff = now.getTime() - keepDays * 24 * 3600 * 1000
  const newest = newestBackup(names)
  return names.filter((name) => {
    const time = backupTime(name)
    return time !== undefined && name !== newest?.name && time.getTime() < cutoff
  })
}

/** The most recent finished backup among `names`. */
export function newestBackup(names: string[]): { name: string; time: Date } | undefined {
  let newest: { name: string; time: Date } | undefined
  for (const name of names) {
    const time = backupTime(name)
    if (time && !name.endsWith('.partial') && (!newest || time > newest.time)) newest = { name, time }
  }
  return newest
}

function listFolder(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : []
}

export interface AutomaticBackupOptions {
  dataDir: string
  databaseFile: string
  /** 0 turns automatic backups off. */
  intervalMs: number
  keepDays: number
  clock: Clock
  logger: Logger
  /** Delay of the first backup when the folder has none yet. */
  firstBackupDelayMs?: number
}

export interface AutomaticBackups {
  /** Cancels the next backup and waits for a running one to finish. */
  stop(): Promise<void>
}

/** With no backup yet, the first one is taken a minute after start (not during start-up). */
const FIRST_BACKUP_DELAY_MS = 60_000

/**
 * Takes a backup into DATA_DIR/backups every `intervalMs` and deletes those older than `keepDays`.
 * The schedule follows the newest backup in the folder, so restarts neither skip nor repeat one.
 * The timer is unref'd: it never keeps the process alive. A failed backup is logged and tried
 * again at the next interval. This is a single-machine SQLite feature: one server per data folder.
 */
export function startAutomaticBackups(options: AutomaticBackupOptions): AutomaticBackups {
  const { dataDir, databaseFile, intervalMs, keepDays, clock, logger } = options
  if (intervalMs <= 0) return { stop: async () => {} }
  const folder = path.join(dataDir, BACKUP_FOLDER)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  const schedule = (delayMs: number) => {
    timer = setTimeout(
      () => {
        running = takeBackup().finally(() => {
          running = undefined
          if (!stopped) schedule(intervalMs)
        })
      },
      Math.max(0, delayMs),
    )
    timer.unref()
  }

  const takeBackup = async () => {
    const now = clock.now()
    try {
      const result = await backupDatabase(path.join(dataDir, databaseFile), path.join(folder, backupFileName(now)))
      const deleted = backupsToDelete(listFolder(folder), now, keepDays)
      for (const name of deleted) rmSync(path.join(folder, name), { force: true })
      const note = deleted.length > 0 ? `; deleted ${deleted.length} older than ${keepDays} days` : ''
      logger.info(`backup: ${result.file} (${Math.round(result.bytes / 1024)} KB, ${result.ms} ms)${note}`)
    } catch (error) {
      logger.error('backup failed', error)
    }
  }

  const newest = newestBackup(listFolder(folder))
  schedule(newest ? newest.time.getTime() + intervalMs - clock.now().getTime() : (options.firstBackupDelayMs ?? FIRST_BACKUP_DELAY_MS))

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
