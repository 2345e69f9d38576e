import { axeBuilder, fitsWidth, shownTheme } from './axe'
import type { Locator, Page } from '@playwright/test'
import type { StarsResponse } from '#shared/api/stars'
import { apiCall, type E2EServer, expect, logIn, signIn, test } from './fixtures'
import { newOwner, type Owner, termsHeading, visitorContext } from './set-helpers'
import { createStudySet, TWELVE_CARDS } from './study-helpers'

/*
 * Issue 19, starred cards: a student stars cards on the set page (Terms list and Flashcards), the
 * stars are theirs and kept on the server, and "Starred only" makes every mode study just those.
 */

const STARRED = ['Mitochondria', 'Nucleus', 'Vacuole']
const definitionsOf = (terms: string[]) => terms.map((term) => TWELVE_CARDS.find(([t]) => t === term)?.[1] ?? '')

async function axeClean(page: Page): Promise<void> {
  expect((await axeBuilder(page).analyze()).violations).toEqual([])
}

/** The card ids the student starred on a set, read through the API. */
async function starsOf(server: E2EServer, student: Owner, setId: string): Promise<string[]> {
  const response = await apiCall(server, 'GET', `/sets/${setId}/stars`, undefined, student.token)
  expect(response.status).toBe(200)
  return ((await response.json()) as StarsResponse).cardIds
}

const termRows = (page: Page) => page.getByRole('main').getByRole('listitem')
const termRow = (page: Page, term: string) => termRows(page).filter({ has: page.getByText(term, { exact: true }) })
const starButton = (scope: Locator | Page, term?: string) => scope.getByRole('button', { name: term ? `Star card: ${term}` : 'Star card', exact: true })
const unstarButton = (scope: Locator | Page, term?: string) => scope.getByRole('button', { name: term ? `Unstar card: ${term}` : 'Unstar card', exact: true })
const starredOnly = (page: Page) => page.getByRole('button', { name: /^Starred only \(\d+\)$/ })
const modeBar = (page: Page) => page.getByRole('navigation', { name: 'Study modes' })
const flashcards = (page: Page) => page.getByRole('region', { name: 'Flashcards' })
const flashcard = (view: Locator) => view.getByRole('button', { name: /^(Term|Definition)/ })
const studyingNote = (page: Page, count: number) => page.getByRole('status').filter({ hasText: `Studying ${count} starred cards` })

/** The terms the Flashcards view shows, walking its deck from the first card to the last. */
async function flashcardTerms(view: Locator, count: number): Promise<string[]> {
  const terms: string[] = []
  for (let i = 0; i < count; i++) {
    await expect(view.getByText(`${i + 1} / ${count}`, { exact: true })).toBeVisible()
    // The face turned up (aria-hidden="false"): its label 'Term', then the term.
    terms.push(((await flashcard(view).locator('span[aria-hidden="false"] > span').last().textContent()) ?? '').trim())
    if (i + 1 < count) await view.getByRole('button', { name: 'Next card' }).click()
  }
  return terms
}

