import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { desktopServerScript } from './desktop-build'
import { test as base, expect } from '@playwright/test'
import { buildAnkiPackage } from '#tests/support/anki-packages'
import { spawnListening } from '#tests/support/spawn-listening.mjs'

/**
 * The desktop app's start path in Chromium. No Electron binary runs on the build machines, so
 * this starts `out/main/desktop-server.js` (built by electron-vite beside the main process): it
 * calls the same `startDesktopServer` as the app's main process, i.e. the shared `startServer` with
 * the desktop config (127.0.0.1, a free port, data in <userData>/data, no mail server, accounts
 * verified at once) and serves the desktop renderer build from out/renderer.
 */
interface DesktopServer {
  url: string
  userData: string
}

const test = base.extend<{ desktop: DesktopServer }>({
  desktop: async ({}, use) => {
    const userData = mkdtempSync(path.join(tmpdir(), 'cardwise-desktop-e2e-'))
    const env: NodeJS.ProcessEnv = { ...process.env }
    for (const name of Object.keys(env)) if (/^(SMTP_URL|AUTO_VERIFY_ACCOUNTS|DATA_DIR|PORT|HOST|PUBLIC_URL)$/.test(name)) delete env[name]
    const desktopServer = await spawnListening(desktopServerScript(), {
      args: [userData],
      env: { ...env, BCRYPT_COST: '10' },
      timeoutMs: 15_000,
    })
    const { url } = desktopServer
    await use({ url, userData })
    await desktopServer.stop()
    rmSync(userData, { recursive: true, force: true })
  },
  baseURL: async ({ desktop }, use) => use(desktop.url),
})

test('on the desktop config a student registers, logs in with no email step, and creates a set', async ({ page, desktop }) => {
  expect(desktop.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  expect(existsSync(path.join(desktop.userData, 'data', 'cardwise.db'))).toBe(true)

  await page.goto('/register')
  await page.getByLabel('Username').fill('desk_student')
  await page.getByLabel('Email').fill('desk@example.org')
  await page.getByLabel('Password').fill('analytical engine')
  const registered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/register')
  await page.getByRole('button', { name: 'Register' }).click()
  const response = await registered
  expect(response.status()).toBe(201)
  expect(await response.json()).toMatchObject({ user: { username: 'desk_student', verified: true } })

  // No mail server and no verification mail: the account works at once.
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible()
  expect(readdirSafe(path.join(desktop.userData, 'data', 'outbox'))).toEqual([])
  await page.getByRole('link', { name: 'Go to Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email or Username').fill('desk@example.org')
  await page.getByLabel('Password').fill('analytical engine')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/my-sets$/)

  await page.goto('/study-sets/create')
  await page.getByLabel('Title', { exact: true }).fill('Desktop Set')
  await page.getByRole('button', { name: 'Create Study Set' }).click()
  await expect(page).toHaveURL((url) => /^\/study-sets\/[^/]+$/.test(url.pathname) && url.pathname !== '/study-sets/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Desktop Set', exact: true })).toBeVisible()
})

test('on the desktop an Anki package and a text file are previewed for import (the import worker ships with the desktop build)', async ({ request }) => {
  const account = { username: 'desk_importer', email: 'importer@example.org', password: 'analytical engine' }
  expect((await request.post('/api/auth/register', { data: { ...account, passwordConfirm: account.password } })).status()).toBe(201)
  const login = await request.post('/api/auth/login', { data: { identity: account.username, password: account.password } })
  const headers = { Authorization: `Bearer ${(await login.json()).token}` }
  const apkg = buildAnkiPackage({ generation: 'anki21', notes: [{ fields: ['Hund', 'dog'] }, { fields: ['Katze', 'cat'] }] })
  const previews = [
    { name: 'deck.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(apkg) },
    { name: 'words.csv', mimeType: 'text/csv', buffer: Buffer.from('Term,Definition\nHund,dog\nKatze,cat\n') },
  ]
  for (const file of previews) {
    const preview = await request.post('/api/imports/preview', { headers, multipart: { file } })
    expect(preview.status(), await preview.text()).toBe(200)
    const { sets } = await preview.json()
    expect(sets[0].cards.map((card: { term: string; definition: string }) => [card.term, card.definition])).toEqual([
      ['Hund', 'dog'],
      ['Katze', 'cat'],
    ])
  }
})

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
