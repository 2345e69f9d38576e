import { mkdtempSync, rmSync } from 'node:fs'
import { createHttpServer } from '../../server/http/http-server'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { expect } from 'vitest'
import { createApp } from '../../server/app'
import type { Clock } from '../../server/clock'
import { type AppConfig, type Config, loadConfig, type RateLimitConfig } from '../../server/config'
import type { DB, DialectName } from '../../server/db/database'
import { createMailer, type Mailer } from '../../server/features/mail/mailer'
import { type AccountEvents, MemoryAccountEvents } from '../../server/features/realtime/account-events'
import { PostgresAccountEvents } from '../../server/db/postgres-account-events'
import { DatabaseRateLimitStore, MemoryRateLimitStore, type RateLimitStore } from '../../server/http/rate-limit'
import { silentLogger } from '../../server/logger'
import { decodeBody, linkToken } from '../support/mail'
import { openTestDatabase } from '../support/test-database'

/** A clock the test moves by hand: tokens and links expire without waiting. */
export class TestClock implements Clock {
  private offsetMs = 0
  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }
  advance(ms: number): void {
    this.offsetMs += ms
  }
}

export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
  text: string
}

/** A real SMTP listener on loopback that keeps every message it receives. */
export async function startSmtpInbox() {
  const messages: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
          text: decodeBody(raw),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Every message to this address, oldest first. */
    allTo(address: string): ReceivedMail[] {
      return messages.filter((message) => message.to.includes(address))
    },
    /** The newest message to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return messages.filter((message) => message.to.includes(address)).at(-1)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export { decodeBody, linkToken }

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
  close(): Promise<void>
}

/**
 * Config overrides, plus the React build folder to serve (none: the app serves only the API).
 * `rateLimits` names only the limits a test turns on; the others stay off.
 */
export type TestAppOptions = Partial<Omit<Config, 'rateLimits'>> & { rateLimits?: Partial<RateLimitConfig>; rendererDir?: string }

/**
 * The real app over HTTP on a fresh database (SQLite in a temporary folder, or in the `postgres`
 * vitest project a PostgreSQL database copied from a migrated template), with mail going to a
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
    authSecret: 'test-secret-that-is-long-enough-0123456789',
    ...overrides,
    rateLimits: { ...base.rateLimits, ...rateLimits },
  }
  const database = await openTestDatabase(dataDir)
  const db = database.db
  const smtp = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger: silentLogger })
  // Some mails go out after the answer (so its timing tells nothing); `api` waits for them, so a
  // test reads the inbox as soon as a request is answered.
  const mailsInFlight = new Set<Promise<void>>()
  const mailer: Mailer = {
    send(message) {
      const sending = smtp.send(message)
      mailsInFlight.add(sending)
      sending.then(() => mailsInFlight.delete(sending), () => mailsInFlight.delete(sending))
      return sending
    },
    close: () => smtp.close(),
  }
  const clock = new TestClock()
  // The stores a server on this dialect runs with (server/start.ts), so the suite covers them.
  let events: AccountEvents & { size: number; close?: () => Promise<void> } = new MemoryAccountEvents()
  let rateLimitStore: RateLimitStore = new MemoryRateLimitStore()
  if (database.url) {
    const listening = new PostgresAccountEvents({ url: database.url, db, logger: silentLogger })
    await listening.start()
    events = listening
    rateLimitStore = new DatabaseRateLimitStore(db)
  }
  const shutdown = new AbortController()
  const app = createApp({ config, db, mailer, clock, events, rateLimitStore, logger: silentLogger, shutdown: shutdown.signal, rendererDir })
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
    async close() {
      shutdown.abort()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      mailer.close()
      await inbox.close()
      await events.close?.()
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
export async function createAccount(app: TestApp, options: { verified?: boolean; username?: string } = {}): Promise<Account> {
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

export interface ServerSentEvent {
  event: string
  data: string
}

export interface EventStream {
  status: number
  headers: Headers
  /** Every event received so far (comments and `retry:` lines are left out). */
  events: ServerSentEvent[]
  /** Waits for the first event of this type; fails after `timeoutMs` or if the stream ends first. */
  next(type: string, timeoutMs?: number): Promise<ServerSentEvent>
  /** Resolves once the server has ended the stream; fails after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>
  /** Cancels the request from the client side; safe to call more than once. */
  close(): Promise<void>
}

function parseEventBlock(block: string): ServerSentEvent | undefined {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue
    const [field, ...rest] = line.split(':')
    const value = rest.join(':').replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return data.length > 0 ? { event, data: data.join('\n') } : undefined
}

/**
 * Opens GET /api/realtime with fetch and reads it in the background. Always `close()` it (an
 * `afterEach` does), so no test waits on a stream that never ends.
 */
export async function openEventStream(app: TestApp, query: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const abort = new AbortController()
  const response = await fetch(`${app.url}/api/realtime${query}`, { headers, signal: abort.signal })
  const events: ServerSentEvent[] = []
  let done = false
  // A promise that settles at the next change (data arrived, or the stream ended).
  let wakeUp = () => {}
  let wake = { promise: new Promise<void>((resolve) => (wakeUp = resolve)) }
  const notify = () => {
    const settle = wakeUp
    wake = { promise: new Promise<void>((resolve) => (wakeUp = resolve)) }
    settle()
  }

  const pump = (async () => {
    if (!response.body) return
    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done: finished, value } = await reader.read()
        if (finished) break
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const event = parseEventBlock(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (event) events.push(event)
        }
        notify()
      }
    } catch {
      // Aborted by close(), or the connection was cut: either way the stream is over.
    } finally {
      done = true
      notify()
    }
  })()

  /** Sleeps until something arrives, the stream ends, or `ms` pass. */
  async function untilChange(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([wake.promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))])
    clearTimeout(timer)
  }

  async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = check()
      if (found !== undefined) return found
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out waiting for ${what}; events: ${JSON.stringify(events)}`)
      await untilChange(left)
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    events,
    async next(type, timeoutMs = 3000) {
      return waitFor(
        () => {
          const event = events.find((candidate) => candidate.event === type)
          if (!event && done) throw new Error(`the stream ended without a "${type}" event; events: ${JSON.stringify(events)}`)
          return event
        },
        `a "${type}" event`,
        timeoutMs,
      )
    },
    async ended(timeoutMs = 3000) {
      await waitFor(() => (done ? true : undefined), 'the end of the stream', timeoutMs)
    },
    async close() {
      abort.abort()
      await pump
    },
  }
}
