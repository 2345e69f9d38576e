import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** The budget: the landing page's initial JavaScript, gzipped, in every language (issue 30). */
const BUDGET_BYTES = 120 * 1024

/**
 * Opens the landing page and sums every script it loaded before the network went idle (each body
 * as served, gzipped here at level 9: the size does not depend on how the server compressed it).
 * The page must be in `lang` by then, so its language's catalogs are counted.
 */
async function landingJavaScript(page: Page, lang: string): Promise<number> {
  const scripts = new Map<string, Promise<number>>()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const url = response.url()
    if (scripts.has(url)) return
    scripts.set(
      url,
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    )
  })

  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
  await page.waitForLoadState('networkidle')

  const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size] as const))
  const total = sizes.reduce((sum, [, size]) => sum + size, 0)
  for (const [file, size] of sizes) console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzipped`)
  console.log(`initial JavaScript of / in ${lang}: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files (budget ${BUDGET_BYTES / 1024} KB)`)
  expect(sizes.length).toBeGreaterThan(0)
  return total
}

test('the landing page loads at most 120 KB of gzipped JavaScript before it is idle', async ({ page }) => {
  expect(await landingJavaScript(page, 'en')).toBeLessThanOrEqual(BUDGET_BYTES)
})

// Another language, chosen by the browser's languages, loads its own catalogs instead of English's.
for (const { browserLocale, lang } of [
  { browserLocale: 'de-DE', lang: 'de' },
  { browserLocale: 'ar', lang: 'ar' },
]) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: browserLocale })

    test(`the landing page in ${lang} loads at most 120 KB of gzipped JavaScript before it is idle`, async ({ page }) => {
      expect(await landingJavaScript(page, lang)).toBeLessThanOrEqual(BUDGET_BYTES)
    })
  })
}
