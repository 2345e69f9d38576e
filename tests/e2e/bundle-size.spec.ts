import { gzipSync } from 'node:zlib'
import { expect, test } from './fixtures'

/** The budget: the landing page's initial JavaScript, gzipped. */
const BUDGET_BYTES = 120 * 1024

test('the landing page loads at most 120 KB of gzipped JavaScript before it is idle', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>()
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const url = response.url()
    if (scripts.has(url)) return
    // The body as served, gzipped here (the size does not depend on how the server compressed it).
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
  await page.waitForLoadState('networkidle')

  const sizes = await Promise.all([...scripts].map(async ([url, size]) => [new URL(url).pathname, await size] as const))
  const total = sizes.reduce((sum, [, size]) => sum + size, 0)
  for (const [file, size] of sizes) console.log(`  ${file}: ${(size / 1024).toFixed(1)} KB gzipped`)
  console.log(`initial JavaScript of /: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files (budget ${BUDGET_BYTES / 1024} KB)`)

  expect(sizes.length).toBeGreaterThan(0)
  expect(total).toBeLessThanOrEqual(BUDGET_BYTES)
})
