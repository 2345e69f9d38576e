import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { build } from 'vite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { decodeBody, linkToken } from '../support/mail'

/**
 * Kill -9 during imports must never leave a half-imported set: each import is one transaction,
 * so after any number of crashes the database is intact, every set has exactly its cardCount
 * cards (positions 1..n), and every import that was answered 201 is still there.
 *
 * Which server: the real standalone bundle, run as its own process (it has to be killable).
 * `npm test` runs vitest before `npm run build`, so dist/server may be missing or stale; the test
 * therefore bundles server/index.ts itself with vite.server.config.ts (well under a second) into a
 * throw-away folder under node_modules/.cache, never touching dist/. It lives under node_modules
 * so the bundle's bare imports (koa, better-sqlite3, ...) resolve to the project's packages.
 * Most of the run is the server starting (about 3 s each: loading jsdom), hence 3 rounds.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')
const ROUNDS = 3
const CARDS = 500
const AUTH_SECRET = 'crash-test-secret-that-is-long-enough-0123456789'

let bundleDir: string
let dataDir: string
let running: ChildProcess | undefined

beforeAll(async () => {
  const cacheDir = path.join(ROOT, 'node_modules/.cache')
  mkdirSync(cacheDir, { recursive: true })
  bundleDir = mkdtempSync(path.join(cacheDir, 'cardwise-import-crash-'))
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-crash-'))
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.server.config.ts'),
    logLevel: 'silent',
    build: { outDir: bundleDir, emptyOutDir: true, sourcemap: false },
  })
}, 60_000)

afterAll(() => {
  running?.kill('SIGKILL')
  rmSync(bundleDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

/** Starts the bundled server on the data folder and resolves with its URL once it listens. */
function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(bundleDir, 'index.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: '',
      AUTH_SECRET,
      BCRYPT_COST: '10',
      LOG_REQUESTS: 'false',
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_EMAIL: '0',
      RATE_LIMIT_IMPORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running = child
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 20_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ url: match[1], child })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code}:\n${output}`))
    })
  })
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json().catch(() => undefined)) as Record<string, any> | undefined }
}

/** Registers, verifies through the outbox mail (no SMTP configured), and logs in. */
async function signUp(url: string): Promise<string> {
  const password = 'correct horse battery'
  const registered = await post(`${url}/api/auth/register`, { username: 'crashtester', email: 'crash@example.org', password, passwordConfirm: password })
  expect(registered.status).toBe(201)
  const outbox = path.join(dataDir, 'outbox')
  const mails = readdirSync(outbox, { withFileTypes: true }).filter((entry) => entry.name.endsWith('.eml'))
  if (mails.length > 0) {
    const text = decodeBody(readFileSync(path.join(outbox, mails[0]!.name), 'utf8'))
    const confirmed = await fetch(`${url}/api/auth/confirm-verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: linkToken(text, 'verify-email') }),
    })
    expect(confirmed.status).toBe(204)
  }
  const login = await post(`${url}/api/auth/login`, { identity: 'crash@example.org', password })
  expect(login.status).toBe(200)
  return login.body?.token as string
}

// Plain text but for a few cards: stripping markup runs an HTML parser (about 1 ms a card), and the
// rounds should see many imports, not a few slow ones.
const cards = Array.from({ length: CARDS }, (_, i) => ({
  term: `Crash term ${i + 1}`,
  definition: i % 100 === 0 ? `A <b>definition</b> of term ${i + 1}` : `A definition of term ${i + 1}, long enough to be written`,
}))

it(`keeps every import whole across ${ROUNDS} kill -9 crashes mid-import`, async () => {
  const acknowledged: string[] = []
  const timings: string[] = []
  let token = ''
  for (let round = 0; round < ROUNDS; round++) {
    const { url, child } = await startServer()
    if (round === 0) token = await signUp(url)
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const started = Date.now()
    // Imports keep coming on four connections until the process dies under them.
    let dead = false
    const worker = async (lane: number) => {
      for (let n = 0; !dead; n++) {
        try {
          const answer = await post(`${url}/api/sets/import`, { title: `Round ${round} lane ${lane} #${n}`, cards }, token)
          if (answer.status === 201 && answer.body) acknowledged.push(answer.body.id as string)
          else if (!dead) throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`)
        } catch (error) {
          if (!dead) throw error
        }
      }
    }
    const answeredBefore = acknowledged.length
    const workers = [0, 1, 2, 3].map(worker)
    // Once this round has written something, kill at a different moment each round, with imports in flight.
    const deadline = Date.now() + 5000
    while (acknowledged.length === answeredBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, round * 17))
    dead = true
    child.kill('SIGKILL')
    await exited
    running = undefined
    await Promise.all(workers)
    timings.push(`round ${round}: ${acknowledged.length - answeredBefore} imports answered, killed after ${Date.now() - started} ms`)
  }
  console.log(timings.join('\n'))

  const db = new SQLite(path.join(dataDir, 'cardwise.db'))
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    const sets = db
      .prepare(
        `SELECT s.id, s.card_count AS cardCount, COUNT(f.id) AS cards, MIN(f.position) AS first, MAX(f.position) AS last,
                COUNT(DISTINCT f.position) AS positions
           FROM study_sets s LEFT JOIN flashcards f ON f.study_set_id = s.id GROUP BY s.id`,
      )
      .all() as Array<{ id: string; cardCount: number; cards: number; first: number; last: number; positions: number }>
    // No set without its cards, no cards without their count, positions 1..500.
    for (const set of sets) expect(set).toEqual({ id: set.id, cardCount: CARDS, cards: CARDS, first: 1, last: CARDS, positions: CARDS })
    const orphans = db.prepare('SELECT COUNT(*) AS n FROM flashcards WHERE study_set_id NOT IN (SELECT id FROM study_sets)').get() as { n: number }
    expect(orphans.n).toBe(0)
    // Every import answered 201 survived the crashes after it.
    const stored = new Set(sets.map((set) => set.id))
    expect(acknowledged.length).toBeGreaterThan(0)
    for (const id of acknowledged) expect(stored.has(id), `acknowledged set ${id} is missing`).toBe(true)
  } finally {
    db.close()
  }
}, 60_000)
