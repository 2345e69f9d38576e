import { axeBuilder } from './axe'
import type { Page } from '@playwright/test'
import { expect, expectSignedOut, signIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet, progressOf } from './study-helpers'

/** Issue 19: Learn and Write keep their place across a reload and warn before leaving in the middle of a batch. */

/** Answers the Learn question on show with its first option and goes on. */
async function learnOne(page: Page) {
  await page.getByRole('main').getByRole('heading', { level: 2 }).waitFor()
  await page.keyboard.press('1')
  await expect(page.getByRole('button', { name: /^(Next Card|Finish Batch)$/ })).toBeVisible()
  await page.keyboard.press('Enter')
}

/** Answers the Write card on show wrongly and goes on. */
async function writeOne(page: Page) {
  const box = page.getByPlaceholder('Type your answer here...')
  await expect(box).toBeEnabled()
  await box.fill('not the answer')
  await box.press('Enter')
  await expect(page.getByText('Incorrect.', { exact: true })).toBeVisible()
  await page.keyboard.press('Enter')
}

const attempts = async (...args: Parameters<typeof progressOf>) => (await progressOf(...args)).items.reduce((sum, item) => sum + item.attempts, 0)

test('Learn keeps its place across a reload, without saving an answer twice', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  for (let answered = 0; answered < 3; answered++) await learnOne(page)
  await expect(page.getByText(/Batch 1 • Card 4 of 10/)).toBeVisible()
  const term = await page.getByRole('main').getByRole('heading', { level: 2 }).textContent()
  await expect.poll(() => attempts(server, owner.token, set.id)).toBe(3)

  await page.reload()
  await expect(page.getByText(/Batch 1 • Card 4 of 10/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(term ?? '')
  await learnOne(page)
  await expect(page.getByText(/Batch 1 • Card 5 of 10/)).toBeVisible()
  await expect.poll(() => attempts(server, owner.token, set.id)).toBe(4)
})

test('Write keeps its place across a reload; leaving in the middle of a batch asks first (phone width, light theme)', async ({ page, server }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.emulateMedia({ colorScheme: 'light' })
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/write`)
  for (let answered = 0; answered < 2; answered++) await writeOne(page)
  await expect(page.getByText(/Batch 1 of 2 • Card 3\/10/)).toBeVisible()

  await page.reload()
  await expect(page.getByText(/Batch 1 of 2 • Card 3\/10/)).toBeVisible()

  // A link inside the app: a dialog; Stay keeps the session, Leave goes.
  await page.getByRole('link', { name: 'Back to Study Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Leave in the middle of this batch?' })
  await expect(dialog).toContainText('Your place is kept on this device')
  expect((await axeBuilder(page).analyze()).violations).toEqual([])
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/write$/)
  await page.getByRole('link', { name: 'Back to Study Set' }).click()
  await dialog.getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))

  // Coming back goes on where the student left off.
  await page.goto(`/study-sets/${set.id}/write`)
  await expect(page.getByText(/Batch 1 of 2 • Card 3\/10/)).toBeVisible()
})

test('Logging out in the middle of a batch is not held up by the warning', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/write`)
  await writeOne(page)
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect(page.getByRole('dialog', { name: 'Leave in the middle of this batch?' })).toHaveCount(0)
  await expectSignedOut(page)
})
