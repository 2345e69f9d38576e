import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { DATABASE_FILE, type RunningServer, startServer } from '#server/start'
import { silentLogger } from '#server/logger'

let dataDir: string
let server: RunningServer | undefined

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-start-'))
})
afterEach(async () => {
  await server?.close()
  server = undefined
  rmSync(dataDir, { recursive: true, force: true })
})

const start = () => startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_REQUESTS: 'false', BCRYPT_COST: '10' }), { logger: silentLogger })

describe('startServer', () => {
  it('creates the data folder with a migrated SQLite database in WAL mode with foreign keys on', async () => {
    server = await start()
    const health = await fetch(`${server.url}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok' })

    const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true })
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(sqlite.prepare('select name from plans').all()).toEqual([{ name: 'Free' }])
    sqlite.close()

    const kysely = (await import('#server/db/database')).openSqliteDatabase(path.join(dataDir, DATABASE_FILE))
    const { sql } = await import('kysely')
    const foreignKeys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(kysely)
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1)
    await kysely.destroy()
  })

  it('generates the signing secret once and keeps it across restarts', async () => {
    server = await start()
    const secretFile = path.join(dataDir, 'auth-secret')
    expect(existsSync(secretFile)).toBe(true)
    const secret = readFileSync(secretFile, 'utf8')
    expect(secret.trim().length).toBeGreaterThanOrEqual(32)
    await server.close()
    server = await start()
    expect(readFileSync(secretFile, 'utf8')).toBe(secret)
  })

  it('keeps a signed-in user signed in across a restart', async () => {
    server = await start()
    const body = { username: 'restart_me', email: 'restart@example.org', password: 'correct horse', passwordConfirm: 'correct horse' }
    const post = (url: string, payload: unknown) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) })
    expect((await post(`${server.url}/api/auth/register`, body)).status).toBe(201)
    const { token } = (await (await post(`${server.url}/api/auth/login`, { identity: 'restart_me', password: 'correct horse' })).json()) as { token: string }
    await server.close()
    server = await start()
    const me = await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
  })

  it('shuts down gracefully: ends event streams, stops accepting, closes the database', async () => {
    server = await start()
    const { url } = server
    const post = (path: string, payload: unknown) =>
      fetch(url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) })
    await post('/api/auth/register', { username: 'streamer', email: 'stream@example.org', password: 'correct horse', passwordConfirm: 'correct horse' })
    const { token } = (await (await post('/api/auth/login', { identity: 'streamer', password: 'correct horse' })).json()) as { token: string }
    const stream = await fetch(`${url}/api/realtime?token=${token}`)
    const reader = stream.body!.getReader()
    await reader.read()

    const closing = server.close()
    server = undefined
    // The open stream ends instead of holding the shutdown forever.
    let done = false
    while (!done) done = (await reader.read()).done
    await closing
    await expect(fetch(`${url}/api/health`)).rejects.toThrow()

    // The database was closed cleanly: WAL checkpointed, file opens read-only.
    const sqlite = new SQLite(path.join(dataDir, DATABASE_FILE), { readonly: true })
    expect(sqlite.prepare('select count(*) as n from users').get()).toEqual({ n: 1 })
    sqlite.close()
  })
})
