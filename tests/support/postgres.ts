import { execFileSync } from 'node:child_process'
import { chmodSync, chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
// @ts-expect-error a plain script, shared with `node scripts/ensure-postgres.mjs`
import { ensurePostgres } from '#scripts/ensure-postgres.mjs'

export interface TestPostgres {
  /** The server's maintenance database (`postgres`); tests create their own next to it. */
  url: string
  /** The server's processes now (the postmaster and its children), for the bench's CPU figures; empty for TEST_DATABASE_URL. */
  pids(): number[]
  /** Stops the server hard (`pg_ctl stop -m immediate`, as a crash or a pulled plug), keeping its data; not for TEST_DATABASE_URL. */
  crash(): void
  /** Starts a crashed server again on the same port and data (it recovers from its write-ahead log). */
  restart(): void
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** initdb refuses to run as root: then the cluster is the `postgres` user's. */
function asClusterOwner(binary: string, args: string[]) {
  const root = process.getuid?.() === 0
  const [command, fullArgs] = root ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
  execFileSync(command, fullArgs, { stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * A throwaway PostgreSQL server for one test run: TEST_DATABASE_URL when set, otherwise a new
 * cluster in a temporary folder on a free loopback port, with fsync off (nothing of it is kept).
 */
export async function startTestPostgres({ durable = false }: { durable?: boolean } = {}): Promise<TestPostgres> {
  if (process.env.TEST_DATABASE_URL) {
    const notOurs = () => {
      throw new Error('TEST_DATABASE_URL names a server the tests do not own: they cannot stop or start it')
    }
    return { url: process.env.TEST_DATABASE_URL, pids: () => [], crash: notOurs, restart: notOurs, stop: async () => {} }
  }
  return startCluster(
    (bin, data) => asClusterOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']),
    durable,
  )
}

/**
 * A streaming replica of a test server (`pg_basebackup -R`, as a real standby is made), on its own
 * free port: read-only, following the primary's writes.
 */
export async function startTestReplica(primary: TestPostgres): Promise<TestPostgres> {
  const source = new URL(primary.url)
  return startCluster(
    (bin, data) =>
      asClusterOwner(path.join(bin, 'pg_basebackup'), [
        '-D',
        data,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '-h',
        source.hostname,
        '-p',
        source.port,
        '-U',
        'postgres',
      ]),
    true,
  )
}

/** A cluster in a temporary folder, its data made by `create` (initdb or a base backup), started on a free port. */
async function startCluster(create: (bin: string, data: string) => void, durable: boolean): Promise<TestPostgres> {
  const bin = ensurePostgres() as string
  const root = process.getuid?.() === 0
  const folder = mkdtempSync(path.join(tmpdir(), 'cardwise-pg-'))
  const data = path.join(folder, 'data')
  const socket = path.join(folder, 'socket')
  execFileSync('mkdir', ['-p', data, socket])
  chmodSync(folder, 0o755)
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    for (const dir of [folder, data, socket]) chownSync(dir, uid, gid)
  }
  chmodSync(data, 0o700)
  create(bin, data)
  const port = await freePort()
  // Tests keep nothing, so they skip durability; the bench (`durable`) commits as a real server does.
  const speed = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'
  const options = `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1 -c max_connections=300${speed}`
  const start = () => asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(folder, 'pg.log'), '-o', options, '-w', 'start'])
  const crash = () => asClusterOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pids: () => clusterPids(Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])),
    crash,
    restart: start,
    async stop() {
      try {
        crash()
      } catch {
        // Already stopped (a test crashed it).
      } finally {
        rmSync(folder, { recursive: true, force: true })
      }
    },
  }
}

/** A process and its children (from /proc): the postmaster and the backends, checkpointer, writers. */
function clusterPids(postmaster: number): number[] {
  const pids = [postmaster]
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) pids.push(Number(entry))
    } catch {
      // The process ended while the folder was read.
    }
  }
  return pids
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs statements on the server's maintenance database (CREATE DATABASE cannot run in a pool's transaction). */
export async function adminQuery(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

let databaseCounter = 0

/** A new database copied from `template` (a migrated one: far faster than migrating again). */
export async function createDatabaseFrom(serverUrl: string, template: string): Promise<{ url: string; drop(): Promise<void> }> {
  databaseCounter += 1
  const name = `cardwise_${process.pid}_${databaseCounter}_${Math.random().toString(36).slice(2, 8)}`
  await adminQuery(serverUrl, [`create database ${name} template ${template}`])
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => adminQuery(serverUrl, [`drop database if exists ${name} with (force)`]),
  }
}
