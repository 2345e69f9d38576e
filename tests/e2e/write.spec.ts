import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { createSet, newOwner, visitorContext } from './set-helpers'
import { createStudySet, progressOf, TWELVE_CARDS } from './study-helpers'

const DEFINITIONS = new Map(TWELVE_CARDS)

const answerBox = (page: Page) => page.getByPlaceholder('Type your answer here...')
const progressLine = (page: Page) => page.getByText(/^Batch \d+ of \d+ • Card \d+\/\d+ • Total Progress: \d+\/\d+$/)
const batchSummary = (page: Page) => page.getByRole('region', { name: 'Batch summary' })

/** The card on show is `term` and the progress line reads `progress`; the answer box is empty and focused. */
async function expectCard(page: Page, term: string, progress: string) {
  await expect(page.getByRole('region', { name: 'Term' }).getByText(term, { exact: true })).toBeVisible()
  await expect(progressLine(page)).toHaveText(progress)
  await expect(answerBox(page)).toHaveValue('')
  await expect(answerBox(page)).toBeEnabled()
  await expect(answerBox(page)).toBeFocused()
}

/** Types `answer` and checks it with Enter; the feedback follows and the box is locked. */
async function checkWithEnter(page: Page, answer: string, definition: string, right: boolean) {
  await answerBox(page).fill(answer)
  await answerBox(page).press('Enter')
  await expect(page.getByText(right ? 'Correct!' : 'Incorrect.', { exact: true })).toBeVisible()
  await expect(page.getByText(`Correct answer: ${definition}`, { exact: true })).toBeVisible()
  await expect(answerBox(page)).toBeDisabled()
}

/** Answers the card `term` (right unless told) and moves on with Enter. */
async function answerCard(page: Page, term: string, right = true) {
  const definition = DEFINITIONS.get(term)
  if (!definition) throw new Error(`no card with term ${term}`)
  await expect(page.getByRole('region', { name: 'Term' }).getByText(term, { exact: true })).toBeVisible()
  await checkWithEnter(page, right ? definition : 'Something else', definition, right)
  await page.keyboard.press('Enter')
}

/** The rows of the batch summary's counts, as 'label value'. */
async function expectSummary(page: Page, heading: string, counts: Record<string, string>) {
  const summary = batchSummary(page)
  await expect(summary.getByRole('heading', { name: heading, exact: true })).toBeVisible()
  await expect(summary.getByRole('term')).toHaveText(Object.keys(counts))
  await expect(summary.getByRole('definition')).toHaveText(Object.values(counts))
  await expect(summary.getByRole('button', { name: 'Continue' })).toBeFocused()
}

