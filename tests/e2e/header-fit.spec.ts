import type { BrowserContext, Page } from '@playwright/test'
import { USERNAME_MAX_LENGTH } from '#shared/limits'
import { axeViolations } from './axe'
import { apiLogIn, expect, goOffline, goOnline, logIn, registerAccount, test } from './fixtures'
import { newOwner } from './set-helpers'
import { answerLongAgo, createStudySet } from './study-helpers'

/**
 * The header fits every width with no sideways scrolling (issue 32): a menu button below the width
 * where the whole navigation fits, the offline pills an icon on phones. Every main page at 320, 390,
 * 820, 1024 and 1280 px, signed in and out, online and offline.
 */
const WIDTHS = [320, 390, 820, 1024, 1280]

/**
 * Resizes the page and lets the header draw its next frames: it re-measures on a resize (a
 * ResizeObserver, then a render), and until then still shows what fitted the last width.
 */
async function resizeTo(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

async function overflowAt(page: Page, width: number): Promise<string | null> {
  await resizeTo(page, width)
  return page.evaluate(() => {
    const root = document.documentElement
    const header = document.querySelector('header')?.getBoundingClientRect()
    const problems: string[] = []
    if (root.scrollWidth > window.innerWidth) problems.push(`page ${root.scrollWidth} px wide`)
    if (header && header.height > 90) problems.push(`header ${Math.round(header.height)} px tall`)
    // Nothing of the header is cut off at the right edge.
    for (const element of document.querySelectorAll('header a, header button, header [role="status"]')) {
      const box = element.getBoundingClientRect()
      if (box.width > 0 && box.right > window.innerWidth + 0.5)
        problems.push(`${element.textContent?.trim() || element.getAttribute('aria-label')} ends at ${Math.round(box.right)}`)
    }
    return problems.length ? problems.join(', ') : null
  })
}

/** Every width for the page open now: where it overflows, if anywhere. */
async function checkWidths(page: Page, name: string, found: string[]): Promise<void> {
  for (const width of WIDTHS) {
    const problem = await overflowAt(page, width)
    if (problem) found.push(`${name} at ${width}: ${problem}`)
  }
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('main').getByText('Loading...')).toHaveCount(0)
}

async function checkPages(page: Page, context: BrowserContext, paths: string[], offline: boolean): Promise<string[]> {
  const found: string[] = []
  for (const path of paths) {
    await goOnline(context)
    await visit(page, path)
    if (offline) {
      await goOffline(context)
      // The browser's own word that the network is gone: a page the service worker served may not
      // get it from this Chromium (fixtures.ts, goOffline), and a page at rest sends no request
      // whose failure would tell the app instead (this test once waited 10 s for one in vain). The
      // answer of a request the page sent before the cut can still arrive after that word, and an
      // answer means the server was reached: the app is online again until the next word or failure.
      await expect(async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('offline')))
        await expect(page.getByText('You are offline', { exact: false }).first()).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 10_000 })
    }
    await checkWidths(page, `${path}${offline ? ' (offline)' : ''}`, found)
  }
  await goOnline(context)
  return found
}

for (const offline of [false, true]) {
  test(`signed out${offline ? ', offline' : ''}: no page scrolls sideways from 320 to 1280 px`, async ({ page, context, server }) => {
    test.slow()
    const owner = await newOwner(server)
    const { set } = await createStudySet(server, owner, { isPublic: true })
    const paths = ['/', '/public-sets', '/login', '/register', '/contact', `/study-sets/${set.id}`]
    expect(await checkPages(page, context, paths, offline)).toEqual([])
  })

  test(`signed in${offline ? ', offline' : ''}: no page scrolls sideways from 320 to 1280 px`, async ({ page, context, server }) => {
    test.slow()
    const owner = await newOwner(server)
    const { set } = await createStudySet(server, owner)
    await logIn(page, owner.account)
    const paths = ['/', '/my-sets', '/review', '/progress', '/classes', '/public-sets', '/contact', '/profile', `/study-sets/${set.id}`]
    expect(await checkPages(page, context, paths, offline)).toEqual([])
  })
}

