import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config'
import { silentLogger } from '#server/logger'
import { type RunningServer, startServer } from '#server/start'
import { adminQuery, databaseUrl, startTestPostgres, startTestReplica, type TestPostgres } from '#tests/support/postgres'

/**
 * Read replicas (DATABASE_REPLICA_URLS) against a real streaming replica made with
 * `pg_basebackup -R`. Its replay is paused to tell who answered: what the replica has not
 * replayed yet, only the primary can show.
 */
const SECRET = 'a-secret-for-replica-tests-0123456789abcdef'
let primary: TestPostgres
let replica: TestPostgres
let dataDir: string
const servers: RunningServer[] = []

async function onReplica(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(replica.url, 'cardwise') })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function serve(maxLagSeconds: number): Promise<RunningServer> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_REQUESTS: 'false',
    BCRYPT_COST: '10',
    AUTO_VERIFY_ACCOUNTS: 'true',
    AUTH_SECRET: SECRET,
    DATABASE_URL: databaseUrl(primary.url, 'cardwise'),
    DATABASE_REPLICA_URLS: databaseUrl(replica.url, 'cardwise'),
    DATABASE_REPLICA_MAX_LAG_SECONDS: String(maxLagSeconds),
  })
  const server = await startServer(config, { logger: silentLogger })
  servers.push(server)
  return server
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-replica-'))
  primary = await startTestPostgres()
  await adminQuery(primary.url, ['create database cardwise'])
  replica = await startTestReplica(primary)
}, 120_000)

afterAll(async () => {
  for (const server of servers) await server.close()
  await replica?.stop()
  await primary?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function api(server: RunningServer, method: string, route: string, { token, cookie, body }: { token?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (token) headers.Authorization = `Bearer ${token}`
  if (cookie) headers.Cookie = cookie
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${server.url}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.status, body: await response.json(), cookie: response.headers.get('set-cookie')?.split(';')[0] }
}

async function signUp(server: RunningServer, username: string): Promise<string> {
  const password = 'correct horse battery'
  const email = `${username}@example.org`
  expect((await api(server, 'POST', '/api/auth/register', { body: { username, email, password, passwordConfirm: password } })).status).toBe(201)
  const login = await api(server, 'POST', '/api/auth/login', { body: { identity: email, password } })
  expect(login.status).toBe(200)
  return login.body.token as string
}

describe('read replicas', () => {
  it('serve reads, give a writer its own writes, leave out a lagging replica and survive a stopped one', async () => {
    const relaxed = await serve(60)
    const strict = await serve(1)
    const other = await serve(60)
    const author = await signUp(relaxed, 'replica_author')
    const reader = await signUp(relaxed, 'replica_reader')
    await new Promise((resolve) => setTimeout(resolve, 1500))

    // Reads are served by the replica: with its replay paused, a set written now is not there yet.
    await onReplica('select pg_wal_replay_pause()')
    const created = await api(relaxed, 'POST', '/api/sets', { token: author, body: { title: 'Written after the pause', isPublic: true } })
    expect(created.status).toBe(201)
    const setPath = `/api/sets/${created.body.id}`
    expect((await api(other, 'GET', setPath)).status).toBe(404)
    expect((await api(other, 'GET', setPath, { token: reader })).status).toBe(404)

    // Read-your-writes: the author reads from the primary, on the process it wrote through (its
    // token) and on another one (the cookie the write set).
    expect(created.cookie).toMatch(/^cardwise_read_primary=/)
    expect((await api(relaxed, 'GET', setPath, { token: author })).status).toBe(200)
    expect((await api(other, 'GET', setPath, { token: author, cookie: created.cookie })).status).toBe(200)

    // A replica further behind than DATABASE_REPLICA_MAX_LAG_SECONDS is left out: the primary answers.
    await expect.poll(async () => (await api(strict, 'GET', setPath)).status, { timeout: 10_000, interval: 250 }).toBe(200)
    expect((await api(relaxed, 'GET', setPath)).status).toBe(404)

    // Caught up again, the replica has it too.
    await onReplica('select pg_wal_replay_resume()')
    await expect.poll(async () => (await api(relaxed, 'GET', setPath)).status, { timeout: 10_000, interval: 250 }).toBe(200)

    // A stopped replica changes nothing anyone sees.
    replica.crash()
    for (const server of [relaxed, strict, other]) {
      expect((await api(server, 'GET', setPath)).status).toBe(200)
      const search = await api(server, 'GET', '/api/sets/public')
      expect(search.status).toBe(200)
      expect(search.body.items.map((set: { id: string }) => set.id)).toContain(created.body.id)
    }
    expect((await api(relaxed, 'GET', '/api/health')).body).toMatchObject({ status: 'ok', databaseUp: true })
  }, 120_000)
})
