import type { Page } from '@playwright/test'
import { apiCall, type E2EServer, expect, signIn, test } from './fixtures'
import { newOwner, type Owner } from './set-helpers'
import { createStudySet } from './study-helpers'

/** The Terms list with the student's mastery: statuses, sorting and filtering (docs/study-rules.md, 'Modes'). */

async function answer(server: E2EServer, owner: Owner, setId: string, cardId: string, rights: number, wrongs: number): Promise<void> {
  const answers = [...Array<boolean>(rights).fill(true), ...Array<boolean>(wrongs).fill(false)]
  for (const correct of answers) {
    const response = await apiCall(server, 'POST', `/sets/${setId}/answers`, { cardId, correct, mode: 'learn' }, owner.token)
    expect(response.status).toBe(201)
  }
}

/** The terms of the list's rows, top to bottom. */
async function listedTerms(page: Page): Promise<string[]> {
  // Each card's first column: its term (its picture, when it has one, is not a paragraph).
  const terms = page.getByRole('listitem').locator(':scope > div:first-child > p:first-of-type')
  return (await terms.allTextContents()).map((text) => text.trim())
}

test('the Terms list shows each card’s status and sorts and filters by it', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, {
    cards: [
      ['Delta', 'fourth'],
      ['alpha', 'first'],
      ['Charlie', 'third'],
      ['bravo', 'second'],
    ],
  })
  const [delta, alpha, charlie] = cards
  await answer(server, owner, set.id, delta!.id, 4, 1) // 80%: mastered
  await answer(server, owner, set.id, alpha!.id, 1, 1) // 50%: learning
  await answer(server, owner, set.id, charlie!.id, 1, 2) // 33%: needs review

  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  const row = (term: string) => page.getByRole('listitem').filter({ hasText: term })
  await expect(row('Delta')).toContainText('Mastered 80% · 5 attempts')
  await expect(row('alpha')).toContainText('Learning 50% · 2 attempts')
  await expect(row('Charlie')).toContainText('Needs review 33% · 3 attempts')
  // A card never answered is 'Not studied', not a red 'Needs review' (issue 32).
  await expect(row('bravo')).toContainText('Not studied')
  await expect(row('bravo')).not.toContainText('Needs review')
  expect(await listedTerms(page)).toEqual(['Delta', 'alpha', 'Charlie', 'bravo'])

  const sortBy = page.getByLabel('Sort by')
  await sortBy.selectOption({ label: 'Mastery (lowest first)' })
  expect(await listedTerms(page)).toEqual(['bravo', 'Charlie', 'alpha', 'Delta'])
  await sortBy.selectOption({ label: 'Attempts (most first)' })
  expect(await listedTerms(page)).toEqual(['Delta', 'Charlie', 'alpha', 'bravo'])
  await sortBy.selectOption({ label: 'Alphabetical (A–Z)' })
  expect(await listedTerms(page)).toEqual(['alpha', 'bravo', 'Charlie', 'Delta'])

  const show = page.getByLabel('Show')
  await show.selectOption({ label: 'Mastered' })
  expect(await listedTerms(page)).toEqual(['Delta'])
  await show.selectOption({ label: 'Learning' })
  expect(await listedTerms(page)).toEqual(['alpha'])
  await show.selectOption({ label: 'Needs review' })
  expect(await listedTerms(page)).toEqual(['bravo', 'Charlie'])
  await show.selectOption({ label: 'All' })
  await sortBy.selectOption({ label: 'Set order' })
  expect(await listedTerms(page)).toEqual(['Delta', 'alpha', 'Charlie', 'bravo'])
})

test('sorting a set of more than one page sorts all of its cards', async ({ page, server }) => {
  const owner = await newOwner(server)
  const many: Array<[string, string]> = Array.from({ length: 60 }, (_, i) => [`Term ${String(i + 1).padStart(2, '0')}`, `Definition ${i + 1}`])
  const { set, cards } = await createStudySet(server, owner, { cards: many })
  await answer(server, owner, set.id, cards[59]!.id, 1, 2)

  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('button', { name: 'Load More Cards' })).toBeVisible()
  await page.getByLabel('Sort by').selectOption({ label: 'Attempts (most first)' })
  await expect(page.getByRole('listitem').first()).toContainText('Term 60')
  await expect(page.getByRole('listitem').filter({ hasText: /^Term \d\d/ })).toHaveCount(60)
  await expect(page.getByRole('button', { name: 'Load More Cards' })).toHaveCount(0)
})

test('a visitor sees the terms without any mastery figures', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true, cards: [['alpha', 'first']] })
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('listitem').filter({ hasText: 'alpha' })).toBeVisible()
  await expect(page.getByText(/attempts?$/)).toHaveCount(0)
  await context.close()
})
