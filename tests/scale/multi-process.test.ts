import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bundleServer, call, type ServerProcess, signUp, spawnServer, stopServers } from '#tests/reliability/server-process'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'

/**
 * Two whole server processes on one PostgreSQL database, as behind a load balancer: requests
 * alternate between them, and nothing may depend on which one answered the request before.
 */

/** Failed logins allowed per account: alternating, each process sees only half of them. */
const FAILURES_PER_ACCOUNT = 6

let bundle: Awaited<ReturnType<typeof bundleServer>>
let database: { url: string; drop(): Promise<void> }
let dataDirs: string[] = []
let servers: ServerProcess[] = []
let agent: http.Agent

beforeAll(async () => {
  bundle = await bundleServer()
  database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cardwise-two-')))
  const env = { DATABASE_URL: database.url, RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT), RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '1000' }
  servers = await Promise.all(dataDirs.map((dir) => spawnServer(bundle.entry, dir, env)))
  agent = new http.Agent({ keepAlive: true, maxSockets: 32 })
}, 120_000)

afterAll(async () => {
  agent?.destroy()
  await stopServers(servers)
  await database?.drop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  bundle?.remove()
})

/** The two processes' URLs, `index` picking one in turn. */
const urlOf = (index: number) => servers[index % 2]!.url

async function newSet(token: string, title: string): Promise<string> {
  const created = await call(agent, urlOf(0), 'POST', '/api/sets', { title }, token)
  expect(created.status).toBe(201)
  return created.body.id as string
}

/** Every card of a set (one page holds them all here), read from process `via`. */
async function cardsOf(setId: string, token: string, via: number): Promise<Array<{ id: string; position: number; term: string }>> {
  const answer = await call(agent, urlOf(via), 'GET', `/api/sets/${setId}/cards?perPage=500`, undefined, token)
  expect(answer.status).toBe(200)
  return answer.body.items
}

async function cardCountOf(setId: string, token: string, via: number): Promise<number> {
  const answer = await call(agent, urlOf(via), 'GET', `/api/sets/${setId}`, undefined, token)
  expect(answer.status).toBe(200)
  return answer.body.cardCount as number
}

const dense = (cards: Array<{ position: number }>) =>
  cards
    .map((card) => card.position)
    .sort((a, b) => a - b)
    .every((position, index) => position === index + 1)

