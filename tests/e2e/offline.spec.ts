import type { Page } from '@playwright/test'
import { apiCall, expect, goOffline, goOnline, logIn, test } from './fixtures'
import { offlineRecords } from './offline-helpers'
import { newOwner } from './set-helpers'
import { answerLongAgo, COLUMN, createStudySet, definitionOf, progressOf, reviewLog, TWELVE_CARDS, uploadPicture } from './study-helpers'

/** Issue 18: sets kept on the device study offline; answers given offline are sent once when the network returns. */

const DEFINITIONS = new Map(TWELVE_CARDS)
const TERMS = [...DEFINITIONS.keys()].sort((a, b) => b.length - a.length)

/** The set kept on the device under `setId`, as the offline database holds it. */
function keptSet(page: Page, setId: string): Promise<{ progress: unknown[] | null; pinned: boolean } | undefined> {
  return page.evaluate(
    (id) =>
      new Promise<{ progress: unknown[] | null; pinned: boolean } | undefined>((resolve, reject) => {
        const request = indexedDB.open('cardwise-offline')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('sets')) {
            db.close()
            resolve(undefined)
            return
          }
          const get = db.transaction('sets').objectStore('sets').get(id)
          get.onsuccess = () => {
            db.close()
            resolve(get.result)
          }
        }
      }),
    setId,
  )
}

/** The term on show in Write mode. */
async function termOnShow(page: Page): Promise<string> {
  const region = page.getByRole('region', { name: 'Term' })
  await expect(region).toBeVisible()
  const text = await region.innerText()
  const term = TERMS.find((item) => text.includes(item))
  if (!term) throw new Error(`no known term in ${text}`)
  return term
}

/** Answers `count` cards of Write mode, the first answer to each card in `wrong` wrongly, going through the batch summary. */
async function writeAnswers(page: Page, count: number, wrong: Set<string>) {
  const answerBox = page.getByPlaceholder('Type your answer here...')
  for (let answered = 0; answered < count; answered++) {
    const summary = page.getByRole('region', { name: 'Batch summary' })
    await expect(answerBox.or(summary.getByRole('button', { name: 'Continue' }))).toBeVisible()
    if (await summary.isVisible()) await summary.getByRole('button', { name: 'Continue' }).click()
    await expect(answerBox).toBeEnabled()
    const term = await termOnShow(page)
    const right = !wrong.delete(term)
    await answerBox.fill(right ? (DEFINITIONS.get(term) ?? '') : 'Something else')
    await answerBox.press('Enter')
    await expect(page.getByText(right ? 'Correct!' : 'Incorrect.', { exact: true })).toBeVisible()
    await page.keyboard.press('Enter')
  }
}

const attemptsOf = async (...args: Parameters<typeof progressOf>) => (await progressOf(...args)).items.reduce((sum, item) => sum + item.attempts, 0)

test('a set opened once studies offline in every mode; 15 answers given offline reach the server once, across a closed tab and a dropped network', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  // The service worker holds the app shell; the set is kept on the device.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)

  await goOffline(context)
  await page.reload()
  const badge = page.getByTestId('offline-badge')
  await expect(badge).toContainText('Offline')
  // Terms and Flashcards on the set page, from the kept copy.
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await expect(page.getByText('Endoplasmic reticulum').first()).toBeVisible()
  for (const [mode, heading] of [
    ['learn', 'Learn Mode'],
    ['match', 'Match Mode'],
    ['test', /Test/],
  ] as const) {
    await page.goto(`/study-sets/${set.id}/${mode}`, { waitUntil: 'domcontentloaded' })
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  }

  await page.goto(`/study-sets/${set.id}/write`, { waitUntil: 'domcontentloaded' })
  await expect(page.getByRole('heading', { level: 1, name: 'Write Mode', exact: true })).toBeVisible()
  await writeAnswers(page, 15, new Set(['Ribosome', 'Golgi apparatus', 'Vacuole']))
  await expect(badge).toContainText('15 answers waiting to sync')
  expect(await attemptsOf(server, owner.token, set.id)).toBe(0)

  // The tab closes and opens again, still offline: the answers are still waiting.
  await page.close()
  const reopened = await context.newPage()
  await reopened.goto(`/study-sets/${set.id}`, { waitUntil: 'domcontentloaded' })
  await expect(reopened.getByTestId('offline-badge')).toContainText('15 answers waiting to sync')

  // Back online; the network drops again after the first answer is through, then returns.
  await goOnline(context)
  await expect.poll(() => attemptsOf(server, owner.token, set.id), { timeout: 20_000 }).toBeGreaterThan(0)
  await goOffline(context)
  await reopened.waitForTimeout(300)
  await goOnline(context)
  await expect.poll(() => attemptsOf(server, owner.token, set.id), { timeout: 20_000 }).toBe(15)
  await expect(reopened.getByTestId('offline-badge')).toHaveCount(0)
  await reopened.waitForTimeout(1500)
  expect(await attemptsOf(server, owner.token, set.id)).toBe(15)

  // Logging out clears the device.
  await reopened.getByRole('button', { name: 'Logout' }).first().click()
  await expect.poll(() => offlineRecords(reopened)).toEqual({ sets: 0, queue: 0 })
})

