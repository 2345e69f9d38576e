import { axeBuilder } from './axe'
import { setMessages } from '#shared/messages'
import { expect, test } from './fixtures'
import { addCards, cancelDialog, confirmDialog, createSet, newOwner, openSetAsOwner, termsHeading } from './set-helpers'

/** Smaller findings of the product walk (issue 32). */

test('/privacy and /terms go to the legal pages', async ({ page }) => {
  await page.goto('/privacy')
  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await page.goto('/terms')
  await expect(page).toHaveURL(/\/terms-of-service$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
})

test.describe('on a system that prefers light', () => {
  test.use({ colorScheme: 'light' })

  test('the theme follows the system until the student chooses, then keeps the choice', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    // The system turns dark: the page follows.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    // The student picks dark: it stays, whatever the system says, over a reload.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})

test('deleting a card asks in the app’s own dialog, not the browser’s confirm; Cancel keeps it, Delete removes it', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Confirm Me' })
  await addCards(server, owner, set.id, [
    ['one', 'uno'],
    ['two', 'dos'],
  ])
  const browserDialogs: string[] = []
  page.on('dialog', (dialog) => {
    browserDialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await openSetAsOwner(page, owner, set)
  await page.getByRole('button', { name: 'Delete flashcard one' }).click()
  const dialog = confirmDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Delete Flashcard' })).toBeVisible()
  await expect(dialog).toContainText(setMessages.deleteCardConfirm)
  expect((await axeBuilder(page).include('dialog').analyze()).violations).toEqual([])
  await cancelDialog(page)
  await expect(termsHeading(page, 2)).toBeVisible()
  await page.getByRole('button', { name: 'Delete flashcard one' }).click()
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(termsHeading(page, 1)).toBeVisible()
  expect(browserDialogs).toEqual([])
})

test('the landing page sells what exists: seven modes, Anki and Quizlet import, offline study, classes', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByText('learn them in seven study modes: Terms, Flashcards, Learn, Write, Match, Test and Review.', { exact: false })).toBeVisible()
  await expect(page.getByText('import them from Anki and Quizlet', { exact: false })).toBeVisible()
  const features = page.getByRole('region', { name: 'Features' })
  await expect(features.getByRole('heading', { name: 'Study Offline' })).toBeVisible()
  await expect(features.getByRole('heading', { name: 'Classes & Sharing' })).toBeVisible()
  await expect(features.getByText('Anki package, a Quizlet export', { exact: false })).toBeVisible()
  await expect(page.getByText('five study modes', { exact: false })).toHaveCount(0)
})
