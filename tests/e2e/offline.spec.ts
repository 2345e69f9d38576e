import type { Page } from '@playwright/test'
import { apiCall, expect, goOffline, goOnline, logIn, signIn, test } from './fixtures'
import { axeViolations } from './axe'
import { keptEntry, keptTerms, offlineNotice, offlineRecords } from './offline-helpers'
import { newOwner, termsHeading } from './set-helpers'
import { answerLongAgo, COLUMN, createStudySet, definitionOf, progressOf, reviewLog, TWELVE_CARDS, uploadPicture } from './study-helpers'

// This spec needs the app's service worker, which the other specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' })

/** Issue 18: sets kept on the device study offline; answers given offline are sent once when the network returns. */

const DEFINITIONS = new Map(TWELVE_CARDS)
const TERMS = [...DEFINITIONS.keys()].sort((a, b) => b.length - a.length)

/** The set kept on the device under `setId`, as the offline database holds it. */
const keptSet = (page: Page, setId: string) => keptEntry<{ progress: unknown[] | null; pinned: boolean }>(page, setId)

/**
 * Opens each set's page online and waits until the device keeps it before going on: the set is
 * written to IndexedDB after the page shows it (idb loads on first use), and a full page load
 * started meanwhile drops the write, as leaving a page does in any browser.
 */
async function keepOnDevice(page: Page, sets: Array<{ id: string; title: string }>): Promise<void> {
  for (const set of sets) {
    await page.goto(`/study-sets/${set.id}`)
    await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
    await expect.poll(() => keptSet(page, set.id).then((entry) => entry !== undefined)).toBe(true)
  }
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(sets.length)
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
  // Every mode, a closed tab and two network drops: about 45 s alone, more on a loaded machine.
  test.slow()
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  // The service worker holds the app shell; the set is kept on the device.
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)

  await goOffline(context)
  await page.reload()
  const badge = page.getByTestId('offline-badge')
  await expect(offlineNotice(page)).toBeVisible()
  // One offline banner, not two (issue 31): the header's pill only counts the answers waiting.
  await expect(page.getByRole('status').filter({ hasText: /offline/i })).toHaveCount(1)
  await expect(badge).toHaveCount(0)
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

  // Logging out clears the device (Logout is in the menu when the full navigation does not fit).
  const menu = reopened.getByRole('button', { name: 'Open menu' })
  if (await menu.isVisible()) await menu.click()
  await reopened.getByRole('button', { name: 'Logout' }).first().click()
  await expect.poll(() => offlineRecords(reopened)).toEqual({ sets: 0, queue: 0 })
})

