import type { Browser, BrowserContext, Locator, Page } from '@playwright/test'
import type { CreateSetInput, Flashcard, StudySet } from '#shared/api/sets'
import { apiCall, apiLogIn, type E2EServer, expect, registerAccount, signIn, type TestAccount } from './fixtures'

/**
 * Helpers of the study-set end-to-end tests (sets.spec.ts, set-lists.spec.ts): data made through
 * the API when the form is not under test, and locators for the set screens.
 */

export interface Owner {
  account: TestAccount
  token: string
}

/** A verified account with an API token for setting up its sets. */
export async function newOwner(server: E2EServer): Promise<Owner> {
  const account = await registerAccount(server)
  return { account, token: await apiLogIn(server, account) }
}

/** Creates a set through the API (private unless `isPublic`). */
export async function createSet(server: E2EServer, owner: Owner, body: CreateSetInput): Promise<StudySet> {
  const response = await apiCall(server, 'POST', '/sets', body, owner.token)
  if (response.status !== 201) throw new Error(`create set failed: ${response.status} ${await response.text()}`)
  return (await response.json()) as StudySet
}

/** Adds the cards one after the other, so their positions follow the order given. */
export async function addCards(server: E2EServer, owner: Owner, setId: string, cards: Array<[term: string, definition: string]>): Promise<Flashcard[]> {
  const added: Flashcard[] = []
  for (const [term, definition] of cards) {
    const response = await apiCall(server, 'POST', `/sets/${setId}/cards`, { term, definition }, owner.token)
    if (response.status !== 201) throw new Error(`add card failed: ${response.status} ${await response.text()}`)
    added.push((await response.json()) as Flashcard)
  }
  return added
}

/** Signs `owner` in (`signIn`: no login page) and opens the set's page. */
export async function openSetAsOwner(page: Page, owner: Owner, set: StudySet): Promise<void> {
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: set.title, exact: true })).toBeVisible()
}

/** A separate browser with nobody signed in (own storage); close it at the end of the test. */
export async function visitorContext(browser: Browser, server: E2EServer): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url })
  return { context, page: await context.newPage() }
}

/** 'Terms in this set (n)'. */
export function termsHeading(page: Page, count: number): Locator {
  return page.getByRole('heading', { name: `Terms in this set (${count})`, exact: true })
}

/** The owner's rows of the Terms list (each has its edit and delete buttons), in order. */
export function ownerTermRows(page: Page): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Delete flashcard / }) })
}

/** The set cards of a My Sets or Public Sets grid. */
export function setCards(page: Page): Locator {
  return page.getByRole('main').getByRole('article')
}

/** The grid's card for the set titled `title`. */
export function setCard(page: Page, title: string): Locator {
  return setCards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

/**
 * The titles in the grid, in any order (sets made in the same millisecond have no fixed order),
 * once the list has settled on them.
 */
export async function expectTitles(page: Page, titles: string[]): Promise<void> {
  await expect.poll(async () => (await setCards(page).getByRole('heading').allTextContents()).map((text) => text.trim()).sort()).toEqual([...titles].sort())
  const count = titles.length
  await expect(page.getByRole('status').filter({ hasText: /^Showing / })).toHaveText(`Showing ${count} of ${count} ${count === 1 ? 'set' : 'sets'}`)
}

/** Types into the list's search box; the list follows after the debounce (and the address gets ?q=). */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search study sets' }).fill(text)
  await expect.poll(() => new URL(page.url()).searchParams.get('q') ?? '').toBe(text.trim())
}

/** A tag's toggle button in the 'Filter by tag' group. */
export function tagToggle(page: Page, tag: string): Locator {
  return page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: tag, exact: true })
}

/**
 * Accepts the next browser dialog (an alert, such as Copy Link's) and resolves with its message.
 * Start it before the click that opens the dialog.
 */
export function acceptNextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      const message = dialog.message()
      void dialog.accept().then(() => resolve(message))
    })
  })
}

/** The app's confirmation dialog (components/ConfirmDialog: an alert dialog, never the browser's confirm). */
export function confirmDialog(page: Page): Locator {
  return page.getByRole('alertdialog')
}

/**
 * Goes ahead in the next confirmation dialog (its action button, not Cancel or Close) and resolves
 * with its message. Start it before the click that opens the dialog.
 */
export async function acceptNextDialog(page: Page): Promise<string> {
  const dialog = confirmDialog(page)
  await expect(dialog).toBeVisible()
  const message = ((await dialog.locator('p').first().textContent()) ?? '').trim()
  await dialog
    .getByRole('button')
    .filter({ hasNotText: /^(Cancel|×)$/ })
    .click()
  await expect(dialog).toBeHidden()
  return message
}

/** Cancels the confirmation dialog on show. */
export async function cancelDialog(page: Page): Promise<void> {
  await confirmDialog(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(confirmDialog(page)).toBeHidden()
}
