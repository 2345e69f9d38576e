import { mkdtempSync, rmSync } from 'node:fs'
import { createHttpServer } from '#server/http/http-server'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from 'vitest'
import { createApp } from '#server/app'
import type { Clock } from '#server/clock'
import { type AppConfig, type Config, loadConfig, type RateLimitConfig } from '#server/config'
import type { DB, DialectName } from '#server/db/database'
import { createMailer, type Mailer } from '#server/mail/mailer'
import { type AccountEvents, MemoryAccountEvents } from '#server/events/account-events'
import { PostgresAccountEvents } from '#server/events/postgres-account-events'
import { type GameEvents, MemoryGameEvents, PostgresGameEvents } from '#server/events/game-events'
import { buildUser } from './factories'
import { DatabaseRateLimitStore, MemoryRateLimitStore, type RateLimitStore } from '#server/http/rate-limit'
import { silentLogger } from '#server/logger'
import { decodeBody, linkToken } from './mail'
import { openTestDatabase } from './test-database'
import { startSmtpInbox } from './smtp-inbox'

/** A clock the test moves by hand: tokens and links expire without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0
  private readonly pending = new Set<{ due: number; fire: () => void }>()
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
  /**
   * Moves "now" on, and nothing else: the app's timers (a game question's end, a stream's token
   * expiry) still fire in real time, as if they were late; a request sent next is the first to
   * see the new time.
   */
  advance(ms: number): void {
    this.offsetMs += ms
  }
  /** Moves "now" on as time passing would: the app's timers that come due fire now, in order. */
  pass(ms: number): void {
    this.offsetMs += ms
    const now = this.now().getTime()
    for (const timer of [...this.pending].sort((a, b) => a.due - b.due)) if (timer.due <= now) timer.fire()
  }
  timer(ms: number, run: () => void): () => void {
    const real = setTimeout(() => timer.fire(), ms)
    real.unref()
    const cancel = () => {
      clearTimeout(real)
      this.pending.delete(timer)
    }
    const timer = {
      due: this.now().getTime() + ms,
      fire: () => {
        cancel()
        run()
      },
    }
    this.pending.add(timer)
    return cancel
  }
}

export { decodeBody, linkToken }
export { type ReceivedMail, startSmtpInbox } from './smtp-inbox'
export { type EventStream, openEventStream, openEventStreamAt, type ServerSentEvent } from './event-stream'

export interface ApiResponse {
  status: number
  headers: Headers
  text: string
  // biome-ignore lint: tests read whatever the API answered
  body: any
}

/** Words that must never appear in an API response. */
const SECRET_MARKERS = [/password_?hash/i, /token_?key/i, /\$2[aby]\$\d\d\$/]

export interface TestApp {
  url: string
  db: DB
  /** The dialect the run uses (the `postgres` vitest project runs this suite on PostgreSQL). */
  dialect: DialectName
  config: AppConfig
  clock: TestClock
  /** In memory on SQLite; LISTEN/NOTIFY on PostgreSQL, as a server on each dialect runs them. */
  events: AccountEvents & { size: number }
  inbox: Awaited<ReturnType<typeof startSmtpInbox>>
  api(method: string, urlPath: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse>
  /** The SQL statements the database was sent while `run` ran (a route's round trips, when `run` is one request). */
  statementsOf(run: () => Promise<unknown>): Promise<string[]>
  close(): Promise<void>
}

/**
 * Config overrides, plus the React build folder to serve (none: the app serves only the API).
 * `rateLimits` names only the limits a test turns on; the others stay off.
 */
export type TestAppOptions = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimitConfig>; rendererDir?: string }

/**
 * The real app over HTTP on a fresh database (SQLite in memory, or in the `postgres` vitest
 * project a PostgreSQL database copied from a migrated template; ./test-database.ts), with mail going to a
 * real SMTP listener. Every response is checked for leaked secrets.
 *
 * Rate limits are off unless a test sets `rateLimits`: every request comes from 127.0.0.1, so the
 * production defaults would trip after a few registrations. tests/api/rate-limits.test.ts covers them.
 */
