import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desktopServerScript } from './desktop-build'
import { test as base, expect, type APIRequestContext } from '@playwright/test'

/**
 * "Share with my class" from the desktop app, in Chromium. No Electron binary runs here, so this
 * starts `out/main/desktop-server.js` (the desktop start path, as tests/e2e/desktop.spec.ts does)
 * with sharing on, and 127.0.0.2 as the shown address: 127.0.0.2 reaches a listener on 0.0.0.0
 * but not one bound to 127.0.0.1, like a network address would, and the test never sends traffic
 * to the machine's real network addresses. The teacher works on 127.0.0.1 (the window's address),
 * a student in a second browser context on the shared address; then sharing goes off.
 */
interface SharedDesktop {
  /** The window's address (127.0.0.1). */
  url: string
  /** The address students open while sharing (127.0.0.2 and the sharing port). */
  sharedUrl: string
  /** Sends `share on` / `share off` and waits for the server to report the change. */
  command(line: 'share on' | 'share off'): Promise<string>
}

const test = base.extend<{ desktop: SharedDesktop }>({
  desktop: async ({}, use) => {
    const userData = mkdtempSync(path.join(tmpdir(), 'cardwise-sharing-e2e-'))
    const env: NodeJS.ProcessEnv = { ...process.env }
    for (const name of Object.keys(env)) if (/^(SMTP_URL|AUTO_VERIFY_ACCOUNTS|DATA_DIR|PORT|HOST|PUBLIC_URL|CARDWISE_.*)$/.test(name)) delete env[name]
    const child: ChildProcess = spawn(process.execPath, [desktopServerScript(), userData], {
      env: { ...env, BCRYPT_COST: '10', CARDWISE_SHARE: 'on', CARDWISE_SHARE_ADDRESS: '127.0.0.2' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let output = ''
    const waiters: { pattern: RegExp; from: number; resolve: (match: RegExpExecArray) => void }[] = []
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      for (const waiter of [...waiters]) {
        const match = waiter.pattern.exec(output.slice(waiter.from))
        if (match) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve(match)
        }
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    /** The next output matching `pattern` after what was seen so far. */
    const next = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`no ${pattern} from the desktop server:\n${output}`)), 20_000)
        waiters.push({
          pattern,
          from: output.length,
          resolve: (match) => {
            clearTimeout(timeout)
            resolve(match)
          },
        })
      })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const [listening, sharing] = await Promise.all([next(/listening on (http:\/\/\S+)/), next(/sharing on (http:\/\/\S+)/)])
    await use({
      url: listening[1] ?? '',
      sharedUrl: sharing[1] ?? '',
      async command(line) {
        const reported = next(line === 'share on' ? /sharing on (http:\/\/\S+)/ : /sharing off/)
        child.stdin?.write(`${line}\n`)
        return (await reported)[0]
      },
    })
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(userData, { recursive: true, force: true })
  },
})

/** A GET to the shared listener with the Host header given (a browser cannot send another one). */
function statusWithHost(url: string, host: string): Promise<number> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: '/api/health', headers: { Host: host }, agent: false }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
    request.end()
  })
}

async function api(request: APIRequestContext, method: string, url: string, token: string | undefined, data?: unknown) {
  const response = await request.fetch(url, { method, data, headers: token ? { Authorization: `Bearer ${token}` } : {} })
  const body = await response.json().catch(() => undefined)
  return { status: response.status(), body }
}

