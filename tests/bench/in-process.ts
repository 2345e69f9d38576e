/*
 * What the in-process route benchmarks share (memory-bench.ts, folders-bench.ts): the real app on
 * a fresh SQLite file in a temporary folder, one client sending sequential requests over loopback,
 * verified accounts, and latency percentiles with CPU per request.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from '#server/app'
import { loadConfig } from '#server/config'
import { type DB, openSqliteDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { createHttpServer } from '#server/http/http-server'
import { silentLogger } from '#server/logger'

export async function startInProcessApp(name: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cardwise-bench-${name}-`))
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

  async function close() {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await db.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  }

  return { db, api, account, close }
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number
}

/** Sequential requests after 50 warm-up ones: latency percentiles (ms) and the process's CPU per request (us). */
export async function measure(name: string, requests: number, send: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 50; i++) await send(i)
  const latencies: number[] = []
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < requests; i++) {
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
    cpuUsPerRequest: Math.round((cpu.user + cpu.system) / requests),
  }
  console.log(JSON.stringify(row))
  return row
}

/** A public set of `cardCount` cards (ids `<cardPrefix>c<i>`, positions 1..n) written straight to the database, in `db` (a transaction). */
export async function insertBenchSet(db: DB, set: { id: string; ownerId: string; index: number; cardCount: number; cardPrefix: string; at: string }) {
  await db
    .insertInto('study_sets')
    .values({
      id: set.id,
      owner_id: set.ownerId,
      title: `Bench ${set.index}`,
      description: '',
      tags: '',
      is_public: 1,
      card_count: set.cardCount,
      created: set.at,
      updated: set.at,
    })
    .execute()
  const cards = Array.from({ length: set.cardCount }, (_, i) => ({
    id: `${set.cardPrefix}c${i}`,
    study_set_id: set.id,
    term: `term ${set.index}-${i}`,
    definition: `definition ${set.index}-${i}`,
    position: i + 1,
    created: set.at,
    guid: `${set.cardPrefix}c${i}`,
  }))
  for (let i = 0; i < cards.length; i += 100)
    await db
      .insertInto('flashcards')
      .values(cards.slice(i, i + 100))
      .execute()
  return cards
}
