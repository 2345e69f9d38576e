import type { Page } from '@playwright/test'
import { axeViolations } from './axe'
import { apiCall, expect, signIn, test } from './fixtures'
import { addCards, createSet, newOwner, visitorContext } from './set-helpers'

/*
 * Issue 31: study options kept per set per student. "Answer with", Shuffle and "Starred only",
 * chosen in one mode, are there after a reload and in every other mode of the set; a visitor keeps
 * the defaults and nothing is sent.
 */

const CARDS: Array<[string, string]> = [
  ['hund', 'dog'],
  ['katze', 'cat'],
  ['maus', 'mouse'],
]

async function reverseSet(server: Parameters<typeof apiCall>[0], isPublic = false) {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'German animals', isPublic })
  const cards = await addCards(server, owner, set.id, CARDS)
  for (const card of cards) expect((await apiCall(server, 'PATCH', `/sets/${set.id}/cards/${card.id}`, { reverse: true }, owner.token)).status).toBe(200)
  return { owner, set, cards }
}

const flashcardsButton = (page: Page) => page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' })

test('Answer with, Shuffle and Starred only chosen once are kept for the set: after a reload and in every mode', async ({ page, server }) => {
  const { owner, set, cards } = await reverseSet(server)
  expect((await apiCall(server, 'PUT', `/sets/${set.id}/stars/${cards[0]?.id}`, undefined, owner.token)).status).toBe(204)
  expect((await apiCall(server, 'PUT', `/sets/${set.id}/stars/${cards[1]?.id}`, undefined, owner.token)).status).toBe(204)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await flashcardsButton(page).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await expect(page.getByRole('radio', { name: 'Both' })).toBeChecked()
  await expect(flashcards.getByText('1 / 6')).toBeVisible()

  // Chosen here: Term, Shuffle, Starred only.
  await page.getByRole('radio', { name: 'Term' }).check()
  await expect(flashcards.getByText('1 / 3')).toBeVisible()
  await flashcards.getByRole('button', { name: 'Shuffle' }).click()
  await expect(flashcards.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: /^Starred only/ }).click()
  await expect(page.getByRole('button', { name: /^Starred only/ })).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(async () => (await (await apiCall(server, 'GET', `/sets/${set.id}/study-options`, undefined, owner.token)).json()) as Record<string, unknown>)
    .toMatchObject({ answerWith: 'term', shuffle: true, starredOnly: true })

  // A reload without ?starred=1 in the address: everything as it was left, and applied.
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('button', { name: /^Starred only/ })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Studying 2 starred cards')).toBeVisible()
  await flashcardsButton(page).click()
  await expect(page.getByRole('radio', { name: 'Term' })).toBeChecked()
  await expect(flashcards.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true')
  await expect(flashcards.getByText('1 / 2')).toBeVisible()
  await expect(flashcards.getByText(/^(dog|cat)$/).first()).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // Every mode starts from the kept "Term": Learn asks the definitions; a change there is kept for Write, Match and Test.
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('radio', { name: 'Term' })).toBeChecked()
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(/^(dog|cat|mouse)$/)
  await page.getByRole('radio', { name: 'Definition' }).check()
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(/^(hund|katze|maus)$/)
  for (const mode of ['write', 'match', 'test']) {
    await page.goto(`/study-sets/${set.id}/${mode}`)
    await expect(page.getByRole('radio', { name: 'Definition' }), mode).toBeChecked()
  }
})

test("a visitor's choices are not kept and nothing is sent", async ({ browser, server }) => {
  const { set } = await reverseSet(server, true)
  const { page } = await visitorContext(browser, server)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/study-options')) sent.push(request.url())
  })
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('radio', { name: 'Both' })).toBeChecked()
  await page.getByRole('radio', { name: 'Term' }).check()
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('radio', { name: 'Both' })).toBeChecked()
  expect(sent).toEqual([])
})
