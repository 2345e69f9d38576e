import http from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { bundleServer, call, type ServerProcess, signUp, spawnServer, stopServers } from '#tests/reliability/server-process'
import { createDatabaseFrom } from '#tests/support/postgres'
import { TEMPLATE_DATABASE } from '#tests/support/postgres-global-setup'

/**
 * Reminder emails across two whole server processes on one PostgreSQL database (issue 31): both
 * check every second; the database-held claim lets exactly one of them send the student's
 * reminder for the day, and neither sends another on later checks.
 */

let bundle: Awaited<ReturnType<typeof bundleServer>>
let database: { url: string; drop(): Promise<void> }
let dataDirs: string[] = []
let servers: ServerProcess[] = []
let agent: http.Agent

beforeAll(async () => {
  bundle = await bundleServer()
  database = await createDatabaseFrom(inject('postgresUrl'), TEMPLATE_DATABASE)
  dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'cardwise-reminders-two-')))
  servers = await Promise.all(dataDirs.map((dir) => spawnServer(bundle.entry, dir, { DATABASE_URL: database.url, REMINDER_INTERVAL_SECONDS: '1' })))
  agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
}, 120_000)

afterAll(async () => {
  agent?.destroy()
  await stopServers(servers)
  await database?.drop()
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  bundle?.remove()
})

/** The reminder mails to `address` in both processes' outboxes. */
function remindersTo(address: string): string[] {
  return dataDirs.flatMap((dir) => {
    const outbox = path.join(dir, 'outbox')
    let files: string[] = []
    try {
      files = readdirSync(outbox).filter((file) => file.endsWith('.eml'))
    } catch {
      return []
    }
    return files
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .filter((raw) => raw.includes(`To: ${address}`) && raw.includes('List-Unsubscribe'))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('reminders on two server processes', () => {
  it('exactly one email per student and day, whichever process checks first', async () => {
    const url = servers[0]!.url
    const students = await Promise.all(['remindone', 'remindtwo', 'remindthree'].map((name) => signUp(agent, url, name)))
    const author = await signUp(agent, url, 'remindauthor')
    const set = await call(agent, url, 'POST', '/api/sets', { title: 'Reminded', isPublic: true }, author)
    const card = await call(agent, url, 'POST', `/api/sets/${set.body.id}/cards`, { term: 'term', definition: 'definition' }, author)
    const answeredAt = new Date(Date.now() - 3 * 86_400_000).toISOString()
    for (const [index, token] of students.entries()) {
      // Failed three days ago: due now. The third has nothing due.
      if (index < 2)
        expect(
          (await call(agent, url, 'POST', `/api/sets/${set.body.id}/answers`, { cardId: card.body.id, mode: 'write', correct: false, answeredAt }, token))
            .status,
        ).toBe(201)
      // Midnight UTC: the hour has come whenever the test runs. Through the other process, too.
      expect((await call(agent, servers[index % 2]!.url, 'PATCH', '/api/users/me/settings', { reminderEmail: 0, timeZone: 'UTC' }, token)).status).toBe(200)
    }
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && (remindersTo('remindone@example.org').length === 0 || remindersTo('remindtwo@example.org').length === 0)) await sleep(250)
    // Several more checks by each process.
    await sleep(3000)
    expect(remindersTo('remindone@example.org')).toHaveLength(1)
    expect(remindersTo('remindtwo@example.org')).toHaveLength(1)
    expect(remindersTo('remindthree@example.org')).toHaveLength(0)
    expect(remindersTo('remindone@example.org')[0]).toContain('Subject: 1 card is due')
  }, 60_000)
})