test('a student stars cards, studies only those in every mode, unstars one; another student sees none of them', async ({ browser, page, server }) => {
  test.slow()
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { isPublic: true })
  const idOf = (term: string) => cards.find((card) => card.term === term)?.id
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(termsHeading(page, 12)).toBeVisible()

  // Nothing starred yet: the choice cannot be pressed, and a hint says how to star.
  await expect(starredOnly(page)).toHaveText('Starred only (0)')
  await expect(starredOnly(page)).toBeDisabled()
  await expect(page.getByText('Star cards with ☆ to study only those.')).toBeVisible()
  await expect(starButton(page.getByRole('main'))).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Star card: / })).toHaveCount(12)

  // Two stars on the Terms list.
  for (const term of STARRED.slice(0, 2)) {
    await starButton(termRow(page, term), term).click()
    await expect(unstarButton(termRow(page, term), term)).toHaveAttribute('aria-pressed', 'true')
  }
  await expect(starredOnly(page)).toHaveText('Starred only (2)')

  // The third on the Flashcards card: starring it does not turn the card over.
  await modeBar(page).getByRole('button', { name: 'Flashcards' }).click()
  const view = flashcards(page)
  for (let i = 1; i < 7; i++) await view.getByRole('button', { name: 'Next card' }).click()
  await expect(view.getByText('7 / 12', { exact: true })).toBeVisible()
  await expect(flashcard(view)).toContainText('Vacuole')
  await expect(starButton(view)).toHaveAttribute('aria-pressed', 'false')
  await starButton(view).click()
  await expect(unstarButton(view)).toHaveAttribute('aria-pressed', 'true')
  await expect(flashcard(view)).toHaveAttribute('aria-pressed', 'false')
  await expect(starredOnly(page)).toHaveText('Starred only (3)')
  await axeClean(page)
  await expect.poll(async () => (await starsOf(server, owner, set.id)).sort()).toEqual(STARRED.map(idOf).sort())

  // A reload reads the stars from the server.
  await page.reload()
  await expect(termsHeading(page, 12)).toBeVisible()
  await expect(page.getByRole('button', { name: /^Unstar card: / })).toHaveCount(3)
  for (const term of STARRED) await expect(unstarButton(termRow(page, term), term)).toHaveAttribute('aria-pressed', 'true')
  await expect(starredOnly(page)).toBeEnabled()
  await expect(starredOnly(page)).toHaveText('Starred only (3)')

  // Starred only: the Terms list, then Flashcards, show just the three.
  await starredOnly(page).click()
  await expect(starredOnly(page)).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/\?starred=1$/)
  await expect(studyingNote(page, 3)).toBeVisible()
  await expect(termsHeading(page, 3)).toBeVisible()
  await expect(termRows(page)).toHaveCount(3)
  for (const term of STARRED) await expect(termRow(page, term)).toHaveCount(1)
  await axeClean(page)
  await modeBar(page).getByRole('button', { name: 'Flashcards' }).click()
  await expect(view.getByText('Showing 3 of 3 cards')).toBeVisible()
  expect(await flashcardTerms(view, 3)).toEqual(STARRED)

  // Learn: every question is one of the three, with their definitions only.
  await modeBar(page).getByRole('link', { name: 'Learn' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}/learn\\?starred=1$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Learn Mode' })).toBeVisible()
  await expect(studyingNote(page, 3)).toBeVisible()
  await expect(page.getByText(/Card 1 of 3 • Learned 0\/3$/)).toBeVisible()
  const question = page.getByRole('main').getByRole('heading', { level: 2 })
  expect(STARRED).toContain(((await question.textContent()) ?? '').trim())
  const options = page.getByRole('main').getByRole('group').getByRole('button')
  await expect(options).toHaveCount(3)
  expect((await options.allTextContents()).map((text) => text.replace(/^\d\s*/, '').trim()).sort()).toEqual(definitionsOf(STARRED).sort())
  await axeClean(page)

  // The way back keeps the choice; Write asks the three.
  await page.getByRole('link', { name: 'Back to Study Set' }).first().click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}\\?starred=1$`))
  await expect(starredOnly(page)).toHaveAttribute('aria-pressed', 'true')
  await modeBar(page).getByRole('link', { name: 'Write' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Write Mode' })).toBeVisible()
  await expect(studyingNote(page, 3)).toBeVisible()
  await expect(page.getByText(/Total Progress: 0\/3$/)).toBeVisible()
  const writeTerm = ((await page.getByRole('region', { name: 'Term' }).textContent()) ?? '').trim()
  expect(STARRED.some((term) => writeTerm.includes(term))).toBe(true)

  // Match plays the three.
  await page.goto(`/study-sets/${set.id}/match?starred=1`)
  await expect(studyingNote(page, 3)).toBeVisible()
  await page.getByRole('button', { name: 'Start Game' }).click()
  await expect(page.getByRole('list', { name: 'Terms' }).getByRole('button')).toHaveCount(3)
  expect((await page.getByRole('list', { name: 'Terms' }).getByRole('button').allTextContents()).map((text) => text.trim()).sort()).toEqual([...STARRED].sort())

  // Test asks about the three only.
  await page.goto(`/study-sets/${set.id}/test?starred=1`)
  await expect(studyingNote(page, 3)).toBeVisible()
  await expect(page.getByRole('spinbutton', { name: 'Questions (1 to 3)' })).toHaveValue('3')
  await page.getByRole('checkbox', { name: 'True/False' }).uncheck()
  await page.getByRole('checkbox', { name: 'Matching' }).uncheck()
  await page.getByRole('checkbox', { name: 'Written' }).uncheck()
  await page.getByRole('button', { name: 'Start Test' }).click()
  const questions = page.getByRole('form', { name: 'Test' }).getByRole('listitem')
  await expect(questions).toHaveCount(3)
  const asked = (await questions.allTextContents()).join(' ')
  for (const term of STARRED) expect(asked).toContain(term)
  for (const [term] of TWELVE_CARDS.filter(([t]) => !STARRED.includes(t))) expect(asked).not.toContain(term)
  await axeClean(page)

  // Unstarring one on the set page takes it out of the starred cards.
  await page.goto(`/study-sets/${set.id}?starred=1`)
  await expect(termRows(page)).toHaveCount(3)
  await unstarButton(termRow(page, 'Nucleus'), 'Nucleus').click()
  await expect(termRows(page)).toHaveCount(2)
  await expect(starredOnly(page)).toHaveText('Starred only (2)')
  await expect(studyingNote(page, 2)).toBeVisible()
  await expect.poll(async () => (await starsOf(server, owner, set.id)).sort()).toEqual(['Mitochondria', 'Vacuole'].map(idOf).sort())

  // Without the choice, every card is studied again.
  await starredOnly(page).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
  await expect(termRows(page)).toHaveCount(12)
  await modeBar(page).getByRole('link', { name: 'Learn' }).click()
  await expect(page.getByText(/Learned 0\/12$/)).toBeVisible()
  await expect(page.getByText(/Studying \d+ starred/)).toHaveCount(0)

  // Another student sees none of these stars, and has none to study.
  const other = await newOwner(server)
  expect(await starsOf(server, other, set.id)).toEqual([])
  const second = await browser.newContext({ baseURL: server.url })
  const otherPage = await second.newPage()
  await signIn(otherPage, other.account)
  await otherPage.goto(`/study-sets/${set.id}`)
  await expect(termsHeading(otherPage, 12)).toBeVisible()
  await expect(otherPage.getByRole('button', { name: /^Star card: / })).toHaveCount(12)
  await expect(otherPage.getByRole('button', { name: /^Unstar card: / })).toHaveCount(0)
  await expect(starredOnly(otherPage)).toHaveText('Starred only (0)')
  await expect(starredOnly(otherPage)).toBeDisabled()
  await otherPage.goto(`/study-sets/${set.id}/learn?starred=1`)
  await expect(otherPage.getByRole('heading', { name: 'No Starred Cards' })).toBeVisible()
  await otherPage.getByRole('link', { name: 'Study all cards' }).click()
  await expect(otherPage.getByText(/Learned 0\/12$/)).toBeVisible()
  await second.close()

  // A visitor sees no stars at all.
  const visitor = await visitorContext(browser, server)
  await visitor.page.goto(`/study-sets/${set.id}?starred=1`)
  await expect(termsHeading(visitor.page, 12)).toBeVisible()
  await expect(visitor.page.getByRole('button', { name: /star card/i })).toHaveCount(0)
  await expect(starredOnly(visitor.page)).toHaveCount(0)
  await visitor.page.goto(`/study-sets/${set.id}/learn?starred=1`)
  await expect(visitor.page.getByText(/Learned 0\/12$/)).toBeVisible()
  await visitor.context.close()
})

test('stars pass axe in the light theme on a phone, and fit its width', async ({ page, server }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'))
  await page.setViewportSize({ width: 360, height: 740 })
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await expect.poll(() => shownTheme(page)).toBe('light')

  // A mode asked for the starred cards when none is starred says so, with a way to the whole set.
  await page.goto(`/study-sets/${set.id}/write?starred=1`)
  await expect(page.getByRole('heading', { name: 'No Starred Cards' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Study all cards' })).toHaveAttribute('href', `/study-sets/${set.id}/write`)
  await axeClean(page)
  expect(await fitsWidth(page)).toBe(true)

  await page.goto(`/study-sets/${set.id}`)
  await expect(termsHeading(page, 12)).toBeVisible()
  await starButton(termRow(page, 'Ribosome'), 'Ribosome').click()
  await expect(unstarButton(termRow(page, 'Ribosome'), 'Ribosome')).toHaveAttribute('aria-pressed', 'true')
  await axeClean(page)
  expect(await fitsWidth(page)).toBe(true)

  await starredOnly(page).click()
  await expect(termRows(page)).toHaveCount(1)
  await modeBar(page).getByRole('button', { name: 'Flashcards' }).click()
  await expect(unstarButton(flashcards(page))).toBeVisible()
  await axeClean(page)
  expect(await fitsWidth(page)).toBe(true)

  await page.goto(`/study-sets/${set.id}/match?starred=1`)
  await expect(page.getByRole('status').filter({ hasText: 'Studying 1 starred card' })).toBeVisible()
  await axeClean(page)
  expect(await fitsWidth(page)).toBe(true)
})
