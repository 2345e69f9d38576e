import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '#server/config'
import { CopyError, copySqliteToPostgres } from '#server/db/copy'
import { DATABASE_FILE } from '#server/db/database'
import { silentLogger } from '#server/logger'
import { type RunningServer, startServer } from '#server/start'
import { adminQuery, databaseUrl } from '#tests/support/postgres'

/**
 * `npm run db:copy`: a SQLite database seeded through the API, copied into an empty PostgreSQL
 * database, then read through the API of a server on the copy.
 */
const SECRET = 'a-secret-for-the-db-copy-test-0123456789abcdef'
const PASSWORD = 'correct horse battery'
let sqliteDir: string
let pgDir: string

const configFor = (dataDir: string, databaseUrl = '') =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_REQUESTS: 'false',
    BCRYPT_COST: '10',
    AUTH_SECRET: SECRET,
    AUTO_VERIFY_ACCOUNTS: 'true',
    BACKUP_INTERVAL_HOURS: '0',
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_REGISTER: '0',
    DATABASE_URL: databaseUrl,
  })

async function api(server: RunningServer, method: string, urlPath: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  // biome-ignore lint: tests read whatever the API answered
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any }
}

async function signUp(server: RunningServer, username: string): Promise<string> {
  const email = `${username}@example.org`
  expect((await api(server, 'POST', '/api/auth/register', { username, email, password: PASSWORD, passwordConfirm: PASSWORD })).status).toBe(201)
  const login = await api(server, 'POST', '/api/auth/login', { identity: email, password: PASSWORD })
  expect(login.status).toBe(200)
  return login.body.token
}

/** What the seeded database holds, as read through the API: compared before and after the copy. */
async function snapshot(server: RunningServer, token: string, setIds: string[]) {
  const sets = []
  for (const id of setIds) {
    const set = await api(server, 'GET', `/api/sets/${id}`, undefined, token)
    const cards = await api(server, 'GET', `/api/sets/${id}/cards?perPage=500`, undefined, token)
    const progress = await api(server, 'GET', `/api/sets/${id}/progress`, undefined, token)
    const stars = await api(server, 'GET', `/api/sets/${id}/stars`, undefined, token)
    const best = await api(server, 'GET', `/api/sets/${id}/match-results/best`, undefined, token)
    sets.push({ set: set.body, cards: cards.body, progress: progress.body, stars: stars.body, best: best.body })
  }
  const mine = await api(server, 'GET', '/api/sets?perPage=100', undefined, token)
  const search = await api(server, 'GET', '/api/sets/public?search=photosynthese', undefined)
  const me = await api(server, 'GET', '/api/users/me', undefined, token)
  return { sets, mine: mine.body, search: search.body, me: me.body }
}

let seeded: { token: string; setIds: string[]; before: Awaited<ReturnType<typeof snapshot>> }

beforeAll(async () => {
  sqliteDir = mkdtempSync(path.join(tmpdir(), 'cardwise-copy-sqlite-'))
  pgDir = mkdtempSync(path.join(tmpdir(), 'cardwise-copy-pg-'))
  const server = await startServer(configFor(sqliteDir), { logger: silentLogger })
  try {
    const token = await signUp(server, 'movingstudent')
    await signUp(server, 'anotherstudent')
    const biology = await api(
      server,
      'POST',
      '/api/sets',
      { title: 'Photosynthèse basics', description: 'Light and leaves', tags: 'biology,plants', isPublic: true },
      token,
    )
    const secret = await api(server, 'POST', '/api/sets', { title: 'Private notes', description: '', tags: '', isPublic: false }, token)
    const setIds = [biology.body.id, secret.body.id]
    const cardIds: string[] = []
    for (let n = 0; n < 12; n++) {
      const card = await api(server, 'POST', `/api/sets/${setIds[n % 2]}/cards`, { term: `Term ${n} ñ`, definition: `Definition ${n}` }, token)
      expect(card.status).toBe(201)
      cardIds.push(card.body.id)
    }
    expect((await api(server, 'DELETE', `/api/sets/${setIds[0]}/cards/${cardIds[2]}`, undefined, token)).status).toBe(204)
    for (const [index, correct] of [
      [0, true],
      [4, false],
      [4, true],
      [1, true],
    ] as const) {
      const answer = await api(server, 'POST', `/api/sets/${setIds[index % 2]}/answers`, { cardId: cardIds[index], correct, mode: 'learn' }, token)
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
    }
    expect((await api(server, 'PUT', `/api/sets/${setIds[0]}/stars/${cardIds[4]}`, undefined, token)).status).toBeLessThan(300)
    expect((await api(server, 'POST', `/api/sets/${setIds[0]}/match-results`, { timeTaken: 42, correctMatches: 5, incorrectMatches: 1 }, token)).status).toBe(
      201,
    )
    expect((await api(server, 'POST', `/api/sets/${setIds[0]}/learning-sessions`, { totalCards: 5 }, token)).status).toBe(201)
    const copy = await api(server, 'POST', `/api/sets/${setIds[0]}/copy`, undefined, token)
    expect(copy.status).toBe(201)
    setIds.push(copy.body.id)
    seeded = { token, setIds, before: await snapshot(server, token, setIds) }
  } finally {
    await server.close()
  }
}, 60_000)

