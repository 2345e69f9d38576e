import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#shared/messages'
import { bundleServer, call, type ServerProcess, signUp, spawnServer, stopServers } from '#tests/reliability/server-process'
import { adminQuery, databaseUrl, startTestPostgres, type TestPostgres } from '#tests/support/postgres'

/**
 * A real PostgreSQL server stopped hard (`pg_ctl stop -m immediate`) under two server processes,
 * and started again: while it is away every process says so (health 503, routes 503 `unavailable`
 * with Retry-After, quickly, never a 500 or a hang); once it is back they serve again without a
 * restart, and every write they acknowledged is there. The cluster is this file's own and commits
 * durably, as a production server does.
 */
const OUTAGE_ANSWER_MS = 5000

let cluster: TestPostgres
let bundle: Awaited<ReturnType<typeof bundleServer>>
let dataDirs: string[] = []
let servers: ServerProcess[] = []
let agent: http.Agent

beforeAll(async () => {
  cluster = await startTestPostgres({ durable: true })
  await adminQuery(cluster.url, ['create database cardwise'])
  bundle = await bundleServer()
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cardwise-outage-')))
  const env = { DATABASE_URL: databaseUrl(cluster.url, 'cardwise') }
  // One after the other: the first migrates the new database.
  for (const dir of dataDirs) servers.push(await spawnServer(bundle.entry, dir, env))
  agent = new http.Agent({ keepAlive: true, maxSockets: 16 })
}, 120_000)

afterAll(async () => {
  agent?.destroy()
  await stopServers(servers)
  await cluster?.stop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  bundle?.remove()
})

/** A plain request with its headers and how long the answer took. */
async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now()
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
  return { response, body: await response.json(), ms: performance.now() - started }
}

describe('PostgreSQL stopped hard under two server processes', () => {
  it('is reported at once, refused with 503 unavailable, and survived with no acknowledged write lost', async () => {
    const token = await signUp(agent, servers[0]!.url, 'outage_student')
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
    const created = await call(agent, servers[1]!.url, 'POST', '/api/sets', { title: 'Kept through the outage' }, token)
    expect(created.status).toBe(201)
    const setId = created.body.id as string

    // Writes keep coming, alternating between the processes, while the database goes away.
    const acknowledged: string[] = []
    const statuses = new Set<number>()
    let writing = true
    const writer = (async () => {
      for (let n = 0; writing; n += 1) {
        const answer = await call(
          agent,
          servers[n % 2]!.url,
          'POST',
          `/api/sets/${setId}/cards`,
          { term: `term ${n}`, definition: `definition ${n}` },
          token,
        ).catch(() => ({ status: 0, body: undefined }))
        statuses.add(answer.status)
        if (answer.status === 201) acknowledged.push(answer.body.id as string)
        if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(5)

    cluster.crash()
    for (const server of servers) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(server.child.exitCode, server.output()).toBeNull()
      const health = await timed(`${server.url}/api/health`)
      expect(health.response.status).toBe(503)
      expect(health.body).toMatchObject({ status: 'unavailable', database: 'postgres', databaseUp: false })
      expect(health.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      for (const [method, route, body] of [
        ['GET', '/api/sets', undefined],
        ['GET', `/api/sets/${setId}/cards`, undefined],
        ['POST', `/api/sets/${setId}/cards`, JSON.stringify({ term: 'during', definition: 'the outage' })],
      ] as const) {
        const answer = await timed(`${server.url}${route}`, { method, headers: auth, body })
        expect(answer.response.status, `${method} ${route}`).toBe(503)
        expect(answer.response.headers.get('retry-after')).toBe('5')
        expect(answer.body).toEqual({ error: { status: 503, code: 'unavailable', message: messages.unavailable } })
        expect(answer.ms).toBeLessThan(OUTAGE_ANSWER_MS)
      }
    }

    cluster.restart()
    for (const server of servers) {
      await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 30_000, interval: 250 }).toBe(200)
    }
    const acknowledgedBefore = acknowledged.length
    await expect.poll(() => acknowledged.length, { timeout: 20_000 }).toBeGreaterThan(acknowledgedBefore + 3)
    writing = false
    await writer

    // Only the outage's own answers: created, or unavailable; never a 500.
    expect(
      [...statuses].filter((status) => status !== 201 && status !== 503),
      servers.map((server) => server.output()).join('\n'),
    ).toEqual([])
    for (const [index, server] of servers.entries()) {
      const cards = await call(agent, server.url, 'GET', `/api/sets/${setId}/cards?perPage=500`, undefined, token)
      expect(cards.status, `process ${index}`).toBe(200)
      const kept = new Set((cards.body.items as Array<{ id: string }>).map((card) => card.id))
      expect(acknowledged.filter((id) => !kept.has(id))).toEqual([])
    }
  }, 120_000)
})
