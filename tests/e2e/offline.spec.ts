import type { Page } from '@playwright/test'
import { expect, logIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet, progressOf, TWELVE_CARDS } from './study-helpers'

/** Issue 18: sets kept on the device study offline; answers given offline are sent once when the network returns. */

const DEFINITIONS = new Map(TWELVE_CARDS)
const TERMS = [...DEFINITIONS.keys()].sort((a, b) => b.length - a.length)

/** What the offline database holds: kept sets and queued answers. */
function offlineRecords(page: Page): Promise<{ sets: number; queue: number }> {
  return page.evaluate(
    () =>
      new Promise<{ sets: number; queue: number }>((resolve, reject) => {
        const request = indexedDB.open('cardwise-offline')
        request.onerror = () => reject(request.error)
        request.onsuccess = () => {
          const db = request.result
          if (!db.objectStoreNames.contains('sets')) {
            db.close()
            resolve({ sets: 0, queue: 0 })
            return
          }
          const tx = db.transaction(['sets', 'queue'])
          const sets = tx.objectStore('sets').count()
          const queue = tx.objectStore('queue').count()
          tx.oncomplete = () => {
            db.close()
            resolve({ sets: sets.result, queue: queue.result })
          }
        }
      }),
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

const attemptsOf = async (...args: Parameters<typeof progressOf>) =>
  (await progressOf(...args)).items.reduce((sum, item) => sum + item.attempts, 0)

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

  await context.setOffline(true)
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
  await context.setOffline(false)
  await expect.poll(() => attemptsOf(server, owner.token, set.id), { timeout: 20_000 }).toBeGreaterThan(0)
  await context.setOffline(true)
  await reopened.waitForTimeout(300)
  await context.setOffline(false)
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
