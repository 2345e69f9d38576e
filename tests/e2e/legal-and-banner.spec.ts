import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const LEGAL_PAGES = [
  {
    title: 'Privacy Policy',
    path: '/privacy-policy',
    mentions: ['stored only as a one-way hash', 'Match results', 'Public sets are visible to everyone', 'under 13', "school's server", 'do not sell'],
  },
  { title: 'Terms of Service', path: '/terms-of-service', mentions: ['early beta', 'not been verified may be suspended', 'under 13', "school's server"] },
] as const

const footerLegal = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' })

for (const legal of LEGAL_PAGES) {
  test(`the footer leads to the ${legal.title}, dated and linking to the contact page`, async ({ page }) => {
    await page.goto('/')
    await footerLegal(page).getByRole('link', { name: legal.title }).click()
    await expect(page).toHaveURL(new RegExp(`${legal.path}$`))

    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(legal.title)
    await expect(main.getByText('Last updated: February 25, 2025', { exact: true })).toBeVisible()
    expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8)
    for (const mention of legal.mentions) {
      await expect(main).toContainText(mention)
    }

    const contactLinks = main.locator('a[href="/contact"]')
    expect(await contactLinks.count()).toBeGreaterThanOrEqual(1)
    await main.getByRole('link', { name: 'contact page' }).last().click()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible()
  })
}

test('the footer links to both legal pages from every page, and they link to each other', async ({ page }) => {
  for (const path of ['/', '/login', '/privacy-policy', '/terms-of-service', '/no-such-page']) {
    await page.goto(path)
    await expect(footerLegal(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy')
    await expect(footerLegal(page).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service')
  }
  await page.goto('/privacy-policy')
  await page.getByRole('main').getByRole('link', { name: 'Terms of Service' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service')
  await page.getByRole('main').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy')
})

const banner = (page: Page) => page.getByRole('region', { name: 'Announcement' })
const BANNER_TEXT = 'This is an early beta. Expect bugs and changes.'
const storedDismissal = (page: Page) => page.evaluate(() => localStorage.getItem('announcement_dismissed'))

test('the beta banner shows on every page until dismissed, and stays dismissed over reloads', async ({ page }) => {
  await page.goto('/')
  await expect(banner(page)).toContainText(BANNER_TEXT)
  // It sits above the header.
  const bannerBox = await banner(page).boundingBox()
  const headerBox = await page.getByRole('banner').boundingBox()
  expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(headerBox!.y + 1)

  await page.goto('/login')
  await expect(banner(page)).toContainText(BANNER_TEXT)
  expect(await storedDismissal(page)).toBeNull()

  const before = Date.now()
  await page.getByRole('button', { name: 'Dismiss announcement' }).click()
  await expect(banner(page)).toHaveCount(0)
  const stored = JSON.parse((await storedDismissal(page)) ?? 'null') as { version: string; at: number }
  expect(stored.version).toBe('1.0')
  expect(stored.at).toBeGreaterThanOrEqual(before - 1000)
  expect(stored.at).toBeLessThanOrEqual(Date.now() + 1000)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Log in to Cardwise' })).toBeVisible()
  await expect(banner(page)).toHaveCount(0)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  await expect(banner(page)).toHaveCount(0)
})

test('a dismissed banner comes back 7 days later', async ({ page }) => {
  const HOUR = 60 * 60 * 1000
  await page.clock.install({ time: new Date('2025-03-03T09:00:00Z') })
  await page.goto('/')
  await page.getByRole('button', { name: 'Dismiss announcement' }).click()
  await expect(banner(page)).toHaveCount(0)

  // 6 days and 23 hours later it is still dismissed...
  await page.clock.fastForward(6 * 24 * HOUR + 23 * HOUR)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  await expect(banner(page)).toHaveCount(0)

  // ...and past 7 days it is back, until dismissed again.
  await page.clock.fastForward(HOUR + 60_000)
  await page.reload()
  await expect(banner(page)).toContainText(BANNER_TEXT)
  await page.getByRole('button', { name: 'Dismiss announcement' }).click()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  await expect(banner(page)).toHaveCount(0)
})

test('the banner does not cover the phone menu or its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/')
  await expect(banner(page)).toBeVisible()
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.locator('#mobile-menu')
  await expect(menu).toBeVisible()

  // At the top of the page, with the banner pushing the header down, the menu starts below the
  // header and the toggle is what a tap on it reaches.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const header = (await page.getByRole('banner').boundingBox())!
  await expect.poll(async () => (await menu.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1)
  const toggle = page.getByRole('button', { name: 'Close menu' })
  const box = (await toggle.boundingBox())!
  const reached = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.getAttribute('aria-label'),
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(reached).toBe('Close menu')
  await toggle.click()
  await expect(menu).toBeHidden()
})
