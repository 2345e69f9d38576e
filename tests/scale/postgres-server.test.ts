import { connect, createServer, type Server, type Socket } from 'node:net'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config'
import { type RunningServer, startServer } from '#server/start'
import { silentLogger } from '#server/logger'
import { messages } from '#shared/messages'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'

/**
 * The real server started on PostgreSQL (DATABASE_URL): what it says about itself, how it refuses
 * a database it cannot use, and how it rides out the database going away.
 */
const SECRET = 'a-secret-for-postgres-server-tests-0123456789'
let dataDir: string

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-pg-start-'))
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const configFor = (databaseUrl: string) =>
  loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_REQUESTS: 'false', BCRYPT_COST: '10', DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET })

/** A TCP relay to the database that the test can cut and restore, as a network or restart would. */
async function startRelay(target: URL): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection(target)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.on('close', () => sockets.delete(socket))
          socket.on('error', () => {})
        }
        client.pipe(upstream).pipe(client)
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as { port: number }).port
        resolve()
      })
    })
  const stop = async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    server = undefined
  }
  await listen()
  return { port, cut: stop, restore: listen, close: stop }
}

function createConnection(target: URL): Socket {
  return connect(Number(target.port), target.hostname)
}

describe('the server on PostgreSQL', () => {
  it('says which database it runs on, and keeps no pid file or backups in the data folder', async () => {
    const database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
    const server = await startServer(configFor(database.url), { logger: silentLogger })
    try {
      const health = await (await fetch(`${server.url}/api/health`)).json()
      expect(health).toMatchObject({ status: 'ok', database: 'postgres', databaseUp: true })
      // Nothing of the database in the data folder: no SQLite file, no pid file, no backups.
      expect(readdirSync(dataDir).filter((name) => /cardwise\.db|\.pid$|backups/.test(name))).toEqual([])
    } finally {
      await server.close()
      await database.drop()
    }
  })

  it('refuses to start on a database it cannot reach or log in to, naming DATABASE_URL and the reason', async () => {
    const server = new URL(inject('postgresUrl'))
    const unreachable = `postgres://someone:hunter2secret@127.0.0.1:1/cardwise`
    const noSuchDatabase = `postgres://postgres@${server.host}/cardwise_missing_database`
    for (const url of [unreachable, noSuchDatabase]) {
      const started = startServer(configFor(url), { logger: silentLogger })
      await expect(started).rejects.toBeInstanceOf(ConfigError)
      const message = await started.catch((error: Error) => error.message)
      expect(message).toMatch(/^DATABASE_URL: cannot use postgres:\/\//)
      expect(message).not.toContain('hunter2secret')
    }
    const message = await startServer(configFor(unreachable), { logger: silentLogger }).catch((error: Error) => error.message)
    expect(message).toMatch(/ECONNREFUSED|connect/)
  })

  it('answers 503 with the error body while the database is away, and recovers when it is back', async () => {
    const database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
    const target = new URL(database.url)
    const relay = await startRelay(target)
    const viaRelay = new URL(database.url)
    viaRelay.port = String(relay.port)
    let server: RunningServer | undefined
    try {
      server = await startServer(configFor(viaRelay.toString()), { logger: silentLogger })
      expect((await fetch(`${server.url}/api/sets/public`)).status).toBe(200)
      await relay.cut()
      const away = await fetch(`${server.url}/api/sets/public`)
      expect(away.status).toBe(503)
      expect(away.headers.get('retry-after')).toBe('5')
      expect(await away.json()).toEqual({ error: { status: 503, code: 'unavailable', message: messages.unavailable } })
      // The process is still there and says the database is away, so a load balancer sends students elsewhere.
      const health = await fetch(`${server.url}/api/health`)
      expect(health.status).toBe(503)
      expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'postgres', databaseUp: false })
      await relay.restore()
      await expect.poll(async () => (await fetch(`${server?.url}/api/sets/public`)).status, { timeout: 10_000, interval: 200 }).toBe(200)
    } finally {
      await server?.close()
      await relay.close()
      await database.drop()
    }
  })
})
