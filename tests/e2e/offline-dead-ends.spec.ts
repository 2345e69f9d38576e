import type { Page } from '@playwright/test'
import { offlineMessages } from '#shared/messages'
import { expect, goOffline, goOnline, logIn, signIn, test } from './fixtures'
import { offlineRecords } from './offline-helpers'
import { newOwner, setCard } from './set-helpers'
import { createStudySet } from './study-helpers'

// This spec needs the app's service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/**
 * Offline dead ends (issue 32): My Sets lists the sets kept on the device and opens them; a set or
 * page the device does not hold says so in words with a way back; after reconnecting the header
 * says "All answers synced" for a moment.
 */

async function expectDeadEnd(page: Page, message: string, keptTitle: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message)
  await expect(page.getByRole('heading', { name: offlineMessages.keptHeading })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: keptTitle, exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: offlineMessages.backToMySets })).toHaveAttribute('href', '/my-sets')
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
}

test('offline, My Sets lists the kept sets (marked) and opens them; a set not kept and Progress say why, with a way back', async ({
  page,
  context,
  server,
}) => {
  test.slow()
  const owner = await newOwner(server)
  const kept = await createStudySet(server, owner, { title: 'Kept Biology' })
  const notKept = await createStudySet(server, owner, { title: 'Never Opened' })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${kept.set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Kept Biology' })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)
  await goOffline(context)
  await page.goto('/my-sets')
  await expect(page.getByRole('status').filter({ hasText: offlineMessages.mySetsOffline })).toBeVisible()
  const card = setCard(page, 'Kept Biology')
  await expect(card.getByText(offlineMessages.keptMark, { exact: true })).toBeVisible()
  await expect(setCard(page, 'Never Opened')).toHaveCount(0)
  await expect(page.getByText('This needs a connection')).toHaveCount(0)
  await card.getByRole('link', { name: 'Kept Biology' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${kept.set.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Kept Biology' })).toBeVisible()

  await page.goto(`/study-sets/${notKept.set.id}`)
  await expectDeadEnd(page, offlineMessages.setNotKept, 'Kept Biology')

  await page.goto('/progress')
  await expect(page.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible()
  await expectDeadEnd(page, offlineMessages.progressOffline, 'Kept Biology')
  await page.getByRole('main').getByRole('link', { name: offlineMessages.backToMySets }).click()
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(setCard(page, 'Kept Biology')).toBeVisible()
  await goOnline(context)
})

test('after reconnecting, "All answers synced" shows for a moment once the waiting answers went through', async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title })).toBeVisible()
  // As a student who studies offline: the app is installed and the set kept before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)
  await goOffline(context)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await page.keyboard.press('k')
  const badge = page.getByTestId('offline-badge')
  await expect(badge).toContainText('1 answer waiting to sync')
  await goOnline(context)
  await expect(badge).toHaveText(offlineMessages.synced)
  await expect(badge).toHaveCount(0, { timeout: 10_000 })
})

test("a set page whose dialogs' code never arrived (offline before it loaded) still shows the set and studies it", async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  // The edit dialogs' and the add-card form's chunks fail as they would offline, before the service worker kept them.
  await context.route(/\/assets\/(EditCardDialog|EditSetDialog|AddCardForm)-[^/]+\.js$/, (route) => route.abort('internetdisconnected'))
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title })).toBeVisible()
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await expect(page.getByRole('region', { name: 'Flashcards' })).toBeVisible()
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 1, name: set.title })).toBeVisible()
})