describe('two server processes on one PostgreSQL database', () => {
  it('a token issued by one works on the other, and logging out on one ends it on both', async () => {
    const token = await signUp(agent, urlOf(0), 'tokentraveller')
    for (const via of [1, 0, 1]) expect((await call(agent, urlOf(via), 'GET', '/api/users/me', undefined, token)).status).toBe(200)
    expect((await call(agent, urlOf(1), 'POST', '/api/auth/logout', undefined, token)).status).toBe(204)
    for (const via of [0, 1]) {
      const after = await call(agent, urlOf(via), 'GET', '/api/users/me', undefined, token)
      expect(after.status, `process ${via} after logout`).toBe(401)
    }
  })

  it('counts failed logins per account across both processes', async () => {
    await signUp(agent, urlOf(1), 'guessedat')
    const identity = 'guessedat@example.org'
    for (let attempt = 0; attempt < FAILURES_PER_ACCOUNT; attempt++) {
      const wrong = await call(agent, urlOf(attempt), 'POST', '/api/auth/login', { identity, password: `wrong guess ${attempt}` })
      expect(wrong.status, `failed attempt ${attempt + 1}`).toBe(400)
    }
    // Each process saw only half the failures; together they reach the limit, so even the right
    // password is refused now, on either process.
    for (const via of [0, 1]) {
      const blocked = await call(agent, urlOf(via), 'POST', '/api/auth/login', { identity, password: 'correct horse battery' })
      expect(blocked.status, `process ${via}`).toBe(429)
      expect(blocked.body.error.code).toBe('rate_limited')
    }
  })

  it("a password change on one process ends the other's realtime stream within 2 s", async () => {
    const token = await signUp(agent, urlOf(0), 'streamwatcher')
    const { ended, opened } = openStream(urlOf(0), token)
    await opened
    const changed = await call(
      agent,
      urlOf(1),
      'PATCH',
      '/api/users/me',
      { oldPassword: 'correct horse battery', password: 'a brand new password', passwordConfirm: 'a brand new password' },
      token,
    )
    expect(changed.status).toBe(200)
    const answeredAt = Date.now()
    const endedAt = await Promise.race([
      ended,
      new Promise<number>((_, reject) => setTimeout(() => reject(new Error('the stream on the other process is still open after 5 s')), 5000)),
    ])
    expect(endedAt - answeredAt).toBeLessThan(2000)
  })

  it('100 concurrent card adds and 30 concurrent deletes over both processes leave positions 1..n dense and cardCount true', async () => {
    const token = await signUp(agent, urlOf(1), 'racingwriter')
    const setId = await newSet(token, 'Raced from two processes')
    const seeded: string[] = []
    for (let n = 0; n < 30; n++) {
      const card = await call(agent, urlOf(n), 'POST', `/api/sets/${setId}/cards`, { term: `seed ${n}`, definition: 'to be deleted' }, token)
      expect(card.status).toBe(201)
      seeded.push(card.body.id)
    }
    const adds = Array.from({ length: 100 }, (_, n) =>
      call(agent, urlOf(n), 'POST', `/api/sets/${setId}/cards`, { term: `added ${n}`, definition: `from process ${n % 2}` }, token),
    )
    const deletes = seeded.map((cardId, n) => call(agent, urlOf(n + 1), 'DELETE', `/api/sets/${setId}/cards/${cardId}`, undefined, token))
    const answers = await Promise.all([...adds, ...deletes])
    expect(answers.slice(0, 100).map((answer) => answer.status)).toEqual(Array(100).fill(201))
    expect(answers.slice(100).map((answer) => answer.status)).toEqual(Array(30).fill(204))

    for (const via of [0, 1]) {
      const cards = await cardsOf(setId, token, via)
      expect(cards).toHaveLength(100)
      expect(cards.every((card) => card.term.startsWith('added '))).toBe(true)
      expect(dense(cards), `positions ${cards.map((card) => card.position).join(',')}`).toBe(true)
      expect(await cardCountOf(setId, token, via)).toBe(100)
    }
  }, 60_000)

  it('a SIGKILL of one process loses no write it answered; the other keeps serving', async () => {
    const token = await signUp(agent, urlOf(0), 'crashsurvivor')
    const setId = await newSet(token, 'Written while a process dies')
    const victim = servers[0]!
    const survivor = servers[1]!
    const answered = new Set<string>()
    let dead = false
    // Four lanes write to the victim as fast as it answers, until it is gone.
    const killAgent = new http.Agent({ keepAlive: true, maxSockets: 8 })
    const lanes = Array.from({ length: 4 }, async (_, lane) => {
      for (let n = 0; !dead; n++) {
        try {
          const card = await call(killAgent, victim.url, 'POST', `/api/sets/${setId}/cards`, { term: `lane ${lane} #${n}`, definition: 'written' }, token)
          if (card.status === 201) answered.add(card.body.id)
        } catch {
          // Connection refused or reset: the process is gone; whether this write landed is unknown.
          return
        }
      }
    })
    await expect.poll(() => answered.size, { timeout: 10_000, interval: 10 }).toBeGreaterThan(20)
    victim.child.kill('SIGKILL')
    await victim.exited
    dead = true
    await Promise.all(lanes)
    killAgent.destroy()

    const cards = await call(agent, survivor.url, 'GET', `/api/sets/${setId}/cards?perPage=500`, undefined, token)
    expect(cards.status).toBe(200)
    const stored = new Set((cards.body.items as Array<{ id: string }>).map((card) => card.id))
    expect(
      [...answered].filter((id) => !stored.has(id)),
      'answered but lost',
    ).toEqual([])
    expect(dense(cards.body.items)).toBe(true)
    expect((await call(agent, survivor.url, 'GET', `/api/sets/${setId}`, undefined, token)).body.cardCount).toBe(stored.size)
    // The survivor still writes.
    expect((await call(agent, survivor.url, 'POST', `/api/sets/${setId}/cards`, { term: 'after', definition: 'the crash' }, token)).status).toBe(201)
    // Started again on the same database, the killed process serves the same data.
    servers[0] = await spawnServer(bundle.entry, dataDirs[0]!, { DATABASE_URL: database.url })
    expect(await cardCountOf(setId, token, 0)).toBe(stored.size + 1)
  }, 60_000)
})

/** Opens GET /api/realtime; `opened` once the `ready` event arrived, `ended` with the time the stream ended. */
function openStream(url: string, token: string): { opened: Promise<void>; ended: Promise<number> } {
  let markOpened: () => void = () => {}
  const opened = new Promise<void>((resolve) => (markOpened = resolve))
  const ended = new Promise<number>((resolve, reject) => {
    const request = http.get(`${url}/api/realtime?token=${encodeURIComponent(token)}`, (response) => {
      if (response.statusCode !== 200) reject(new Error(`the stream answered ${response.statusCode}`))
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
        if (text.includes('event: ready')) markOpened()
      })
      response.on('end', () => resolve(Date.now()))
      response.on('error', reject)
    })
    request.on('error', reject)
  })
  return { opened, ended }
}
