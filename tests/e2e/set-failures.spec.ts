import type { Page } from '@playwright/test'
import { setMessages } from '#shared/messages'
import { expect, logIn, test } from './fixtures'
import { addCards, createSet, newOwner, openSetAsOwner, visitorContext } from './set-helpers'

/** Answers matching API calls with a server error, as a failing server would. */
async function failRequests(page: Page, method: string, pattern: RegExp) {
  await page.route(pattern, async (route) => {
    if (route.request().method() !== method) return route.fallback()
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { status: 500, code: 'internal', message: 'Something went wrong on our side.' } }),
    })
  })
}

test('each set form shows its spec message when the server fails', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Chemistry', description: 'Atoms' })
  await addCards(server, owner, set.id, [['Proton', 'Positive particle']])

  await logIn(page, owner.account)
  await failRequests(page, 'POST', /\/api\/sets$/)
  await page.goto('/study-sets/create')
  await page.getByLabel('Title', { exact: true }).fill('Physics')
  await page.getByRole('button', { name: 'Create Study Set' }).click()
  await expect(page.getByRole('alert')).toHaveText(setMessages.createFailed)
  await expect(page.getByRole('button', { name: 'Create Study Set' })).toBeEnabled()

  await page.goto(`/study-sets/${set.id}`)
  await failRequests(page, 'POST', /\/api\/sets\/[^/]+\/cards$/)
  const addForm = page.getByRole('form', { name: 'Add flashcard' })
  await addForm.getByLabel('Term', { exact: true }).fill('Neutron')
  await addForm.getByLabel('Definition', { exact: true }).fill('No charge')
  await addForm.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(addForm.getByRole('alert')).toHaveText(setMessages.addCardFailed)
  await expect(addForm.getByLabel('Term', { exact: true })).toHaveValue('Neutron')

  await failRequests(page, 'PATCH', /\/api\/sets\/[^/]+\/cards\/[^/]+$/)
  await page.getByRole('button', { name: 'Edit flashcard Proton' }).click()
  const cardDialog = page.getByRole('dialog', { name: 'Edit Flashcard' })
  await cardDialog.getByLabel('Definition', { exact: true }).fill('Positively charged')
  await cardDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(cardDialog.getByRole('alert')).toHaveText(setMessages.updateCardFailed)
  await cardDialog.getByRole('button', { name: 'Cancel' }).click()

  await failRequests(page, 'PATCH', /\/api\/sets\/[^/]+$/)
  await page.getByRole('button', { name: 'Edit Set' }).first().click()
  const setDialog = page.getByRole('dialog', { name: 'Edit Set' })
  await setDialog.getByLabel('Title', { exact: true }).fill('Organic Chemistry')
  await setDialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(setDialog.getByRole('alert')).toHaveText(setMessages.updateFailed)
})

test('a set that cannot load shows the error, and Public Sets shows list errors in red', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Geology', isPublic: true })

  await failRequests(page, 'GET', /\/api\/sets\/[^/?]+$/)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('alert')).toHaveText('Error: Something went wrong while processing your request.')

  await page.unrouteAll()
  await failRequests(page, 'GET', /\/api\/sets\/public/)
  await page.goto('/public-sets')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Something went wrong while processing your request.')
  await expect(alert).toHaveClass(/alert-error/)
})

test('Copy Link tells the student when the clipboard refuses', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Botany', isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  // Refused both ways: the Clipboard API and the older copy command copyText falls back on.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } })
    document.execCommand = () => false
  })
  await page.goto(`/study-sets/${set.id}`)
  const alerts: string[] = []
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message())
    void dialog.accept()
  })
  await page.getByRole('button', { name: 'Copy Link' }).first().click()
  await expect.poll(() => alerts).toEqual([setMessages.linkCopyFailed])
  await context.close()
})

test('the owner sees an unknown set id as not found', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Zoology' })
  await openSetAsOwner(page, owner, set)
  await page.goto('/study-sets/doesnotexist123')
  await expect(page.getByText(setMessages.notFound, { exact: true })).toBeVisible()
})

test('My Sets shows a list that failed to load, and Retry loads it', async ({ page, server }) => {
  const owner = await newOwner(server)
  await createSet(server, owner, { title: 'Geology' })
  await logIn(page, owner.account)
  let failing = true
  await page.route(/\/api\/sets(\?|$)/, async (route) => {
    if (!failing || route.request().method() !== 'GET') return route.fallback()
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { status: 500, code: 'internal', message: 'Something went wrong on our side.' } }),
    })
  })
  await page.goto('/my-sets')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Something went wrong while processing your request.')
  await expect(alert).toHaveClass(/alert-error/)
  failing = false
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'Geology' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})