test('a student writes a 12-card set to the end: two batches, a review of the missed cards, saved progress and a restart', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/write`)

  await expect(page.getByRole('heading', { level: 1, name: 'Write Mode', exact: true })).toBeVisible()
  await expectCard(page, 'Mitochondria', 'Batch 1 of 2 • Card 1/10 • Total Progress: 0/12')

  // A blank answer cannot be checked: the button is disabled and Enter does nothing.
  const check = page.getByRole('button', { name: 'Check Answer' })
  await expect(check).toBeDisabled()
  await answerBox(page).fill('   ')
  await expect(check).toBeDisabled()
  await answerBox(page).press('Enter')
  await expect(page.getByText('Correct!', { exact: true })).toBeHidden()
  await expect(page.getByText('Incorrect.', { exact: true })).toBeHidden()
  await expect(answerBox(page)).toBeEnabled()

  // Other case and spaces around the answer still count as right; Enter checks, then Enter moves on.
  await checkWithEnter(page, '   powerHOUSE OF THE cell  ', 'Powerhouse of the cell', true)
  await expect(progressLine(page)).toHaveText('Batch 1 of 2 • Card 1/10 • Total Progress: 1/12')
  const next = page.getByRole('button', { name: 'Next Card' })
  await expect(next).toBeFocused()
  // The locked box keeps what was typed.
  await expect(answerBox(page)).toHaveValue('   powerHOUSE OF THE cell  ')
  await page.keyboard.press('Enter')
  await expectCard(page, 'Ribosome', 'Batch 1 of 2 • Card 2/10 • Total Progress: 1/12')

  // A wrong answer, checked and passed with the buttons this time.
  await answerBox(page).fill('Makes fats')
  await check.click()
  await expect(page.getByText('Incorrect.', { exact: true })).toBeVisible()
  await expect(page.getByText('Correct answer: Builds proteins', { exact: true })).toBeVisible()
  await expect(answerBox(page)).toBeDisabled()
  await next.click()
  await expectCard(page, 'Nucleus', 'Batch 1 of 2 • Card 3/10 • Total Progress: 1/12')

  await answerCard(page, 'Nucleus')
  await answerCard(page, 'Chloroplast')
  await answerCard(page, 'Golgi apparatus', false)
  await answerCard(page, 'Lysosome')
  await answerCard(page, 'Vacuole')
  await answerCard(page, 'Cell membrane')
  await answerCard(page, 'Cytoplasm')
  await expectCard(page, 'Cell wall', 'Batch 1 of 2 • Card 10/10 • Total Progress: 7/12')
  await checkWithEnter(page, 'Rigid layer around plant cells', 'Rigid layer around plant cells', true)
  await expect(page.getByRole('button', { name: 'Finish Batch' })).toBeFocused()
  await page.getByRole('button', { name: 'Finish Batch' }).click()

  await expectSummary(page, 'Batch 1 Complete', { Correct: '8', Incorrect: '2', Missed: '2', Remaining: '2', Processed: '10/12' })
  await expect(batchSummary(page).getByRole('region', { name: 'Incorrect' }).getByRole('listitem')).toHaveText([
    'RibosomeBuilds proteins',
    'Golgi apparatusPackages and ships proteins',
  ])
  await batchSummary(page).getByRole('button', { name: 'Continue' }).click()

  // Batch 2 replays the two missed cards first, then the two cards not yet played.
  await expect(page.getByRole('heading', { level: 1, name: 'Review Mode', exact: true })).toBeVisible()
  await expectCard(page, 'Ribosome', 'Batch 2 of 2 • Card 1/4 • Total Progress: 8/12')
  await answerCard(page, 'Ribosome')
  await expectCard(page, 'Golgi apparatus', 'Batch 2 of 2 • Card 2/4 • Total Progress: 9/12')
  await answerCard(page, 'Golgi apparatus', false)
  await answerCard(page, 'Centriole')
  await expectCard(page, 'Endoplasmic reticulum', 'Batch 2 of 2 • Card 4/4 • Total Progress: 10/12')
  await checkWithEnter(page, 'network of membranes for transport', 'Network of membranes for transport', true)
  await expect(page.getByRole('button', { name: 'Finish Batch' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expectSummary(page, 'Batch 2 Complete', { Correct: '3', Incorrect: '1', Missed: '1', Remaining: '0', Processed: '12/12' })
  // Enter on the focused Continue button carries on.
  await page.keyboard.press('Enter')

  // Golgi apparatus was missed again, so a third batch is needed.
  await expect(page.getByRole('heading', { level: 1, name: 'Review Mode', exact: true })).toBeVisible()
  await expectCard(page, 'Golgi apparatus', 'Batch 3 of 3 • Card 1/1 • Total Progress: 11/12')
  await checkWithEnter(page, 'Packages and ships proteins', 'Packages and ships proteins', true)
  await expect(progressLine(page)).toHaveText('Batch 3 of 3 • Card 1/1 • Total Progress: 12/12')
  await page.keyboard.press('Enter')
  await expectSummary(page, 'Batch 3 Complete', { Correct: '1', Incorrect: '0', Missed: '0', Remaining: '0', Processed: '12/12' })
  await batchSummary(page).getByRole('button', { name: 'Continue' }).click()

  const done = page.getByRole('region', { name: 'Write Mode complete' })
  await expect(page.getByRole('heading', { level: 1, name: 'Write Mode', exact: true })).toBeVisible()
  await expect(done.getByRole('heading', { name: 'All Done! 🎉' })).toBeVisible()
  await expect(done).toContainText('You wrote the answers to all 12 cards correctly; 2 of them needed another try.')
  await expect(done.getByRole('link', { name: 'Back to Study Set' })).toHaveAttribute('href', `/study-sets/${set.id}`)

  // Every checked answer was saved: 15 answers over the 12 cards.
  const idOf = (term: string) => cards.find((card) => card.term === term)?.id
  await expect
    .poll(async () => {
      const { items } = await progressOf(server, owner.token, set.id)
      return items.reduce((sum, item) => sum + item.attempts, 0)
    })
    .toBe(15)
  const { items } = await progressOf(server, owner.token, set.id)
  expect(items).toHaveLength(12)
  const byCard = (term: string) => items.find((item) => item.cardId === idOf(term))
  expect(byCard('Mitochondria')).toMatchObject({ correct: 1, incorrect: 0 })
  expect(byCard('Ribosome')).toMatchObject({ correct: 1, incorrect: 1 })
  expect(byCard('Golgi apparatus')).toMatchObject({ correct: 1, incorrect: 2 })

  // Restart begins again with the whole set.
  await done.getByRole('button', { name: 'Restart Write Mode' }).click()
  await expectCard(page, 'Mitochondria', 'Batch 1 of 2 • Card 1/10 • Total Progress: 0/12')
})

test('a visitor writes a public set: nothing is saved, and Restart from a batch summary starts over', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true, cards: TWELVE_CARDS.slice(0, 3), title: 'Three Cells' })
  const { context, page } = await visitorContext(browser, server)
  const answerCalls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/answers')) answerCalls.push(request.url())
  })

  await page.goto(`/study-sets/${set.id}/write`)
  await expectCard(page, 'Mitochondria', 'Batch 1 of 1 • Card 1/3 • Total Progress: 0/3')
  await answerCard(page, 'Mitochondria')
  await answerCard(page, 'Ribosome', false)
  await expectCard(page, 'Nucleus', 'Batch 1 of 1 • Card 3/3 • Total Progress: 1/3')
  await checkWithEnter(page, 'Holds the genetic material', 'Holds the genetic material', true)
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  await expectSummary(page, 'Batch 1 Complete', { Correct: '2', Incorrect: '1', Missed: '1', Remaining: '0', Processed: '3/3' })

  await batchSummary(page).getByRole('button', { name: 'Restart Write Mode' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Write Mode', exact: true })).toBeVisible()
  await expectCard(page, 'Mitochondria', 'Batch 1 of 1 • Card 1/3 • Total Progress: 0/3')

  expect(answerCalls).toEqual([])
  expect((await progressOf(server, owner.token, set.id)).items).toEqual([])
  await context.close()
})

test('an empty set says so, and an unknown set is not found', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Nothing Yet' })
  await signIn(page, owner.account)

  await page.goto(`/study-sets/${set.id}/write`)
  await expect(page.getByRole('heading', { name: 'Empty Study Set' })).toBeVisible()
  await expect(page.getByText("This study set doesn't have any flashcards yet. Add some flashcards before using Write mode.", { exact: true })).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Back to Study Set' }).last()).toHaveAttribute('href', `/study-sets/${set.id}`)
  await expect(answerBox(page)).toHaveCount(0)

  await page.goto('/study-sets/no-such-set/write')
  await expect(page.getByRole('heading', { name: 'Study set not found' })).toBeVisible()
})