test("another account on the same browser sees nothing of the first one's kept sets or answers", async ({ page, server }) => {
  const first = await newOwner(server)
  const { set } = await createStudySet(server, first)
  await signIn(page, first.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await expect.poll(async () => (await offlineRecords(page)).sets).toBe(1)

  // The first student's session ends here without a logout (another student takes the browser).
  // Cleared from a page that is not the app: the app, still running, would write its session back
  // when its start-up token refresh answers after the clear (it did once, under load).
  await page.goto('/favicon.svg')
  expect(await page.evaluate(() => document.contentType)).toBe('image/svg+xml')
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
  await signIn(page, owner.account)
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
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(() => keptPictures(page)).toBe(1)

  await goOffline(context)
  await page.reload()
  await expect(offlineNotice(page)).toBeVisible()
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
  await signIn(page, owner.account)
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
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn?starred=1`)
  await expect(page.getByText('Studying 2 starred cards')).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await page.goto(`/study-sets/${set.id}`)
  // The set page keeps the set, then its stars once they arrive: going offline before they are
  // kept would leave nothing starred to study (once seen under load).
  await expect.poll(async () => (await keptEntry<{ starred?: string[] }>(page, set.id))?.starred?.length).toBe(2)

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
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  const badge = page.getByTestId('offline-badge')
  await expect(badge).toHaveCount(0)

  // Dead Wi-Fi: every request to the server fails, but the browser's flag is untouched.
  let blocked = true
  await context.route('**/api/**', (route) => (blocked ? route.abort('connectionrefused') : route.fallback()))
  await page.getByRole('banner').getByRole('link', { name: 'My Sets' }).first().click()
  await expect(offlineNotice(page)).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)

  // The network comes back without any event: the app's own health checks notice.
  blocked = false
  await expect(offlineNotice(page)).toHaveCount(0, { timeout: 20_000 })
})

test('answers studied offline that the server refuses later (their set was deleted meanwhile) are shown, by set and number; the others are saved', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const doomed = await createStudySet(server, owner, { title: 'Doomed Biology' })
  const kept = await createStudySet(server, owner, { title: 'Kept Chemistry' })
  await logIn(page, owner.account)
  await keepOnDevice(page, [doomed.set, kept.set])

  // Offline: one answer in the kept set, two in the other, then the other set is deleted elsewhere.
  await goOffline(context)
  const flashcards = page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' })
  await flashcards.click()
  await page.keyboard.press('k')
  await page.goto(`/study-sets/${doomed.set.id}`, { waitUntil: 'domcontentloaded' })
  await flashcards.click()
  await page.keyboard.press('k')
  await page.keyboard.press('k')
  await expect(page.getByTestId('offline-badge')).toContainText('3 answers waiting to sync')
  expect((await apiCall(server, 'DELETE', `/sets/${doomed.set.id}`, undefined, owner.token)).status).toBe(204)

  await goOnline(context)
  const notice = page.getByRole('region', { name: 'Some answers could not be saved' })
  await expect(notice.getByRole('status')).toHaveText(
    '2 answers to "Doomed Biology" could not be saved: the set or its cards were deleted, or the set is no longer open to you.',
    { timeout: 20_000 },
  )
  await expect(notice).toContainText('Your other answers are not affected.')
  const keptCards = new Set(kept.cards.map((card) => card.id))
  await expect.poll(async () => (await reviewLog(server, owner)).filter((row) => keptCards.has(row[COLUMN.card] ?? '')).length).toBe(1)
  await expect(page.getByTestId('offline-badge')).toHaveCount(0)
  for (const theme of ['dark', 'light']) {
    await page.evaluate((name) => document.documentElement.setAttribute('data-theme', name), theme)
    expect(await axeViolations(page), theme).toEqual([])
  }

  // The note stays until it is read, across a reload; then it is gone for good.
  await page.goto(`/study-sets/${kept.set.id}`)
  await expect(notice).toBeVisible()
  await notice.getByRole('button', { name: 'OK' }).click()
  await expect(notice).toHaveCount(0)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: kept.set.title, exact: true })).toBeVisible()
  await expect(notice).toHaveCount(0)
})

test('a kept set is brought up to date in the background when the network returns: cards added, changed and removed meanwhile study offline; an unchanged set is not read again', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const changing = await createStudySet(server, owner, {
    title: 'Changing Chemistry',
    cards: [
      ['Atom', 'smallest unit of an element'],
      ['Bond', 'holds atoms together'],
      ['Cation', 'a positive ion'],
    ],
  })
  const steady = await createStudySet(server, owner, { title: 'Steady Biology' })
  await logIn(page, owner.account)
  await keepOnDevice(page, [steady.set, changing.set])
  await page.getByRole('banner').getByRole('link', { name: 'My Sets' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Sets' })).toBeVisible()

  // Offline here; meanwhile, on another device, a card is added, one changed and one removed.
  await goOffline(context)
  const [, bond, cation] = changing.cards
  const at = `/sets/${changing.set.id}/cards`
  expect((await apiCall(server, 'POST', at, { term: 'Dalton', definition: 'a unit of atomic mass' }, owner.token)).status).toBe(201)
  expect((await apiCall(server, 'PATCH', `${at}/${bond?.id}`, { term: 'Covalent bond' }, owner.token)).status).toBe(200)
  expect((await apiCall(server, 'DELETE', `${at}/${cation?.id}`, undefined, owner.token)).status).toBe(204)
  const cardReads: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/sets\/[^/]+\/cards/.test(request.url())) cardReads.push(request.url())
  })

  // Back online, nothing done by the student: the kept copy follows the server.
  await goOnline(context)
  await expect.poll(() => keptTerms(page, changing.set.id), { timeout: 20_000 }).toEqual(['Atom', 'Covalent bond', 'Dalton'])
  expect(cardReads.filter((url) => url.includes(steady.set.id))).toEqual([])
  expect(await keptTerms(page, steady.set.id)).toHaveLength(TWELVE_CARDS.length)

  // Offline again: the set studies with the change.
  await goOffline(context)
  await page.goto(`/study-sets/${changing.set.id}`, { waitUntil: 'domcontentloaded' })
  await expect(termsHeading(page, 3)).toBeVisible()
  await expect(page.getByText('Covalent bond', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Dalton', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Cation', { exact: true })).toHaveCount(0)
})

test('offline Review does not ask again a card reviewed on another device meanwhile: the kept progress follows the server', async ({
  page,
  context,
  server,
}) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  const [elsewhere, stillDue] = cards
  for (const card of [elsewhere, stillDue]) if (card) await answerLongAgo(server, owner, set.id, card)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
  await page.evaluate(() => navigator.serviceWorker.ready)
  await expect.poll(async () => (await keptSet(page, set.id))?.progress?.length ?? 0).toBe(2)
  await page.getByRole('banner').getByRole('link', { name: 'My Sets' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'My Sets' })).toBeVisible()
  await expect(page.getByRole('link', { name: set.title })).toBeVisible()

  // Reviewed on another device (Easy: not due for days) while this one is offline.
  await goOffline(context)
  const answered = await apiCall(server, 'POST', `/sets/${set.id}/answers`, { cardId: elsewhere?.id, mode: 'review', correct: true, rating: 4 }, owner.token)
  expect(answered.status).toBe(201)
  await goOnline(context)
  await expect
    .poll(
      async () => {
        const item = (await keptSet(page, set.id))?.progress?.find((entry) => (entry as { cardId: string }).cardId === elsewhere?.id) as
          | { memory: { due: string } }
          | undefined
        return Date.parse(item?.memory.due ?? '') > Date.now() + 86_400_000
      },
      { timeout: 20_000 },
    )
    .toBe(true)

  await goOffline(context)
  await page.goto('/review', { waitUntil: 'domcontentloaded' })
  await expect(page.getByText('Card 1 of 1')).toBeVisible()
})