export async function startTestApp({ rendererDir, rateLimits, ...overrides }: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-api-'))
  const inbox = await startSmtpInbox()
  const base = loadConfig({
    DATA_DIR: dataDir,
    BCRYPT_COST: '10',
    LOG_REQUESTS: 'false',
    SMTP_URL: inbox.url,
    RATE_LIMIT_LOGIN: '0',
    RATE_LIMIT_REGISTER: '0',
    RATE_LIMIT_EMAIL: '0',
    RATE_LIMIT_CONTACT: '0',
    RATE_LIMIT_IMPORT: '0',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '0',
    RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '0',
  })
  const config: AppConfig = {
    ...base,
    // bcrypt's lowest cost (the configuration refuses it; tests about the cost set their own):
    // the suite makes thousands of accounts and logins, and cost 10 spent most of its time hashing.
    bcryptCost: 4,
    authSecret: 'test-secret-that-is-long-enough-0123456789',
    ...overrides,
    rateLimits: { ...base.rateLimits, ...rateLimits },
  }
  let statements: string[] | undefined
  const database = await openTestDatabase(undefined, (text) => statements?.push(text))
  const db = database.db
  const smtp = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger: silentLogger })
  // Some mails go out after the answer (so its timing tells nothing); `api` waits for them, so a
  // test reads the inbox as soon as a request is answered.
  const mailsInFlight = new Set<Promise<void>>()
  const mailer: Mailer = {
    send(message) {
      const sending = smtp.send(message)
      mailsInFlight.add(sending)
      sending.then(
        () => mailsInFlight.delete(sending),
        () => mailsInFlight.delete(sending),
      )
      return sending
    },
    close: () => smtp.close(),
  }
  const clock = new TestClock()
  // The stores a server on this dialect runs with (server/start.ts), so the suite covers them.
  let events: AccountEvents & { size: number; close?: () => Promise<void> } = new MemoryAccountEvents()
  let gameEvents: GameEvents & { close?: () => Promise<void> } = new MemoryGameEvents()
  let rateLimitStore: RateLimitStore = new MemoryRateLimitStore()
  if (database.url) {
    const listening = new PostgresAccountEvents({ url: database.url, db, logger: silentLogger })
    await listening.start()
    events = listening
    const games = new PostgresGameEvents({ url: database.url, db, logger: silentLogger })
    await games.start()
    gameEvents = games
    rateLimitStore = new DatabaseRateLimitStore(db)
  }
  const shutdown = new AbortController()
  // TEST_LOG_ERRORS=1 prints what the app logs as errors (a 500's cause); silent otherwise.
  const appLogger = process.env.TEST_LOG_ERRORS ? { ...silentLogger, error: console.error } : silentLogger
  const app = createApp({ config, db, mailer, clock, events, gameEvents, rateLimitStore, logger: appLogger, shutdown: shutdown.signal, rendererDir })
  const server = createHttpServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  async function api(method: string, urlPath: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers }
    if (options.body !== undefined) headers['Content-Type'] ??= 'application/json'
    if (options.token) headers.Authorization = `Bearer ${options.token}`
    const response = await fetch(url + urlPath, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    })
    const text = await response.text()
    await Promise.allSettled([...mailsInFlight])
    for (const marker of SECRET_MARKERS) expect(text, `${method} ${urlPath} leaked a secret`).not.toMatch(marker)
    let body: unknown = text
    if (response.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text)
    return { status: response.status, headers: response.headers, text, body }
  }

  return {
    url,
    db,
    dialect: database.dialect,
    config,
    clock,
    events,
    inbox,
    api,
    async statementsOf(run) {
      statements = []
      try {
        await run()
        return statements
      } finally {
        statements = undefined
      }
    },
    async close() {
      shutdown.abort()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      mailer.close()
      await inbox.close()
      await events.close?.()
      await gameEvents.close?.()
      await database.dispose()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface Account {
  id: string
  username: string
  email: string
  password: string
  token: string
}

let accountCounter = 0

/** Registers (and by default verifies and logs in) a fresh account through the API. */
/**
 * An account for a test that is not about registration: a verified one is made through the
 * repositories (factories.ts: no bcrypt hash of its own, no mail), with a signed-in token. An
 * unverified one registers through the routes, so its verification mail is in the inbox as a
 * student's would be; tests of registration or login use `registerAccount` themselves.
 */
export async function createAccount(app: TestApp, options: { verified?: boolean; username?: string } = {}): Promise<Account> {
  return options.verified === false ? registerAccount(app, options) : buildUser(app, options)
}

/** An account made as a student makes one: register, confirm the emailed link (unless unverified), log in. */
export async function registerAccount(app: TestApp, options: { verified?: boolean; username?: string } = {}): Promise<Account> {
  accountCounter += 1
  const username = options.username ?? `student${accountCounter}_${Math.random().toString().slice(2, 8)}`
  const email = `${username.toLowerCase()}@example.org`
  const password = 'correct horse battery'
  const registered = await app.api('POST', '/api/auth/register', { body: { username, email, password, passwordConfirm: password } })
  expect(registered.status, registered.text).toBe(201)
  if (options.verified ?? true) {
    const mail = app.inbox.lastTo(email)
    if (!mail) throw new Error(`no verification mail to ${email}`)
    const confirmed = await app.api('POST', '/api/auth/confirm-verification', { body: { token: linkToken(mail.text, 'verify-email') } })
    expect(confirmed.status, confirmed.text).toBe(204)
  }
  const login = await app.api('POST', '/api/auth/login', { body: { identity: email, password } })
  expect(login.status, login.text).toBe(200)
  return { id: registered.body.user.id, username, email, password, token: login.body.token }
}
