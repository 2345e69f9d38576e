import { axeViolations, axeViolationsInBothThemes } from './axe'
import type { Page } from '@playwright/test'
import { apiCall, expect, signIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet } from './study-helpers'

/*
 * Issue 15's Progress page and the profile's memory settings: charts drawn from the student's
 * review log, the same numbers in tables, and desired retention kept by the server.
 */

const DAY = 86_400_000

/** Every axe rule and impact, in the theme shown. */
async function axeClean(page: Page): Promise<void> {
  expect(await axeViolations(page, { everything: true })).toEqual([])
}

test('the Progress page: charts and tables of reviews, retention, the forecast and mastery, axe clean in both themes', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  // Yesterday: two right Learn answers; today: one right and one wrong Write answer.
  const yesterday = new Date(Date.now() - DAY).toISOString()
  for (const card of cards.slice(0, 2)) {
    const response = await apiCall(
      server,
      'POST',
      `/sets/${set.id}/answers`,
      { cardId: card.id, mode: 'learn', correct: true, answeredAt: yesterday },
      owner.token,
    )
    expect(response.status).toBe(201)
  }
  for (const [index, correct] of [
    [2, true],
    [3, false],
  ] as const) {
    const response = await apiCall(server, 'POST', `/sets/${set.id}/answers`, { cardId: cards[index]?.id, mode: 'write', correct }, owner.token)
    expect(response.status).toBe(201)
  }

  await signIn(page, owner.account)
  await page.goto('/progress')
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress' })).toBeVisible()
  await expect(page.getByTestId('retention')).toHaveText(/^\d+%$/)

  const perDay = page.getByRole('table', { name: 'Reviews per day' })
  await expect(perDay.getByRole('row')).toHaveCount(31)
  const lastRows = perDay.getByRole('row')
  await expect(lastRows.nth(30).getByRole('cell')).toHaveText(['2', '1'])
  await expect(lastRows.nth(29).getByRole('cell')).toHaveText(['2', '2'])
  await expect(page.getByText('The last 30 days: 4 reviews.', { exact: false })).toBeVisible()

  const forecast = page.getByRole('table', { name: 'Cards due per day' })
  await expect(forecast.getByRole('row')).toHaveCount(15)

  const mastery = page.getByRole('table', { name: 'Cards of each set by mastery' })
  await expect(mastery.getByRole('row', { name: /Cell Biology/ }).getByRole('cell')).toHaveText(['3', '0', '1', '12'])
  // Two charts drawn as SVG (hidden from assistive technology: the tables say the same).
  await expect(page.locator('svg[aria-hidden="true"]')).not.toHaveCount(0)
  expect(await axeViolationsInBothThemes(page, { everything: true })).toEqual([])

  await page.setViewportSize({ width: 375, height: 667 })
  // The charts redraw for the new width on the resize that follows (once 828 px wide for a moment in CI-like load).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  expect(await axeViolationsInBothThemes(page, { everything: true })).toEqual([])
})

test('the profile: desired retention with its trade-off, the parameters in use, and the review log as CSV', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await apiCall(server, 'POST', `/sets/${set.id}/answers`, { cardId: cards[0]?.id, mode: 'learn', correct: true }, owner.token)
  await signIn(page, owner.account)
  await page.goto('/profile')
  const slider = page.getByRole('slider', { name: /Desired retention/ })
  await expect(slider).toHaveValue('0.9')
  await expect(page.getByText('Higher retention means you forget less but review more often; lower means fewer reviews and more forgetting.')).toBeVisible()
  await expect(page.getByTestId('memory-parameters')).toHaveText(/default parameters; your own are fitted once you have 400 reviews \(you have 1\)/)

  await slider.focus()
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveValue('0.85')
  await page.getByRole('button', { name: 'Save retention' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Desired retention saved.' })).toBeVisible()
  const settings = await apiCall(server, 'GET', '/users/me/settings', undefined, owner.token)
  expect(((await settings.json()) as { desiredRetention: number }).desiredRetention).toBe(0.85)
  await axeClean(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download review log (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('cardwise-review-log.csv')
  const path = await file.path()
  const { readFile } = await import('node:fs/promises')
  const text = await readFile(path, 'utf8')
  expect(text.split('\r\n')[0]).toMatch(/^review_time,card_id,prompt,set_id/)
  expect(text.trimEnd().split('\r\n')).toHaveLength(2)
})
