import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Clock } from '#server/clock'
import { silentLogger } from '#server/logger'
import {
  BACKUP_FOLDER,
  BackupError,
  backupDatabase,
  backupFileName,
  backupsToDelete,
  backupTime,
  newestBackup,
  restoreDatabase,
  startAutomaticBackups,
  verifyDatabaseFile,
} from './backup'
import { openSqliteDatabase } from './database'
import { migrateToLatest } from './migrate'
import { PID_FILE, writePidFile } from './pid-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'cardwise-backup-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A migrated Cardwise database holding one user with one set titled `title`, left in WAL mode. */
async function makeDatabase(file: string, title = 'Biology'): Promise<void> {
  const db = openSqliteDatabase(file)
  await migrateToLatest(db)
  await db.destroy()
  const sqlite = new SQLite(file)
  sqlite
    .prepare(
      "INSERT INTO users (id, username, email, password_hash, token_key, plan_id, created, updated) VALUES ('u1', 'ann', 'ann@example.org', 'x', 'k', (SELECT id FROM plans LIMIT 1), 'now', 'now')",
    )
    .run()
  sqlite.prepare("INSERT INTO study_sets (id, owner_id, title, created, updated) VALUES ('s1', 'u1', ?, 'now', 'now')").run(title)
  sqlite.close()
}

const titleIn = (file: string) => {
  const sqlite = new SQLite(file, { readonly: true })
  try {
    return (sqlite.prepare("SELECT title FROM study_sets WHERE id = 's1'").get() as { title: string } | undefined)?.title
  } finally {
    sqlite.close()
  }
}

describe('backup names and rotation', () => {
  it('names a backup after its UTC time and reads the time back', () => {
    const at = new Date('2025-03-09T07:05:02.750Z')
    expect(backupFileName(at)).toBe('cardwise-20250309-070502.db')
    expect(backupTime('cardwise-20250309-070502.db')).toEqual(new Date('2025-03-09T07:05:02Z'))
    expect(backupTime('cardwise-20250309-070502.db.partial')).toEqual(new Date('2025-03-09T07:05:02Z'))
    expect(backupTime('notes.txt')).toBeUndefined()
    expect(backupTime('cardwise-2025-03-09.db')).toBeUndefined()
  })

  it('deletes backups older than the kept days, never the newest, never other files', () => {
    const now = new Date('2025-03-20T12:00:00Z')
    const names = [
      'cardwise-20250301-120000.db',
      'cardwise-20250312-120000.db',
      'cardwise-20250313-130000.db',
      'cardwise-20250319-120000.db',
      'cardwise-20250310-000000.db.partial',
      'my-copy.db',
      'cardwise.before-restore-20250101-000000.db',
    ]
    expect(backupsToDelete(names, now, 7).sort()).toEqual(['cardwise-20250301-120000.db', 'cardwise-20250310-000000.db.partial', 'cardwise-20250312-120000.db'])
    // Everything is old: the newest finished backup stays anyway.
    const later = new Date('2026-01-01T00:00:00Z')
    expect(backupsToDelete(names, later, 7)).not.toContain('cardwise-20250319-120000.db')
    expect(newestBackup(names)?.name).toBe('cardwise-20250319-120000.db')
    expect(newestBackup(['cardwise-20250401-000000.db.partial'])).toBeUndefined()
  })
})

