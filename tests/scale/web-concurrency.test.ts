import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { AUTH_SECRET, bundleServer, ROOT } from '#tests/reliability/server-process'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'

/**
 * `npm start` with WEB_CONCURRENCY: node:cluster workers on one port, each a whole server on the
 * same PostgreSQL database. Each worker's log lines name its process, so the request log shows
 * which worker answered.
 */

let bundle: Awaited<ReturnType<typeof bundleServer>>
let dataDir: string

beforeAll(async () => {
  bundle = await bundleServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-workers-'))
}, 60_000)

afterAll(() => {
  bundle?.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The bundled server as a process whose whole output the test reads. */
function startPrimary(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<void> } {
  let output = ''
  const child = spawn(process.execPath, [bundle.entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: '',
      AUTH_SECRET,
      LOG_REQUESTS: 'true',
      BACKUP_INTERVAL_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { child, output: () => output, exited }
}

/** Workers that said they listen, by pid, with the URL they share. */
function listeningWorkers(output: string): Map<number, string> {
  return new Map([...output.matchAll(/\[worker (\d+)\] Cardwise is listening on (http:\/\/\S+)/g)].map((match) => [Number(match[1]), match[2]!]))
}

/** Pids of the workers that logged answering GET /api/health in `output`. */
function answeringWorkers(output: string): Set<number> {
  return new Set([...output.matchAll(/\[worker (\d+)\] GET \/api\/health 200/g)].map((match) => Number(match[1])))
}

/** `count` health checks, each on a new connection, so the primary hands each to a worker in turn. */
async function healthChecks(url: string, count: number): Promise<void> {
  for (let n = 0; n < count; n++) {
    const response = await fetch(`${url}/api/health`, { headers: { Connection: 'close' } })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'postgres' })
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('WEB_CONCURRENCY', () => {
  it('runs two workers on PostgreSQL that both answer, and replaces one that dies', async () => {
    const database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
    const primary = startPrimary({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' })
    try {
      await expect.poll(() => listeningWorkers(primary.output()).size, { timeout: 60_000, interval: 100 }).toBe(2)
      expect(primary.output()).toContain('starting 2 server processes')
      const workers = listeningWorkers(primary.output())
      const [url] = new Set(workers.values())
      expect(new Set(workers.values()).size, 'both workers on one port').toBe(1)

      await healthChecks(url!, 10)
      await expect.poll(() => answeringWorkers(primary.output()), { timeout: 5000 }).toEqual(new Set(workers.keys()))

      const [killed, kept] = [...workers.keys()]
      process.kill(killed!, 'SIGKILL')
      await expect.poll(() => listeningWorkers(primary.output()).size, { timeout: 60_000, interval: 100 }).toBe(3)
      expect(primary.output()).toMatch(new RegExp(`Server process ${killed} ended \\(SIGKILL\\); starting another`))
      const replacement = [...listeningWorkers(primary.output()).keys()].find((pid) => !workers.has(pid))!
      expect(alive(killed!)).toBe(false)

      // The port never closed: the new worker and the one that stayed answer on it.
      const before = primary.output().length
      await healthChecks(url!, 10)
      await expect.poll(() => answeringWorkers(primary.output().slice(before)), { timeout: 5000 }).toEqual(new Set([kept, replacement]))
    } finally {
      primary.child.kill('SIGTERM')
      await primary.exited
      await database.drop()
    }
    expect(primary.child.exitCode).toBe(0)
    for (const pid of listeningWorkers(primary.output()).keys()) expect(alive(pid), `worker ${pid} after stop`).toBe(false)
  }, 120_000)

  it('stays one process on SQLite and says why', async () => {
    const primary = startPrimary({ WEB_CONCURRENCY: '2', DATABASE_URL: '' })
    try {
      await expect.poll(() => /listening on (http:\/\/\S+)/.test(primary.output()), { timeout: 60_000, interval: 100 }).toBe(true)
      const url = /listening on (http:\/\/\S+)/.exec(primary.output())![1]!
      expect(await (await fetch(`${url}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'sqlite' })
      expect(primary.output()).toContain('WEB_CONCURRENCY=2 ignored: on SQLite Cardwise runs as one process. Set DATABASE_URL (PostgreSQL) to run several.')
      expect(primary.output()).not.toContain('[worker')
      expect(primary.output()).not.toContain('server processes')
    } finally {
      primary.child.kill('SIGTERM')
      await primary.exited
    }
  }, 60_000)
})
