import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { expect } from 'vitest'
import { createApp } from '../../server/app'
import type { Clock } from '../../server/clock'
import { type AppConfig, type Config, loadConfig } from '../../server/config'
import { type DB, openSqliteDatabase } from '../../server/db/database'
import { migrateToLatest } from '../../server/db/migrate'
import { createMailer } from '../../server/features/mail/mailer'
import { MemoryAccountEvents } from '../../server/features/realtime/account-events'
import { silentLogger } from '../../server/logger'

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
    /** The newest message to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return messages.filter((message) => message.to.includes(address)).at(-1)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The plain-text body of a single-part message, quoted-printable or 7bit. */
export function decodeBody(raw: string): string {
  const [headers = '', ...bodyParts] = raw.split(/\r?\n\r?\n/)
  const body = bodyParts.join('\n\n')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The token of the link to `route` in a mail body. */
export function linkToken(text: string, route: string): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text)
  if (!match?.[1]) throw new Error(`No /${route}/ link in:\n${text}`)
  return match[1]
}

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
  config: AppConfig
  clock: TestClock
  events: MemoryAccountEvents
  inbox: Awaited<ReturnType<typeof startSmtpInbox>>
  api(method: string, urlPath: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse>
  close(): Promise<void>
}

/**
 * The real app over HTTP on a fresh SQLite database in a temporary folder, with mail going to a
 * real SMTP listener. Every response is checked for leaked secrets.
 */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-api-'))
  const inbox = await startSmtpInbox()
  const base = loadConfig({ DATA_DIR: dataDir, BCRYPT_COST: '10', LOG_REQUESTS: 'false', SMTP_URL: inbox.url })
  const config: AppConfig = { ...base, authSecret: 'test-secret-that-is-long-enough-0123456789', ...overrides } as AppConfig
  const db = openSqliteDatabase(path.join(dataDir, 'cardwise.db'))
  await migrateToLatest(db)
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger: silentLogger })
  const clock = new TestClock()
  const events = new MemoryAccountEvents()
  const shutdown = new AbortController()
  const app = createApp({ config, db, mailer, clock, events, logger: silentLogger, shutdown: shutdown.signal })
  const server = http.createServer(app.callback())
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
    for (const marker of SECRET_MARKERS) expect(text, `${method} ${urlPath} leaked a secret`).not.toMatch(marker)
    let body: unknown = text
    if (response.headers.get('content-type')?.includes('application/json')) body = JSON.parse(text)
    return { status: response.status, headers: response.headers, text, body }
  }

  return {
    url,
    db,
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
      await db.destroy()
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
  const username = options.username ?? `student${accountCounter}${Math.random().toString(36).slice(2, 6)}`
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
