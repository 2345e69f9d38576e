import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '#server/logger'
import { DATABASE_FILE } from '#server/start'
import { type Desktop, runDesktop } from './desktop-app'
import { fakeElectron, FakeNotification, FakeWindow } from './fake-electron'
import { startDesktopServer } from './start-server'

let userData: string
const running: Desktop[] = []

beforeEach(() => {
  userData = mkdtempSync(path.join(tmpdir(), 'cardwise-desktop-'))
})
afterEach(async () => {
  rmSync(userData, { recursive: true, force: true })
  running.length = 0
})

// A stand-in renderer build: the unit tests must not depend on `electron-vite build` having run.
const rendererDir = mkdtempSync(path.join(tmpdir(), 'cardwise-desktop-renderer-'))
writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Cardwise</title><div id="root"></div>')
const options = { preloadPath: '/app/out/preload/index.cjs', rendererDir, logger: silentLogger }

function launch(fake: ReturnType<typeof fakeElectron>, env?: NodeJS.ProcessEnv) {
  const desktop = runDesktop(fake.electron, { ...options, env })
  running.push(desktop)
  return desktop
}

describe('runDesktop', () => {
  it('shows the reminder the server sends as a system notification; a click opens Review in the window', async () => {
    const fake = fakeElectron({ userData })
    // The lowest bcrypt cost the configuration takes (the default, 12, is four times slower): hashing is not this test's subject.
    const desktop = runDesktop(fake.electron, { ...options, env: { REMINDER_INTERVAL_SECONDS: '1', BCRYPT_COST: '10' } })
    running.push(desktop)
    const started = await desktop.ready
    if (!started?.ok) throw new Error(`did not start: ${JSON.stringify(started)}`)
    const url = started.server.url
    const post = async (route: string, body: unknown, token?: string, method = 'POST') => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
      return response.json()
    }
    const password = 'correct horse battery'
    await post('/api/auth/register', { username: 'desk', email: 'desk@example.org', password, passwordConfirm: password })
    const { token } = await post('/api/auth/login', { identity: 'desk', password })
    const set = await post('/api/sets', { title: 'Desk' }, token)
    const card = await post(`/api/sets/${set.id}/cards`, { term: 'a', definition: 'b' }, token)
    await post(
      `/api/sets/${set.id}/answers`,
      { cardId: card.id, mode: 'write', correct: false, answeredAt: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      token,
    )
    // Midnight UTC: the reminder hour has come whenever the test runs.
    await post('/api/users/me/settings', { reminderEmail: 0, timeZone: 'UTC' }, token, 'PATCH')

    await expect.poll(() => FakeNotification.instances.length, { timeout: 10_000 }).toBe(1)
    const [notification] = FakeNotification.instances
    expect(notification?.options).toEqual({ title: 'Cardwise', body: '1 card is due. Open Review to keep your streak.' })
    expect(notification?.shown).toBe(true)
    const [window] = FakeWindow.instances
    notification?.emit('click')
    await expect.poll(() => window?.loadedUrl).toBe(`${url}/review`)
    expect(window?.shown).toBe(true)
    // One a day: later checks show no more.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(FakeNotification.instances).toHaveLength(1)
    fake.quit()
    await desktop.stopped
  })

  it('starts the server on 127.0.0.1 and a free port with data in <userData>/data, opens one window on it, and closes it all at quit', async () => {
    const fake = fakeElectron({ userData })
    const desktop = launch(fake)
    const started = await desktop.ready
    if (!started?.ok) throw new Error(`did not start: ${JSON.stringify(started)}`)
    expect(started.dataDir).toBe(path.join(userData, 'data'))
    expect(started.config).toMatchObject({ host: '127.0.0.1', autoVerifyAccounts: true, smtpUrl: undefined })
    expect(started.server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(started.server.port).toBeGreaterThan(0)
    expect(await (await fetch(`${started.server.url}/api/health`)).json()).toMatchObject({ status: 'ok' })
    expect(readFileSync(path.join(userData, 'data', DATABASE_FILE)).length).toBeGreaterThan(0)

    expect(FakeWindow.instances).toHaveLength(1)
    const [window] = FakeWindow.instances
    expect(window?.loadedUrl).toBe(started.server.url)
    expect(window?.loadedStatus).toBe(200)
    expect(window?.shown).toBe(true)
    expect(fake.menus).toHaveLength(1)
    expect(fake.dialog.showErrorBox).not.toHaveBeenCalled()

    // The last window closes: the app quits, waits for the server, then quits for real.
    window?.emit('close')
    window?.emit('closed')
    fake.app.emit('window-all-closed')
    await desktop.stopped
    expect(fake.app.quitCalls).toBe(2)
    await expect(fetch(`${started.server.url}/api/health`)).rejects.toThrow()

    // The database is released: it opens read-write and takes an exclusive lock.
    const sqlite = new SQLite(path.join(userData, 'data', DATABASE_FILE))
    sqlite.pragma('locking_mode = EXCLUSIVE')
    sqlite.exec('create table released (x)')
    sqlite.close()

    // And the app starts again on the same folder, where the window comes back at its saved place.
    const again = fakeElectron({ userData })
    const second = launch(again)
    const restarted = await second.ready
    expect(restarted?.ok).toBe(true)
    expect(FakeWindow.instances[0]?.options).toMatchObject({ x: 10, y: 20, width: 1200, height: 800 })
    again.quit()
    await second.stopped
  })

  it('a second instance quits without starting a server; the first shows its window on second-instance', async () => {
    const second = fakeElectron({ userData, gotLock: false })
    const desktop = launch(second)
    expect(desktop.primary).toBe(false)
    expect(await desktop.ready).toBeUndefined()
    expect(second.app.quit).toHaveBeenCalled()
    expect(FakeWindow.instances).toHaveLength(0)
    expect(() => readFileSync(path.join(userData, 'data', DATABASE_FILE))).toThrow()

    const first = fakeElectron({ userData })
    const app = launch(first)
    await app.ready
    const [window] = FakeWindow.instances
    if (!window) throw new Error('no window')
    window.minimized = true
    window.focused = false
    first.app.emit('second-instance', {}, ['cardwise'], userData)
    expect(window.restore).toHaveBeenCalled()
    expect(window.focused).toBe(true)
    first.quit()
    await app.stopped
  })

  const expectStartFailure = async (fake: ReturnType<typeof fakeElectron>, reason: RegExp, env?: NodeJS.ProcessEnv) => {
    const desktop = launch(fake, env)
    const started = await desktop.ready
    expect(started?.ok).toBe(false)
    expect(fake.dialog.showErrorBox).toHaveBeenCalledTimes(1)
    const [title, text] = fake.dialog.showErrorBox.mock.calls[0] as [string, string]
    expect(title).toBe('Cardwise could not start')
    expect(text).toMatch(reason)
    expect(text).toContain(path.join(userData, 'data'))
    expect(FakeWindow.instances).toHaveLength(0)
    expect(fake.app.exit).toHaveBeenCalledWith(1)
    await desktop.stopped
  }

  it('reports a database locked by another program in a native dialog with the data folder, and opens no window', async () => {
    // First start creates and migrates the database; then another program holds an exclusive lock.
    const first = await startDesktopServer(userData, { logger: silentLogger })
    if (!first.ok) throw new Error(first.reason)
    await first.server.close()
    const holder = new SQLite(path.join(userData, 'data', DATABASE_FILE))
    holder.pragma('journal_mode = DELETE')
    holder.pragma('locking_mode = EXCLUSIVE')
    holder.exec('begin exclusive; create table held (x); commit')
    try {
      // The app gives up after DB_BUSY_TIMEOUT_MS (5 s by default): 100 ms here.
      await expectStartFailure(fakeElectron({ userData }), /locked/i, { DB_BUSY_TIMEOUT_MS: '100' })
    } finally {
      holder.close()
    }
  })

  it('reports a damaged database file', async () => {
    mkdirSync(path.join(userData, 'data'), { recursive: true })
    writeFileSync(path.join(userData, 'data', DATABASE_FILE), 'this is not a database '.repeat(100))
    await expectStartFailure(fakeElectron({ userData }), /not a database|damaged/i)
  })

  it('reports a database path that is a folder', async () => {
    mkdirSync(path.join(userData, 'data', DATABASE_FILE), { recursive: true })
    await expectStartFailure(fakeElectron({ userData }), /.+/)
  })
})
