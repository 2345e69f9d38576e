import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bundleServer, call, ROOT, type ServerProcess, signUp, spawnServer } from './server-process'

/**
 * Backup and restore end to end, with the server as its own process and the `backup` and
 * `restore` commands run as `npm run backup` / `npm run restore` run them (the server entry with
 * the command; scripts/database.mjs only rebuilds dist/server first).
 */

let bundle: Awaited<ReturnType<typeof bundleServer>>
let dir: string
let dataDir: string
let server: ServerProcess | undefined
const agent = new http.Agent({ keepAlive: true })

beforeAll(async () => {
  bundle = await bundleServer()
  dir = mkdtempSync(path.join(tmpdir(), 'cardwise-restore-'))
  dataDir = path.join(dir, 'data')
}, 60_000)

afterAll(() => {
  server?.child.kill('SIGKILL')
  agent.destroy()
  bundle.remove()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs `node <server entry> <args>` with DATA_DIR set; resolves with its exit code and output. */
function command(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bundle.entry, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

async function stopServer() {
  server!.child.kill('SIGTERM')
  await server!.exited
  server = undefined
}

it('backs up while the server writes, refuses to restore under it, then restores the data it saved', async () => {
  server = await spawnServer(bundle.entry, dataDir)
  const { url } = server
  const token = await signUp(agent, url, 'backer')
  const kept = await call(agent, url, 'POST', '/api/sets', { title: 'Kept by the backup' }, token)
  expect(kept.status).toBe(201)
  expect(
    (await call(agent, url, 'POST', `/api/sets/${kept.body.id}/cards`, { term: 'Mitochondria', definition: 'Powerhouse of the cell' }, token)).status,
  ).toBe(201)

  // Writes keep coming while the backup runs in another process.
  let writing = true
  const writer = (async () => {
    for (let n = 0; writing; n++) {
      const answer = await call(agent, url, 'POST', '/api/sets/import', { title: `Busy ${n}`, cards: [{ term: 'a', definition: 'b' }] }, token)
      expect(answer.status).toBe(201)
    }
  })()
  const backupFile = path.join(dir, 'copies', 'during-writes.db')
  const backedUp = await command('backup', '--out', backupFile)
  writing = false
  await writer
  expect(backedUp.stderr).toBe('')
  expect(backedUp.code).toBe(0)
  expect(backedUp.stdout).toMatch(/^Backed up .*cardwise\.db to .*during-writes\.db \(\d+ KB, integrity ok, \d+ ms\)\n$/)

  // The default place: DATA_DIR/backups/cardwise-YYYYMMDD-HHMMSS.db.
  expect((await command('backup')).code).toBe(0)
  expect(readdirSync(path.join(dataDir, 'backups'))).toEqual([expect.stringMatching(/^cardwise-\d{8}-\d{6}\.db$/)])

  // Changes after the backup, which the restore must undo.
  expect((await call(agent, url, 'DELETE', `/api/sets/${kept.body.id}`, undefined, token)).status).toBe(204)
  const later = await call(agent, url, 'POST', '/api/sets', { title: 'Made after the backup' }, token)
  expect(later.status).toBe(201)

  const refused = await command('restore', backupFile)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toContain(`A Cardwise server (process ${server.child.pid}) is using ${dataDir}: stop it first, then restore`)
  expect((await call(agent, url, 'GET', `/api/sets/${later.body.id}`, undefined, token)).status).toBe(200)

  expect((await command('restore')).code).toBe(2)
  await stopServer()

  const restored = await command('restore', backupFile)
  expect(restored.stderr).toBe('')
  expect(restored.code).toBe(0)
  expect(restored.stdout).toContain(`Restored ${backupFile} into ${path.join(dataDir, 'cardwise.db')}`)
  const keptAs = /kept as (\S+)/.exec(restored.stdout)?.[1]
  expect(keptAs && existsSync(keptAs)).toBe(true)

  server = await spawnServer(bundle.entry, dataDir)
  // The same sign-in still works: sessions are in the database too.
  const set = await call(agent, server.url, 'GET', `/api/sets/${kept.body.id}`, undefined, token)
  expect(set.status).toBe(200)
  expect(set.body).toMatchObject({ title: 'Kept by the backup', cardCount: 1 })
  const cards = await call(agent, server.url, 'GET', `/api/sets/${kept.body.id}/cards`, undefined, token)
  expect(cards.body.items).toEqual([expect.objectContaining({ term: 'Mitochondria', definition: 'Powerhouse of the cell' })])
  expect((await call(agent, server.url, 'GET', `/api/sets/${later.body.id}`, undefined, token)).status).toBe(404)
  await stopServer()
}, 60_000)

it('refuses a file that is not a Cardwise database and leaves the data alone', async () => {
  const refused = await command('restore', path.join(ROOT, 'package.json'))
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/package\.json is not a readable SQLite database|Cannot copy .*package\.json/)
  expect(readdirSync(dataDir).filter((name) => name.includes('restoring'))).toEqual([])
})
