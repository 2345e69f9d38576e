/*
 * `npm run bench:memory`: the memory routes' budgets of issue 15 on SQLite.
 * - GET /api/review/due and GET /api/review/summary (the header count): p99 < 10 ms for a student
 *   with 100,000 card states (a third of them due).
 * - POST /api/sets/:id/answers: CPU per request, beside POST /api/sets/:id/match-results (one
 *   insert after the same auth and set check: the floor of a study write) measured in the same run.
 *
 * In-process (one server, one client, sequential requests): latency is the server's time plus
 * loopback fetch. A separate file from tests/bench/run.mjs so the two can change apart; BENCH_CARDS
 * sets the number of card states (default 100000), BENCH_REQUESTS the requests per route (1000).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '#server/app'
import { loadConfig } from '#server/config'
import { openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { createHttpServer } from '#server/http/http-server'
import { silentLogger } from '#server/logger'

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const CARDS_PER_SET = 500
const DAY = 86_400_000

const dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-bench-memory-'))
const config = { ...loadConfig({ DATA_DIR: dataDir, BCRYPT_COST: '10', LOG_REQUESTS: 'false' }), authSecret: 'bench-secret-that-is-long-enough-0123456789' }
const db = openSqliteDatabase(path.join(dataDir, 'cardwise.db'), { synchronous: config.dbSynchronous })
await migrateToLatest(db)
const app = createApp({ config, db, mailer: { send: async () => {}, close: () => {} }, logger: silentLogger })
const server = createHttpServer(app)
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

async function api(method: string, route: string, token?: string, body?: unknown) {
  const request = () =>
    fetch(url + route, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
  // A keep-alive connection left idle during the seeding is closed by the server: open a new one.
  const response = await request().catch(request)
  const text = await response.text()
  if (response.status >= 400) throw new Error(`${method} ${route}: ${response.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}

async function account(username: string): Promise<{ id: string; token: string }> {
  const password = 'bench password 1'
  const { user } = await api('POST', '/api/auth/register', undefined, { username, email: `${username}@example.org`, password, passwordConfirm: password })
  await db.updateTable('users').set({ verified: 1 }).where('id', '=', user.id).execute()
  const { token } = await api('POST', '/api/auth/login', undefined, { identity: username, password })
  return { id: user.id, token }
}

const student = await account('benchstudent')
const author = await account('benchauthor')

// Seed: public sets of the author's with their cards, and the student's memory of every card,
// due dates spread from 30 days ago to 60 days ahead (a third due now).
const seedStarted = performance.now()
const now = Date.now()
const T = new Date(now).toISOString()
let firstSet = ''
let firstCard = ''
for (let set = 0; set * CARDS_PER_SET < CARDS; set++) {
  const setId = `bset${set}`
  if (set === 0) firstSet = setId
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('study_sets')
      .values({
        id: setId,
        owner_id: author.id,
        title: `Bench ${set}`,
        description: '',
        tags: '',
        is_public: 1,
        card_count: CARDS_PER_SET,
        created: T,
        updated: T,
      })
      .execute()
    const cards = Array.from({ length: Math.min(CARDS_PER_SET, CARDS - set * CARDS_PER_SET) }, (_, i) => ({
      id: `b${set}c${i}`,
      study_set_id: setId,
      term: `term ${set}-${i}`,
      definition: `definition ${set}-${i}`,
      position: i + 1,
      created: T,
    }))
    if (set === 0) firstCard = cards[0]?.id ?? ''
    for (let i = 0; i < cards.length; i += 100)
      await trx
        .insertInto('flashcards')
        .values(cards.slice(i, i + 100))
        .execute()
    const states = cards.map((card, i) => {
      const due = now + (((set * CARDS_PER_SET + i) * 7919) % (90 * DAY)) - 30 * DAY
      return {
        user_id: student.id,
        flashcard_id: card.id,
        study_set_id: setId,
        stability: 1 + (i % 50),
        difficulty: 5,
        due: new Date(due).toISOString(),
        reps: 3,
        lapses: 0,
        state: 2,
        last_review: new Date(due - 10 * DAY).toISOString(),
        learning_steps: 0,
        scheduled_days: 10,
      }
    })
    for (let i = 0; i < states.length; i += 100)
      await trx
        .insertInto('card_memory')
        .values(states.slice(i, i + 100))
        .execute()
  })
}
console.log(`seeded ${CARDS} card states in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number
}

/** Sequential requests: latency percentiles (ms) and the server process's CPU per request (us). */
async function measure(name: string, send: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await send(i)
  const latencies: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    await send(i)
    latencies.push(performance.now() - started)
  }
  const cpu = process.cpuUsage(cpuBefore)
  latencies.sort((a, b) => a - b)
  const row = {
    route: name,
    p50ms: Number(percentile(latencies, 0.5).toFixed(2)),
    p99ms: Number(percentile(latencies, 0.99).toFixed(2)),
    // Client and server share the process: this is both sides' CPU per request.
    cpuUsPerRequest: Math.round((cpu.user + cpu.system) / REQUESTS),
  }
  console.log(JSON.stringify(row))
  return row
}

const results = [
  await measure('GET /api/review/summary', () => api('GET', '/api/review/summary', student.token)),
  await measure('GET /api/review/due', () => api('GET', '/api/review/due', student.token)),
  await measure('GET /api/review/due?setId', () => api('GET', `/api/review/due?setId=${firstSet}`, student.token)),
  await measure('POST /api/sets/:id/match-results (floor)', () =>
    api('POST', `/api/sets/${firstSet}/match-results`, student.token, { timeTaken: 30, correctMatches: 5, incorrectMatches: 1 }),
  ),
  await measure('POST /api/sets/:id/answers', (i) =>
    api('POST', `/api/sets/${firstSet}/answers`, student.token, { cardId: `b0c${i % CARDS_PER_SET}`, mode: 'learn', correct: i % 3 !== 0 }),
  ),
  await measure('POST /api/sets/:id/answers (clientId)', (i) =>
    api('POST', `/api/sets/${firstSet}/answers`, student.token, { cardId: firstCard, mode: 'write', correct: true, clientId: `bench-${i}` }),
  ),
]
const budget = results.filter((row) => row.route.startsWith('GET')).every((row) => row.p99ms < 10)
console.log(`due list and summary p99 < 10 ms: ${budget ? 'met' : 'MISSED'}`)

server.closeAllConnections()
await new Promise<void>((resolve) => server.close(() => resolve()))
await db.destroy()
rmSync(dataDir, { recursive: true, force: true })
