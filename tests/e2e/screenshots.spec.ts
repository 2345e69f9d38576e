import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, logIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { answerLongAgo, createStudySet } from './study-helpers'

// Shows the public listing, which every account on a server shares.
test.use({ ownServer: true })

/**
 * The screenshot review (issue 32): the main pages at a phone's 390 px and a laptop's 1280 px, in
 * both themes, saved under test-results/screenshots/ for a person to look through (artifacts of the
 * e2e run, not compared pixel by pixel).
 */
const OUT = path.resolve('test-results', 'screenshots')

async function shoot(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('main').getByText(/^Loading/)).toHaveCount(0)
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value
    }, theme)
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.screenshot({ path: path.join(OUT, `${name}-${width}-${theme}.png`), fullPage: true, animations: 'disabled' })
    }
  }
}

test('screenshots of the main pages at 390 and 1280 px in both themes', async ({ page, server }) => {
  test.slow()
  mkdirSync(OUT, { recursive: true })
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { isPublic: true })
  for (const card of cards.slice(0, 3)) await answerLongAgo(server, owner, set.id, card)

  for (const [name, url] of [
    ['landing', '/'],
    ['public-sets', '/public-sets'],
    ['login', '/login'],
    ['register', '/register'],
  ] as const) {
    await page.goto(url)
    await shoot(page, name)
  }

  await logIn(page, owner.account)
  for (const [name, url] of [
    ['my-sets', '/my-sets'],
    ['set', `/study-sets/${set.id}`],
    ['learn', `/study-sets/${set.id}/learn`],
    ['test', `/study-sets/${set.id}/test`],
    ['write', `/study-sets/${set.id}/write`],
    ['match', `/study-sets/${set.id}/match`],
    ['review', '/review'],
    ['progress', '/progress'],
    ['classes', '/classes'],
    ['profile', '/profile'],
  ] as const) {
    await page.goto(url)
    await shoot(page, name)
  }
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await shoot(page, 'flashcards')
})
