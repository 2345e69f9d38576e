import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { test as base, type Browser, type BrowserContext, expect, type Page, type Response } from '@playwright/test'
import { messages } from '#shared/messages'
import { decodeBody, linkToken } from '#tests/support/mail'
import { spawnListening } from '#tests/support/spawn-listening.mjs'

const SERVER_ENTRY = path.resolve('dist/server/index.js')
/** Where the app keeps a signed-in session (renderer/src/features/auth/auth-store.ts). */
const AUTH_STORAGE_KEY = 'cardwise_auth'

export interface E2EServer {
  url: string
  dataDir: string
  /** Everything the server printed so far (its errors, and its requests when LOG_REQUESTS is on). */
  output(): string
  /** Plain-text bodies of the mails saved to the outbox for this address, oldest first. */
  mailsTo(address: string): string[]
  /** Waits for a mail to `address` holding a link to `route` and returns that link's token. */
  waitForLink(address: string, route: string): Promise<string>
}

/**
 * Starts the built server on a free port with its own data folder (mail goes to the outbox).
 * DB_SYNCHRONOUS=normal: no fsync at every commit, since these tests keep nothing past a power
 * cut (what survives a crash is tests/reliability/'s, with the default `full`).
 */
async function startServer(env: Record<string, string> = {}): Promise<{ server: E2EServer; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-e2e-'))
  const {
    url,
    stop: stopChild,
    output,
  } = await spawnListening(SERVER_ENTRY, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BCRYPT_COST: '10',
      LOG_REQUESTS: 'false',
      SMTP_URL: '',
      DB_SYNCHRONOUS: 'normal',
      ...env,
    },
    timeoutMs: 15_000,
  })
  const outbox = path.join(dataDir, 'outbox')
  const mailsTo = (address: string) => {
    let files: string[] = []
    try {
      files = readdirSync(outbox)
        .filter((file) => file.endsWith('.eml'))
        .sort()
    } catch {
      return []
    }
    return files
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .filter((raw) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw))
      .map(decodeBody)
  }
  const server: E2EServer = {
    url,
    dataDir,
    output,
    mailsTo,
    async waitForLink(address, route) {
      let token = ''
      await expect
        .poll(() => {
          const mail = mailsTo(address)
            .reverse()
            .find((text) => text.includes(`/${route}/`))
          token = mail ? linkToken(mail, route) : ''
          return token
        })
        .not.toBe('')
      return token
    },
  }
  const stop = async () => {
    await stopChild()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { server, stop }
}

let accountCounter = 0

export interface TestAccount {
  username: string
  email: string
  password: string
}

/** A fresh account made through the API (faster than the form when the form is not under test). */
export async function registerAccount(server: E2EServer, options: { verified?: boolean; username?: string } = {}): Promise<TestAccount> {
  accountCounter += 1
  const username = options.username ?? `student${accountCounter}_${Math.random().toString().slice(2, 8)}`
  const account = { username, email: `${username}@example.org`, password: 'correct horse battery' }
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, passwordConfirm: account.password }),
  })
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`)
  if (options.verified ?? true) {
    const token = await server.waitForLink(account.email, 'verify-email')
    const confirmed = await fetch(`${server.url}/api/auth/confirm-verification`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    })
    if (confirmed.status !== 204) throw new Error(`verification failed: ${confirmed.status}`)
  }
  return account
}

/** Opens /login and submits the form, without waiting for the outcome. */
export async function submitLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login')
  await page.getByLabel('Email or Username').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Login' }).click()
}

/** Logs in through the login form and waits to leave it. */
export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await submitLogin(page, account)
  await expect(page).not.toHaveURL(/\/login$/)
}

/**
 * Signs the page's browser in as `account` without loading a page: the session the login API
 * answers is put where the login form keeps it (`cardwise_auth` in local storage) as the next page
 * loads, so it opens signed in. For a test whose subject is not the login form and that opens its
 * page next (`logIn` shows the form, a page load of its own). Only that load: a later sign-out, or
 * storage cleared, stays so.
 */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { identity: account.email, password: account.password } })
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`)
  const script = await page.addInitScript(
    ({ key, session }) => {
      try {
        localStorage.setItem(key, session)
      } catch {
        // A document without storage (about:blank): nothing to sign in.
      }
    },
    { key: AUTH_STORAGE_KEY, session: await response.text() },
  )
  // The script has run once the document it ran in has loaded.
  page.once('domcontentloaded', () => void script.dispose().catch(() => undefined))
}

/** Waits until the page shows a visitor's header (its Login link): signed out. */
export async function expectSignedOut(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible()
}

/** Submits the login form and expects it to refuse the credentials. */
export async function expectLoginRefused(page: Page, account: { email: string; password: string }): Promise<void> {
  await submitLogin(page, account)
  await expect(page.getByRole('alert').filter({ hasText: messages.wrongCredentials })).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
}

/**
 * Resolves once the page's session monitor has opened its realtime stream. The server subscribes
 * the stream to the account before answering, so account events published afterwards reach it.
 * Start waiting before the navigation or login that opens the stream.
 */