test('a student uses the shared address from another browser, reads the private set assigned to the class, and loses the address when sharing stops', async ({
  browser,
  desktop,
  request,
}) => {
  expect(desktop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(desktop.sharedUrl).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/)

  // The teacher, on the window's address: an account (verified at once, as on the desktop), a
  // private set with a card, a class with the set assigned.
  const teacherPassword = 'analytical engine'
  expect(
    (
      await api(request, 'POST', `${desktop.url}/api/auth/register`, undefined, {
        username: 'ms_lovelace',
        email: 'ada@example.org',
        password: teacherPassword,
        passwordConfirm: teacherPassword,
      })
    ).status,
  ).toBe(201)
  const login = await api(request, 'POST', `${desktop.url}/api/auth/login`, undefined, { identity: 'ms_lovelace', password: teacherPassword })
  const teacher = login.body.token as string
  const set = await api(request, 'POST', `${desktop.url}/api/sets`, teacher, { title: 'Engine Notes' })
  expect(set.body.isPublic).toBe(false)
  expect(
    (await api(request, 'POST', `${desktop.url}/api/sets/${set.body.id}/cards`, teacher, { term: 'mill', definition: 'the arithmetic unit' })).status,
  ).toBe(201)
  const klass = await api(request, 'POST', `${desktop.url}/api/classes`, teacher, { name: 'Computing 9' })
  expect(klass.status).toBe(201)
  expect((await api(request, 'POST', `${desktop.url}/api/classes/${klass.body.id}/sets`, teacher, { setId: set.body.id })).status).toBe(201)

  // The shared address answers only to its own name: another Host (DNS rebinding) is refused.
  const sharedHost = new URL(desktop.sharedUrl).host
  expect(await statusWithHost(desktop.sharedUrl, sharedHost)).toBe(200)
  expect(await statusWithHost(desktop.sharedUrl, `rebound.example:${new URL(desktop.sharedUrl).port}`)).toBe(421)
  // The window's own listener is still 127.0.0.1 only.
  await expect(statusWithHost(`http://127.0.0.2:${new URL(desktop.url).port}`, `127.0.0.2:${new URL(desktop.url).port}`)).rejects.toThrow(/ECONNREFUSED/)

  // A student, in a browser of their own, on the shared address: registers and signs in as on the hosted site.
  const student = await browser.newContext({ baseURL: desktop.sharedUrl })
  const page = await student.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('/register')
  await page.getByLabel('Username').fill('pupil_babbage')
  await page.getByLabel('Email').fill('pupil@example.org')
  await page.getByLabel('Password').fill('difference engine')
  const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/register')
  await page.getByRole('button', { name: 'Register' }).click()
  expect(await (await registered).json()).toMatchObject({ user: { username: 'pupil_babbage', verified: true } })
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await page.getByLabel('Email or Username').fill('pupil_babbage')
  await page.getByLabel('Password').fill('difference engine')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/my-sets$/)

  // Not yet in the class: the private set is not found. Joining with the code (as the join page will) opens it.
  const studentLogin = await api(student.request, 'POST', '/api/auth/login', undefined, { identity: 'pupil_babbage', password: 'difference engine' })
  const studentToken = studentLogin.body.token as string
  expect((await api(student.request, 'GET', `/api/sets/${set.body.id}`, studentToken)).status).toBe(404)
  const joined = await api(student.request, 'POST', '/api/classes/join', studentToken, { code: String(klass.body.joinCode).toLowerCase() })
  expect(joined).toMatchObject({ status: 200, body: { name: 'Computing 9', role: 'student' } })
  await page.goto(`/study-sets/${set.body.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Engine Notes', exact: true })).toBeVisible()
  await expect(page.getByText('the arithmetic unit')).toBeVisible()
  expect(pageErrors).toEqual([])

  // The teacher sees the student in the class, by username only.
  const detail = await api(request, 'GET', `${desktop.url}/api/classes/${klass.body.id}`, teacher)
  expect(detail.body.members).toEqual([{ id: expect.any(String), username: 'pupil_babbage' }])
  expect(JSON.stringify(detail.body)).not.toContain('pupil@example.org')

  // Sharing off: the shared address is refused at once; the window's address works on.
  expect(await desktop.command('share off')).toBe('sharing off')
  await expect(page.goto('/my-sets')).rejects.toThrow(/ERR_CONNECTION_REFUSED/)
  await expect(statusWithHost(desktop.sharedUrl, sharedHost)).rejects.toThrow(/ECONNREFUSED/)
  expect((await api(request, 'GET', `${desktop.url}/api/classes/${klass.body.id}`, teacher)).status).toBe(200)
  await student.close()
})
