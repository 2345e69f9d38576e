import { axeViolationsInBothThemes } from './axe'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet, progressOf } from './study-helpers'

const CARDS: Array<[string, string]> = [
  ['Mitochondria', 'Powerhouse of the cell'],
  ['Ribosome', 'Builds proteins'],
  ['Nucleus', 'Holds the genetic material'],
]

const answerBox = (page: Page) => page.getByPlaceholder('Type your answer here...')
const feedback = (page: Page) => page.getByRole('status')

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolationsInBothThemes(page, { include: 'main', everything: true })).toEqual([])
}

test('Write: a near miss is "Almost" with the difference, a wrong verdict may be overruled once (375px, axe clean in both themes)', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 375, height: 667 })
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { cards: CARDS })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/write`)

  // One letter missing: almost, counted right, the missing letter highlighted.
  await answerBox(page).fill('Powerhouse of the cel')
  await answerBox(page).press('Enter')
  await expect(feedback(page).getByText('Almost!', { exact: true })).toBeVisible()
  await expect(feedback(page).getByText('Correct answer: Powerhouse of the cell', { exact: true })).toBeVisible()
  await expect(feedback(page).locator('ins')).toHaveText('l')
  await expect(feedback(page).getByRole('button', { name: 'I was right' })).toHaveCount(0)
  await expect(page.getByText(/Total Progress: 1\/3$/)).toBeVisible()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Enter')

  // A wrong answer: "I was right" counts it right, once.
  await answerBox(page).fill('Makes fats')
  await answerBox(page).press('Enter')
  await expect(feedback(page).getByText('Incorrect.', { exact: true })).toBeVisible()
  await expect(page.getByText(/Total Progress: 1\/3$/)).toBeVisible()
  await expectNoAxeViolations(page)
  await feedback(page).getByRole('button', { name: 'I was right' }).click()
  await expect(feedback(page).getByText('Counted as correct.', { exact: true })).toBeVisible()
  await expect(feedback(page).getByRole('button', { name: 'I was right' })).toHaveCount(0)
  await expect(page.getByText(/Total Progress: 2\/3$/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next Card' })).toBeFocused()
  await page.keyboard.press('Enter')

  // A wrong answer left as it is.
  await answerBox(page).fill('Something else')
  await answerBox(page).press('Enter')
  await expect(feedback(page).getByText('Incorrect.', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  const summary = page.getByRole('region', { name: 'Batch summary' })
  await expect(summary.getByRole('definition')).toHaveText(['2', '1', '1', '0', '3/3'])

  // Each card was saved once: the near miss and the overruled answer as right, the last as wrong.
  const idOf = (term: string) => cards.find((card) => card.term === term)?.id
  await expect.poll(async () => (await progressOf(server, owner.token, set.id)).items.length).toBe(3)
  const { items } = await progressOf(server, owner.token, set.id)
  const byCard = (term: string) => items.find((item) => item.cardId === idOf(term))
  expect(byCard('Mitochondria')).toMatchObject({ correct: 1, incorrect: 0 })
  expect(byCard('Ribosome')).toMatchObject({ correct: 1, incorrect: 0 })
  expect(byCard('Nucleus')).toMatchObject({ correct: 0, incorrect: 1 })
})