afterAll(() => {
  rmSync(sqliteDir, { recursive: true, force: true })
  rmSync(pgDir, { recursive: true, force: true })
})

describe('db:copy', () => {
  it('copies every table into an empty PostgreSQL database, ids unchanged, and the API reads the same from the copy', async () => {
    const name = `cardwise_copy_${process.pid}_${Date.now()}`
    await adminQuery(inject('postgresUrl'), [`create database ${name}`])
    const url = databaseUrl(inject('postgresUrl'), name)
    try {
      const result = await copySqliteToPostgres(path.join(sqliteDir, DATABASE_FILE), url)
      const rows = Object.fromEntries(result.tables.map(({ table, rows }) => [table, rows]))
      expect(rows).toMatchObject({ users: 2, study_sets: 3, flashcards: 16, card_stars: 1, match_results: 1, learning_sessions: 1 })
      // Parents before children: the order the foreign keys need.
      const order = result.tables.map(({ table }) => table)
      expect(order.indexOf('users')).toBeLessThan(order.indexOf('study_sets'))
      expect(order.indexOf('study_sets')).toBeLessThan(order.indexOf('flashcards'))

      const server = await startServer(configFor(pgDir, url), { logger: silentLogger })
      try {
        const after = await snapshot(server, seeded.token, seeded.setIds)
        expect(after).toEqual(seeded.before)
        expect(after.search.items.map((set: { id: string }) => set.id)).toEqual([seeded.setIds[0]])
        expect(after.sets[2]!.set.copiedFromSetId).toBe(seeded.setIds[0])
        // The copied password hash signs in, and new rows go on after the copied ones.
        expect((await api(server, 'POST', '/api/auth/login', { identity: 'movingstudent@example.org', password: PASSWORD })).status).toBe(200)
        const added = await api(server, 'POST', `/api/sets/${seeded.setIds[0]}/cards`, { term: 'new', definition: 'on PostgreSQL' }, seeded.token)
        expect(added.body.position).toBe(seeded.before.sets[0]!.cards.items.length + 1)
      } finally {
        await server.close()
      }

      // Into a database that now holds data: refused, with what it holds, and nothing changes.
      const again = copySqliteToPostgres(path.join(sqliteDir, DATABASE_FILE), url)
      await expect(again).rejects.toBeInstanceOf(CopyError)
      await expect(again).rejects.toThrow(/^The PostgreSQL database is not empty: .*users \(2 rows\).*create a new one/)
    } finally {
      await adminQuery(inject('postgresUrl'), [`drop database if exists ${name} with (force)`])
    }
  }, 60_000)

  it('refuses a missing SQLite file', async () => {
    await expect(copySqliteToPostgres(path.join(sqliteDir, 'missing.db'), databaseUrl(inject('postgresUrl'), 'postgres'))).rejects.toThrow(
      /^No SQLite database at /,
    )
  })
})