export function waitForRealtime(page: Page): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/realtime' && response.status() === 200)
}

/**
 * A second, separate browser (own storage) signed in as `account` through the login form, with
 * its realtime stream open. Close the context at the end of the test.
 */
export async function signedInContext(browser: Browser, server: E2EServer, account: TestAccount): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  const realtime = waitForRealtime(page)
  await logIn(page, account)
  await realtime
  return { context, page }
}

/**
 * Cuts the browser off the network as a dead connection does. `setOffline` alone is not enough:
 * some Chromium builds keep `navigator.onLine` true, and send no `offline` event, in a page that
 * their service worker served while offline (issue 24). Every request that would reach the
 * network fails as well, so the app must find out it is offline from what happens, as it must on
 * a real dead Wi-Fi.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  await context.setOffline(true)
}

/** Gives the network back after `goOffline`. */
export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await context.setOffline(false)
}

/** A JSON call to the server's API (for setting up state that is not under test). */
export async function apiCall(server: E2EServer, method: string, route: string, body?: unknown, token?: string): Promise<globalThis.Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  return fetch(`${server.url}/api${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
}

/** Logs in through the API and returns the token. */
export async function apiLogIn(server: E2EServer, account: TestAccount): Promise<string> {
  const response = await apiCall(server, 'POST', '/auth/login', { identity: account.email, password: account.password })
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

/**
 * What a failed test's page showed, printed with the failure: CI keeps only the run's output, not
 * its traces, so this is what tells a timing hiccup from a real fault there.
 */
function failureReport(page: Page, notes: string[], server: E2EServer): Promise<string> {
  const lines = (text: string, count: number) => text.trim().split('\n').slice(-count).join('\n    ')
  return page
    .evaluate(() => ({ title: document.title, text: document.body?.innerText ?? '', controlled: Boolean(navigator.serviceWorker?.controller) }))
    .catch(() => ({ title: '(page closed)', text: '', controlled: false }))
    .then(
      (shown) =>
        `  page at failure: ${page.url()} "${shown.title}" (service worker controlling: ${shown.controlled})\n` +
        `    ${shown.text.replace(/\s+/g, ' ').slice(0, 600)}\n` +
        `  browser console and network failures (last 15):\n    ${notes.slice(-15).join('\n    ') || '(none)'}\n` +
        `  server output (last 15 lines):\n    ${lines(server.output(), 15) || '(none)'}`,
    )
}

/**
 * What the shared server changes from a fresh one: the per-address limits are for one person, and
 * every test of a worker comes from 127.0.0.1. A test that checks a limit sets it with `serverEnv`.
 */
const SHARED_SERVER_ENV: Record<string, string> = Object.fromEntries(
  ['LOGIN', 'REGISTER', 'EMAIL', 'CONTACT', 'IMPORT', 'LOGIN_FAILURES_PER_ACCOUNT', 'LOGIN_FAILURES_PER_ADDRESS', 'CLASS_JOIN_FAILURES'].map((name) => [
    `RATE_LIMIT_${name}`,
    '1000000',
  ]),
)

export const test = base.extend<{ server: E2EServer; serverEnv: Record<string, string>; ownServer: boolean }, { sharedServer: () => Promise<E2EServer> }>({
  /** Extra environment for the test's server, e.g. `test.use({ serverEnv: { RATE_LIMIT_CONTACT: '1' } })`; gives the test its own server. */
  serverEnv: [{}, { option: true }],
  /**
   * A server of the test's own, on an empty database, for a test that reads what every account
   * shares (the public listing, a fixed username or address) or changes the server's settings.
   */
  ownServer: [false, { option: true }],
  /**
   * One server per worker, started at its first test, for the tests that only read and write their
   * own accounts' data: a start costs about a second of processor time, paid once instead of per test.
   */
  sharedServer: [
    async ({}, use) => {
      let started: ReturnType<typeof startServer> | undefined
      await use(async () => (await (started ??= startServer(SHARED_SERVER_ENV))).server)
      if (started) await (await started).stop()
    },
    { scope: 'worker' },
  ],
  server: async ({ serverEnv, ownServer, sharedServer }, use) => {
    if (!ownServer && Object.keys(serverEnv).length === 0) {
      await use(await sharedServer())
      return
    }
    const { server, stop } = await startServer(serverEnv)
    await use(server)
    await stop()
  },
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
  page: async ({ page, server }, use, testInfo) => {
    const notes: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') notes.push(`console.${message.type()}: ${message.text().slice(0, 300)}`)
    })
    page.on('pageerror', (error) => notes.push(`page error: ${error.message.slice(0, 300)}`))
    page.on('requestfailed', (request) => notes.push(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`))
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) notes.push(`navigated: ${frame.url()}`)
    })
    await use(page)
    if (testInfo.status !== testInfo.expectedStatus) console.log(`\n${testInfo.title}\n${await failureReport(page, notes, server)}\n`)
  },
})

export { expect }
