import { messages } from '#shared/messages'
import { expect, goOffline, goOnline, test } from './fixtures'

// This spec needs the app's service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/** The PWA (issue: manifest, service worker, offline app shell, update prompt; installable in Chromium). */

const OFFLINE_NOTICE = 'You are offline. Pages you have opened still work; new data will load when you are back online.'

interface WebManifest {
  name?: string
  short_name?: string
  start_url?: string
  scope?: string
  display?: string
  theme_color?: string
  background_color?: string
  icons?: { src: string; sizes: string; type: string; purpose?: string }[]
}

test('the web app manifest is linked, valid and its icons (any and maskable) are served', async ({ page, request }) => {
  await page.goto('/')
  const href = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(href).toBe('/manifest.webmanifest')
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i)
  await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/i)

  const answer = await request.get(href ?? '')
  expect(answer.status()).toBe(200)
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/)
  expect(answer.headers()['cache-control']).toBe('no-cache')
  const manifest = JSON.parse(await answer.text()) as WebManifest
  expect(manifest).toMatchObject({ name: 'Cardwise', short_name: 'Cardwise', start_url: '/', scope: '/', display: 'standalone' })
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)

  // Installable in Chromium: 192 and 512 PNG icons, plus maskable variants.
  const icons = manifest.icons ?? []
  for (const purpose of ['any', 'maskable']) {
    const sizes = icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes)
    expect(sizes, `${purpose} icons`).toEqual(expect.arrayContaining(['192x192', '512x512']))
  }
  for (const icon of icons) {
    const image = await request.get(icon.src)
    expect(image.status(), icon.src).toBe(200)
    expect(image.headers()['content-type'], icon.src).toBe('image/png')
    const [width, height] = icon.sizes.split('x').map(Number)
    const bytes = await image.body()
    // PNG header: the IHDR chunk holds the width and height at bytes 16 and 20.
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([width, height])
  }
})

test('the service worker activates, controls the app and serves the app shell offline', async ({ page, context, request }) => {
  const worker = await request.get('/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['content-type']).toMatch(/javascript/)
  expect(worker.headers()['cache-control']).toBe('no-cache')

  // One online visit: the worker installs (precaching the app shell) and becomes active.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready
    const active = ready.active
    // ready resolves once there is an active worker, which may still be 'activating'.
    if (active && active.state !== 'activated') {
      await new Promise<void>((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()))
    }
    return { scope: ready.scope, script: active?.scriptURL, state: active?.state }
  })
  expect(registration.scope).toBe(new URL('/', page.url()).href)
  expect(registration.script).toBe(new URL('/sw.js', page.url()).href)
  expect(registration.state).toBe('activated')

  await page.reload()
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(new URL('/sw.js', page.url()).href)
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0)

  // Network off: the app shell still opens, on / and on client routes never visited before.
  await goOffline(context)
  await page.reload()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cardwise home' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible()

  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Cardwise')
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible()

  // Data the app does not have: a clear error instead of a list that never loads.
  await page.goto('/public-sets')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public Study Sets')
  await expect(page.getByRole('alert')).toHaveText(messages.offline)

  // Back online: the notice goes away and the data loads.
  await goOnline(context)
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('alert')).toHaveCount(0)
})
