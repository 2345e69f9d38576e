import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { axeBuilder } from './axe'
import type { Page } from '@playwright/test'
import { routeErrorMessages } from '#shared/messages'
import { expect, goOffline, test } from './fixtures'
import { newOwner, visitorContext } from './set-helpers'
import { createStudySet } from './study-helpers'

/**
 * A page whose code cannot load (issue 32): the app's own error page inside the shell, never React
 * Router's developer page; a chunk missing after a deploy reloads the page once. No service worker
 * here: the page is one it has not precached yet.
 */
test.use({ serviceWorkers: 'block' })

const TEST_CHUNK = '**/assets/TestPage-*.js'

/** The set's page, then the Test mode link (Test's code loads on the way). */
async function openTestMode(page: Page, setId: string): Promise<void> {
  await page.goto(`/study-sets/${setId}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('link', { name: 'Test' }).click()
}

async function expectAppErrorPage(page: Page, message: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: routeErrorMessages.title })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveText(message)
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0)
  await expect(page.getByText('Hey developer')).toHaveCount(0)
  // Inside the shell: the header and its navigation stay.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cardwise home' })).toBeVisible()
  await expect(page.getByRole('button', { name: routeErrorMessages.tryAgain })).toBeVisible()
  await expect(page.getByRole('link', { name: routeErrorMessages.mySets })).toHaveAttribute('href', '/my-sets')
}

test('a chunk that stays missing reloads the page once, then shows the app’s error page in the shell', async ({ server, browser }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  await page.route(TEST_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }))
  let documents = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1
  })
  await openTestMode(page, set.id)
  await expectAppErrorPage(page, routeErrorMessages.failed)
  // The first load and one reload, no loop.
  expect(documents).toBe(2)
  expect((await axeBuilder(page).analyze()).violations).toEqual([])
  await page.waitForTimeout(1000)
  expect(documents).toBe(2)

  // Try again reloads; with the code back the page opens.
  await page.unroute(TEST_CHUNK)
  await page.getByRole('button', { name: routeErrorMessages.tryAgain }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Test Mode' })).toBeVisible()
  await context.close()
})

test('a chunk gone after a deploy: the page reloads once and opens', async ({ server, browser }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  // The old page's chunk is gone; the reloaded page (the new deploy) finds it.
  let documents = 0
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1
  })
  await page.route(TEST_CHUNK, (route) => (documents < 2 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()))
  await openTestMode(page, set.id)
  await expect(page.getByRole('heading', { level: 1, name: 'Test Mode' })).toBeVisible()
  expect(documents).toBe(2)
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}/test$`))
  await context.close()
})

test('offline, a page whose code is not on the device says so, with a way to My Sets', async ({ server, browser }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title })).toBeVisible()
  await goOffline(context)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('link', { name: 'Test' }).click()
  await expectAppErrorPage(page, routeErrorMessages.offline)
  await context.close()
})

test('the service worker precaches every route’s JS and CSS', () => {
  const dist = path.resolve('dist/renderer')
  const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8')
  const precached = new Set([...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]))
  const assets = readdirSync(path.join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file))
  expect(assets.length).toBeGreaterThan(20)
  expect(assets.filter((file) => !precached.has(`assets/${file}`))).toEqual([])
  // Every lazy page of the route table has its chunk there.
  const router = readFileSync(path.resolve('renderer/src/app/router.tsx'), 'utf8')
  const pages = [...router.matchAll(/import\('@\/pages\/(\w+)'\)/g)].map((match) => match[1])
  expect(pages.length).toBeGreaterThan(20)
  for (const name of pages) expect(assets.some((file) => file.startsWith(`${name}-`) && file.endsWith('.js'))).toBe(true)
})