describe('backupDatabase', () => {
  it('copies a live WAL database into one standalone file that passes the checks', async () => {
    const source = path.join(dir, 'cardwise.db')
    await makeDatabase(source)
    // Keep a connection open with the last commit only in the -wal, as a running server would.
    const live = new SQLite(source)
    live.pragma('wal_autocheckpoint = 0')
    live.prepare("UPDATE study_sets SET title = 'Chemistry' WHERE id = 's1'").run()
    expect(existsSync(`${source}-wal`)).toBe(true)

    const dest = path.join(dir, BACKUP_FOLDER, 'copy.db')
    const result = await backupDatabase(source, dest)
    live.close()

    expect(result.file).toBe(dest)
    expect(result.bytes).toBeGreaterThan(0)
    expect(readdirSync(path.dirname(dest))).toEqual(['copy.db'])
    const copy = new SQLite(dest, { readonly: true })
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    copy.close()
    expect(titleIn(dest)).toBe('Chemistry')
  })

  it('never overwrites a file and says when there is no database', async () => {
    const source = path.join(dir, 'cardwise.db')
    await makeDatabase(source)
    writeFileSync(path.join(dir, 'taken.db'), 'mine')
    await expect(backupDatabase(source, path.join(dir, 'taken.db'))).rejects.toThrow(/already exists/)
    expect(readFileSync(path.join(dir, 'taken.db'), 'utf8')).toBe('mine')
    await expect(backupDatabase(path.join(dir, 'missing.db'), path.join(dir, 'out.db'))).rejects.toThrow(/There is no database/)
  })

  it('takes consistent copies while another process keeps writing', async () => {
    const source = path.join(dir, 'cardwise.db')
    await makeDatabase(source)
    // Each transaction adds a set with card_count = its number of cards; a torn copy would break that.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const SQLite = require('better-sqlite3')
         const db = new SQLite(process.argv[1]); db.pragma('busy_timeout = 5000')
         const set = db.prepare("INSERT INTO study_sets (id, owner_id, title, card_count, created, updated) VALUES (?, 'u1', 't', ?, 'now', 'now')")
         const card = db.prepare("INSERT INTO flashcards (id, study_set_id, term, definition, position, created, guid) VALUES (?, ?, 'term', 'definition', ?, 'now', ?)")
         const write = db.transaction((n) => { const cards = 1 + (n % 40); set.run('w' + n, cards); for (let i = 1; i <= cards; i++) card.run('w' + n + '-' + i, 'w' + n, i, 'w' + n + '-' + i) })
         let n = 0; const loop = () => { for (let k = 0; k < 20; k++) write(n++); if (n === 20) process.stdout.write('go'); setImmediate(loop) }; loop()`,
        source,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    try {
      await new Promise((resolve) => writer.stdout.once('data', resolve))
      const counts: number[] = []
      for (let i = 0; i < 5; i++) {
        const dest = path.join(dir, `copy-${i}.db`)
        await backupDatabase(source, dest)
        const copy = new SQLite(dest, { readonly: true })
        const torn = copy.prepare('SELECT s.id FROM study_sets s WHERE s.card_count != (SELECT COUNT(*) FROM flashcards f WHERE f.study_set_id = s.id)').all()
        counts.push((copy.prepare('SELECT COUNT(*) AS n FROM study_sets').get() as { n: number }).n)
        copy.close()
        expect(torn).toEqual([])
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      // The writer really was writing between the copies.
      expect(counts.at(-1)).toBeGreaterThan(counts[0]!)
    } finally {
      writer.kill('SIGKILL')
    }
  })
})

describe('verifyDatabaseFile', () => {
  it('refuses a file that is not SQLite, a SQLite file of another app, and a damaged database', async () => {
    const junk = path.join(dir, 'junk.db')
    writeFileSync(junk, Buffer.alloc(8192, 7))
    expect(() => verifyDatabaseFile(junk)).toThrow(BackupError)
    expect(() => verifyDatabaseFile(junk)).toThrow(/not a readable SQLite database/)

    const other = path.join(dir, 'other.db')
    const sqlite = new SQLite(other)
    sqlite.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)')
    sqlite.close()
    expect(() => verifyDatabaseFile(other)).toThrow(/is not a Cardwise database \(no kysely_migration, users, study_sets, flashcards table\)/)

    const damaged = path.join(dir, 'damaged.db')
    await makeDatabase(damaged)
    verifyDatabaseFile(damaged)
    corruptSetsTable(damaged)
    expect(() => verifyDatabaseFile(damaged)).toThrow(BackupError)
  })
})

/** Scribbles over the study_sets table's root page, keeping the file header readable. */
function corruptSetsTable(file: string): void {
  const sqlite = new SQLite(file, { readonly: true })
  const { rootpage } = sqlite.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'study_sets'").get() as { rootpage: number }
  sqlite.close()
  const bytes = readFileSync(file)
  const pageSize = bytes.readUInt16BE(16)
  bytes.fill(0xa5, (rootpage - 1) * pageSize, rootpage * pageSize)
  writeFileSync(file, bytes)
}

describe('restoreDatabase', () => {
  const now = new Date('2025-05-01T10:20:30Z')

  it('puts the backup in place, keeps the replaced database with its -wal, and drops a stale -shm', async () => {
    const dataDir = path.join(dir, 'data')
    mkdirSync(dataDir)
    const backup = path.join(dir, 'backup.db')
    await makeDatabase(backup, 'From the backup')
    const current = path.join(dataDir, 'cardwise.db')
    await makeDatabase(current, 'Current')
    // A killed server leaves its last commits in the -wal and a -shm beside it.
    const live = new SQLite(current)
    live.pragma('wal_autocheckpoint = 0')
    live.prepare("UPDATE study_sets SET title = 'Current, last commit' WHERE id = 's1'").run()
    copyFilesAsIfKilled(current, live)

    const result = await restoreDatabase({ dataDir, databaseFile: 'cardwise.db', backupFile: backup, now })

    expect(result.replacedKeptAs).toBe(path.join(dataDir, 'cardwise.before-restore-20250501-102030.db'))
    expect(titleIn(current)).toBe('From the backup')
    expect(titleIn(result.replacedKeptAs!)).toBe('Current, last commit')
    expect(existsSync(`${current}-wal`)).toBe(false)
    expect(readdirSync(dataDir).filter((name) => name.includes('restoring'))).toEqual([])
  })

  it('restores into an empty data folder', async () => {
    const backup = path.join(dir, 'backup.db')
    await makeDatabase(backup, 'Fresh')
    const dataDir = path.join(dir, 'empty')
    mkdirSync(dataDir)
    expect(await restoreDatabase({ dataDir, databaseFile: 'cardwise.db', backupFile: backup, now })).toEqual({ replacedKeptAs: undefined })
    expect(titleIn(path.join(dataDir, 'cardwise.db'))).toBe('Fresh')
  })

  it('refuses while a live process holds the pid file, and leaves the database alone', async () => {
    const dataDir = path.join(dir, 'data')
    mkdirSync(dataDir)
    await makeDatabase(path.join(dataDir, 'cardwise.db'), 'Current')
    const backup = path.join(dir, 'backup.db')
    await makeDatabase(backup, 'From the backup')
    writePidFile(dataDir)
    await expect(restoreDatabase({ dataDir, databaseFile: 'cardwise.db', backupFile: backup, now })).rejects.toThrow(
      `A Cardwise server (process ${process.pid}) is using ${dataDir}: stop it first, then restore`,
    )
    expect(titleIn(path.join(dataDir, 'cardwise.db'))).toBe('Current')

    // A pid file left by a killed server (its process is gone) does not block.
    const gone = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => gone.once('exit', resolve))
    writeFileSync(path.join(dataDir, PID_FILE), `${gone.pid}\n`)
    await restoreDatabase({ dataDir, databaseFile: 'cardwise.db', backupFile: backup, now })
    expect(titleIn(path.join(dataDir, 'cardwise.db'))).toBe('From the backup')
  })

  it('refuses a missing, foreign or damaged file, and leaves the database alone', async () => {
    const dataDir = path.join(dir, 'data')
    mkdirSync(dataDir)
    await makeDatabase(path.join(dataDir, 'cardwise.db'), 'Current')
    const restore = (backupFile: string) => restoreDatabase({ dataDir, databaseFile: 'cardwise.db', backupFile, now })

    await expect(restore(path.join(dir, 'nope.db'))).rejects.toThrow(/There is no file/)
    const junk = path.join(dir, 'junk.db')
    writeFileSync(junk, 'hello, not a database at all'.repeat(200))
    await expect(restore(junk)).rejects.toThrow(BackupError)
    const other = path.join(dir, 'other.db')
    new SQLite(other).exec('CREATE TABLE notes (id INTEGER PRIMARY KEY)')
    await expect(restore(other)).rejects.toThrow(/is not a Cardwise database/)
    const damaged = path.join(dir, 'damaged.db')
    await makeDatabase(damaged)
    corruptSetsTable(damaged)
    await expect(restore(damaged)).rejects.toThrow(BackupError)

    expect(readdirSync(dataDir)).toEqual(['cardwise.db'])
    expect(titleIn(path.join(dataDir, 'cardwise.db'))).toBe('Current')
  })
})

/**
 * Leaves `file` as a SIGKILLed server would: the -wal and -shm copied while the connection is
 * open (closing it would checkpoint and delete them), then restored after the close.
 */
function copyFilesAsIfKilled(file: string, open: SQLite.Database): void {
  const wal = readFileSync(`${file}-wal`)
  const shm = readFileSync(`${file}-shm`)
  const main = readFileSync(file)
  open.close()
  writeFileSync(file, main)
  writeFileSync(`${file}-wal`, wal)
  writeFileSync(`${file}-shm`, shm)
}

describe('startAutomaticBackups', () => {
  class StepClock implements Clock {
    constructor(private at: Date) {}
    now() {
      const now = this.at
      // Each backup is a day after the one before, so rotation has something to delete.
      this.at = new Date(this.at.getTime() + 24 * 3600 * 1000)
      return now
    }
  }

  it('backs up on schedule, rotates old backups, and stops cleanly', async () => {
    await makeDatabase(path.join(dir, 'cardwise.db'))
    const folder = path.join(dir, BACKUP_FOLDER)
    mkdirSync(folder)
    writeFileSync(path.join(folder, 'keep-me.txt'), 'not a backup')
    const clock = new StepClock(new Date('2025-01-01T00:00:00Z'))
    const backups = startAutomaticBackups({
      dataDir: dir,
      databaseFile: 'cardwise.db',
      intervalMs: 30,
      keepDays: 2,
      clock,
      logger: silentLogger,
      firstBackupDelayMs: 0,
    })
    const names = () =>
      readdirSync(folder)
        .filter((name) => name.startsWith('cardwise-'))
        .sort()
    // Wait until the fourth daily backup has been taken and the oldest deleted.
    const deadline = Date.now() + 5000
    while (!names().includes('cardwise-20250104-000000.db') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    await backups.stop()
    const kept = names()
    expect(kept).toContain('cardwise-20250104-000000.db')
    expect(kept).not.toContain('cardwise-20250101-000000.db')
    expect(kept.length).toBeLessThanOrEqual(3)
    expect(readdirSync(folder)).toContain('keep-me.txt')
    // Stopped: no more backups come.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(names()).toEqual(kept)
    for (const name of kept) verifyDatabaseFile(path.join(folder, name))
  })

  it('waits for the interval after the newest backup, and does nothing when off', async () => {
    await makeDatabase(path.join(dir, 'cardwise.db'))
    const folder = path.join(dir, BACKUP_FOLDER)
    mkdirSync(folder)
    const now = new Date('2025-01-01T12:00:00Z')
    writeFileSync(path.join(folder, backupFileName(new Date(now.getTime() - 1000))), '')
    const clock = { now: () => now }
    const recent = startAutomaticBackups({
      dataDir: dir,
      databaseFile: 'cardwise.db',
      intervalMs: 3600_000,
      keepDays: 7,
      clock,
      logger: silentLogger,
      firstBackupDelayMs: 0,
    })
    const off = startAutomaticBackups({
      dataDir: dir,
      databaseFile: 'cardwise.db',
      intervalMs: 0,
      keepDays: 7,
      clock,
      logger: silentLogger,
      firstBackupDelayMs: 0,
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await recent.stop()
    await off.stop()
    expect(readdirSync(folder)).toHaveLength(1)
  })
})
