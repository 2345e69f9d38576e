import type { ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { build } from 'vite'
import { spawnListening } from '#tests/support/spawn-listening.mjs'

/**
 * The real standalone server as its own process, for tests that must kill it or measure it.
 *
 * `npm test` runs vitest before `npm run build`, so dist/server may be missing or stale: the tests
 * bundle server/index.ts themselves with vite.server.config.ts (about a second) into a throw-away
 * folder under node_modules/.cache, never touching dist/. It lives under node_modules so the
 * bundle's bare imports (koa, better-sqlite3, ...) resolve to the project's packages.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const AUTH_SECRET = 'reliability-test-secret-that-is-long-enough-0123456789'

/** Bundles the server; `remove()` deletes the bundle. */
export async function bundleServer(): Promise<{ entry: string; remove(): void }> {
  const cacheDir = path.join(ROOT, 'node_modules/.cache')
  mkdirSync(cacheDir, { recursive: true })
  const outDir = mkdtempSync(path.join(cacheDir, 'cardwise-reliability-'))
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.server.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  })
  return { entry: path.join(outDir, 'index.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) }
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Resolves when the process has exited (at once if it already has). */
  exited: Promise<void>
  /** Resident memory of the server process now, in MB (Linux /proc). */
  rssMb(): number
  /** Everything it printed so far (stdout and stderr). */
  output(): string
}

/**
 * Starts the bundled server on `dataDir` (port 0, loopback, no mail server, accounts verified at
 * once, rate limits off) and resolves once it listens.
 */
export async function spawnServer(entry: string, dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const { child, url, exited, output } = await spawnListening(entry, {
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
      AUTO_VERIFY_ACCOUNTS: 'true',
      BACKUP_INTERVAL_HOURS: '0',
      RATE_LIMIT_LOGIN: '0',
      RATE_LIMIT_REGISTER: '0',
      RATE_LIMIT_EMAIL: '0',
      RATE_LIMIT_CONTACT: '0',
      RATE_LIMIT_IMPORT: '0',
      ...env,
    },
  })
  return { url, child, exited, output, rssMb: () => residentMb(child.pid as number) }
}

function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  return Number(kb) / 1024
}

/** Stops the processes (SIGTERM, as a service manager does) and waits for each to exit. */
export async function stopServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    server.child.kill('SIGTERM')
    await server.exited
  }
}

export interface Answer {
  status: number
  // biome-ignore lint: tests read whatever the API answered
  body: any
}

/** One JSON request over a keep-alive agent (many in flight at once share its sockets). */
export function call(agent: http.Agent, url: string, method: string, urlPath: string, body?: unknown, token?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  const headers: Record<string, string> = {}
  if (payload !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}${urlPath}`, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let parsed: unknown = text
        if (response.headers['content-type']?.includes('application/json')) parsed = JSON.parse(text)
        resolve({ status: response.statusCode ?? 0, body: parsed })
      })
    })
    request.on('error', reject)
    request.end(payload)
  })
}

/** Registers an account (verified at once: AUTO_VERIFY_ACCOUNTS) and returns its token. */
export async function signUp(agent: http.Agent, url: string, username: string): Promise<string> {
  const password = 'correct horse battery'
  const email = `${username}@example.org`
  const registered = await call(agent, url, 'POST', '/api/auth/register', { username, email, password, passwordConfirm: password })
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.body)}`)
  const login = await call(agent, url, 'POST', '/api/auth/login', { identity: email, password })
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`)
  return login.body.token as string
}

/** True when the reliability tests run in their long form (`npm run soak`). */
export const SOAK = process.env.CARDWISE_SOAK === '1'