test('offline with answers waiting, the phone header shows the pills as an icon and keeps the menu on screen', async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await page.setViewportSize({ width: 390, height: 844 })
  await visit(page, `/study-sets/${set.id}`)
  await goOffline(context)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await page.keyboard.press('k')
  await page.keyboard.press('k')
  const badge = page.getByTestId('offline-badge')
  // The words are there for a screen reader, the pill shows an icon; being offline is said once, below the header.
  await expect(badge).toHaveText('2 answers waiting to sync')
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toHaveCount(1)
  expect((await badge.boundingBox())?.width ?? 0).toBeLessThanOrEqual(60)
  for (const width of [320, 390]) {
    expect(await overflowAt(page, width)).toBeNull()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport({ ratio: 1 })
  }
  // On a wide screen the pill has room for its words.
  await page.setViewportSize({ width: 1280, height: 800 })
  expect((await badge.boundingBox())?.width ?? 0).toBeGreaterThan(150)
})

test('the menu button shows exactly when the full navigation does not fit', async ({ page, server }) => {
  const owner = await newOwner(server)
  await logIn(page, owner.account)
  await visit(page, '/my-sets')
  const menu = page.getByRole('button', { name: 'Open menu' })
  const main = page.getByRole('navigation', { name: 'Main' })
  for (const width of [320, 390, 820, 1024, 1280, 1920]) {
    // After the header's next frames (a check of what fitted the last width passed once, then found
    // the navigation gone), wait for it to settle on one of the two.
    await resizeTo(page, width)
    await expect
      .poll(async () => (await main.isVisible()) !== (await menu.isVisible()), { message: `at ${width} either the navigation or the menu button` })
      .toBe(true)
    const wide = await main.isVisible()
    if (wide) {
      // One line: every link of the navigation on the header's row.
      const tops = await main.getByRole('link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)))
      expect(new Set(tops).size, `one row at ${width}`).toBe(1)
      await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 })
    }
  }
  await page.setViewportSize({ width: 1920, height: 1000 })
  await expect(main).toBeVisible()
  await page.setViewportSize({ width: 820, height: 1000 })
  await expect(menu).toBeVisible()
})

test('signed in at 1280 px, with the longest username, cards due and a goal under way, the whole navigation fits and Logout shows (issue 31)', async ({
  page,
  server,
}) => {
  const account = await registerAccount(server, { username: `ada_${'x'.repeat(USERNAME_MAX_LENGTH - 10)}_${Math.random().toString().slice(2, 7)}` })
  const owner = { account, token: await apiLogIn(server, account) }
  const { set, cards } = await createStudySet(server, owner)
  // Twelve cards due: "12 due" beside Review; the goal's "0/20" beside Progress.
  for (const card of cards) await answerLongAgo(server, owner, set.id, card)
  await logIn(page, owner.account)
  // 1280 px less a desktop browser's scrollbar (headless Chromium draws none).
  await page.setViewportSize({ width: 1280 - 15, height: 800 })
  await visit(page, '/my-sets')
  const main = page.getByRole('navigation', { name: 'Main' })
  await expect(main.getByTestId('due-count')).toBeVisible()
  await expect(main.getByTestId('goal-progress')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
  await expect(main.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 })
  // A long username is cut short on screen, never for a screen reader; the goal's words are there too.
  await expect(main.getByRole('link', { name: `Profile (${account.username})`, exact: true })).toBeVisible()
  await expect(main.getByRole('link', { name: /Progress/ })).toHaveAccessibleName(/answers today/)
  expect(await overflowAt(page, 1280 - 15)).toBeNull()
  for (const theme of ['light', 'dark']) {
    await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), theme)
    expect(await axeViolations(page)).toEqual([])
  }
})