test("another account on the same browser sees nothing of the first one's kept sets or answers", async ({ page, server }) => {
  const first = await newOwner(server)
  const { set } = await createStudySet(server, first)
  await logIn(page, first.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)

  // The first student's session ends here without a logout (another student takes the browser).
  await page.evaluate(() => localStorage.clear())
  const second = await newOwner(server)
  await logIn(page, second.account)
  await expect.poll(() => offlineRecords(page)).toEqual({ sets: 0, queue: 0 })
})

test('Review works offline from the kept sets: the due cards are asked, and the answers reach the review log once back online', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  const due = cards.slice(0, 2)
  for (const card of due) await answerLongAgo(server, owner, set.id, card)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  // The set is kept with its memory state (read with its progress).
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)
  await expect.poll(async () => (await keptSet(page, set.id))?.progress?.length ?? 0).toBe(2)

  await goOffline(context)
  await page.goto('/review', { waitUntil: 'domcontentloaded' })
  await expect(page.getByText('Card 1 of 2')).toBeVisible()
  await page.getByRole('radio', { name: 'Multiple choice' }).check()
  const card = page.getByRole('region', { name: 'Card to review' })
  for (const number of [1, 2]) {
    await expect(page.getByText(`Card ${number} of 2`)).toBeVisible()
    const term = (await card.locator('p').nth(1).textContent()) ?? ''
    await card.getByRole('button', { name: definitionOf(cards, term), exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
    await page.getByRole('button', { name: 'Next card' }).click()
  }
  // Answered here and waiting: not asked again.
  await expect(page.getByRole('heading', { name: 'All caught up!' })).toBeVisible()
  await expect(page.getByTestId('offline-badge')).toContainText('2 answers waiting to sync')

  await goOnline(context)
  await expect(page.getByTestId('offline-badge')).toHaveCount(0, { timeout: 20_000 })
  const reviews = (await reviewLog(server, owner)).filter((row) => row[COLUMN.mode] === 'review')
  expect(reviews.map((row) => row[COLUMN.card]).sort()).toEqual(due.map((item) => item.id).sort())
})

/** How many pictures the picture cache holds. */
const keptPictures = (page: Page) =>
  page.evaluate(async () => ((await caches.has('cardwise-media')) ? (await (await caches.open('cardwise-media')).keys()).length : 0))

test("a kept set's pictures show offline, and leave the device with their owner", async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, {
    cards: [
      ['Femur', 'thigh bone'],
      ['Radius', 'forearm bone'],
    ],
  })
  const picture = await uploadPicture(server, owner, '#c82828')
  const edited = await apiCall(server, 'PATCH', `/sets/${set.id}/cards/${cards[0]?.id}`, { termImage: picture }, owner.token)
  expect(edited.status, await edited.clone().text()).toBe(200)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => keptPictures(page)).toBe(1)

  await goOffline(context)
  await page.reload()
  await expect(page.getByTestId('offline-badge')).toContainText('Offline')
  const image = page.getByRole('img', { name: 'Femur' }).first()
  await image.scrollIntoViewIfNeeded()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)

  await goOnline(context)
  await page.getByRole('button', { name: 'Logout' }).first().click()
  await expect.poll(() => keptPictures(page)).toBe(0)
})

test('a set marked "Available offline" stays marked; actions that need the network say so offline instead of failing', async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await page.evaluate(() => navigator.serviceWorker.ready)
  const toggle = page.getByRole('checkbox', { name: 'Available offline' })
  await expect(toggle).toBeEnabled()
  await toggle.check()
  // The mark is written to IndexedDB after the click: a reload at once could cut the write off.
  await expect.poll(async () => (await keptSet(page, set.id))?.pinned).toBe(true)
  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Available offline' })).toBeChecked()

  await goOffline(context)
  await page.goto('/study-sets/create', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Title', { exact: true }).fill('Made on the bus')
  await page.getByRole('button', { name: 'Create Study Set' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline. This needs a connection.' })).toBeVisible()
})

test("a set's starred cards study offline after a reload", async ({ page, context, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  for (const card of cards.slice(0, 2)) expect((await apiCall(server, 'PUT', `/sets/${set.id}/stars/${card.id}`, undefined, owner.token)).status).toBe(204)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn?starred=1`)
  await expect(page.getByText('Studying 2 starred cards')).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.goto(`/study-sets/${set.id}`)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)

  await goOffline(context)
  await page.goto(`/study-sets/${set.id}/learn?starred=1`, { waitUntil: 'domcontentloaded' })
  await expect(page.getByText('Studying 2 starred cards')).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('on a network that answers nothing while the browser still says it is online, the app finds out from its own requests and finds its way back', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  const badge = page.getByTestId('offline-badge')
  await expect(badge).toHaveCount(0)

  // Dead Wi-Fi: every request to the server fails, but the browser's flag is untouched.
  let blocked = true
  await context.route('**/api/**', (route) => (blocked ? route.abort('connectionrefused') : route.fallback()))
  await page.getByRole('banner').getByRole('link', { name: 'My Sets' }).first().click()
  await expect(badge).toContainText('Offline')
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)

  // The network comes back without any event: the app's own health checks notice.
  blocked = false
  await expect(badge).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toHaveCount(0)
})
