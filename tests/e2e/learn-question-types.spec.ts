import type { Page } from '@playwright/test'
import { axeViolations, fitsWidth, useLightTheme } from './axe'
import { apiCall, expect, signIn, test } from './fixtures'
import { newOwner, visitorContext } from './set-helpers'
import { COLUMN, createStudySet, reviewLog } from './study-helpers'

/*
 * Issue 31: Learn's question types, kept per set per student. The set-up (closed to one line naming
 * the types) offers Multiple choice, True/False and Written; Apply needs one at least, and the choice
 * is saved for the set: after a reload Learn asks in it. Written answers are checked as Write checks
 * them ('Almost!' for a near miss) and go to the review log as written.
 */

const CARDS: Array<[string, string]> = [
  ['to receive', 'recevoir'],
  ['coffee', 'café'],
]

const termHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 })

/** Opens the set-up and leaves exactly `types` ticked, checking that none at all cannot be applied. */
async function chooseTypes(page: Page, types: string[]) {
  await page.getByText(/^Question types: /).click()
  const setup = page.getByRole('group', { name: 'Question types' })
  for (const name of ['Multiple choice', 'True/False', 'Written']) await setup.getByRole('checkbox', { name }).uncheck()
  await expect(page.getByRole('alert')).toHaveText('Choose at least one question type.')
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription('Choose at least one question type.')
  for (const name of types) await setup.getByRole('checkbox', { name }).check()
  await expect(page.getByRole('alert')).toHaveCount(0)
}

test('a student picks Written only: answers are typed (one right, one "Almost"), logged as written, and the choice is kept after a reload', async ({
  page,
  server,
}) => {
  await useLightTheme(page)
  await page.setViewportSize({ width: 360, height: 720 })
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { cards: CARDS })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  // Learn asks multiple choice until the student chooses otherwise.
  await expect(page.getByText('Question types: Multiple choice', { exact: true })).toBeVisible()
  await expect(page.getByRole('group', { name: 'to receive', exact: true }).getByRole('button')).toHaveCount(2)

  await chooseTypes(page, ['Written'])
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Question types: Written', { exact: true })).toBeVisible()
  await expect
    .poll(
      async () =>
        ((await (await apiCall(server, 'GET', `/sets/${set.id}/study-options`, undefined, owner.token)).json()) as Record<string, unknown>).learnQuestionTypes,
    )
    .toEqual(['written'])

  // The first card, typed right (any case, spaces around).
  await expect(termHeading(page)).toHaveText('to receive')
  const answer = page.getByRole('textbox', { name: 'Your answer' })
  await expect(page.getByRole('button', { name: 'Check Answer' })).toBeDisabled()
  await answer.fill(' Recevoir ')
  await answer.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
  await expect(answer).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Next Card' })).toBeFocused()
  await page.keyboard.press('Enter')

  // The second, a near miss: "Almost!", counted right, with the difference and the right answer.
  await expect(termHeading(page)).toHaveText('coffee')
  await expect(answer).toBeFocused()
  await page.keyboard.type('cafe')
  await page.getByRole('button', { name: 'Check Answer' }).click()
  const feedback = page.getByRole('status').filter({ hasText: 'Almost!' })
  await expect(feedback).toBeVisible()
  await expect(feedback.getByText('Correct answer: café')).toBeVisible()
  await expect(feedback.getByLabel('Your answer compared with the correct one')).toBeVisible()
  await expect(page.getByText('Batch 1 • Card 2 of 2 • Learned 2/2')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  await expect(page.getByRole('heading', { name: 'Congratulations! 🎉' })).toBeVisible()

  // Both answers are in the review log as Learn's written questions.
  await expect
    .poll(async () => (await reviewLog(server, owner)).map((row) => [row[COLUMN.mode], row[COLUMN.question], row[COLUMN.outcome]]))
    .toEqual([
      ['learn', 'written', 'right'],
      ['learn', 'written', 'almost'],
    ])

  // A reload (a new play-through): the kept choice, asked as written.
  await page.reload()
  await expect(page.getByText('Question types: Written', { exact: true })).toBeVisible()
  await expect(termHeading(page)).toHaveText('to receive')
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'to receive', exact: true })).toHaveCount(0)
})

test('a visitor picks True/False: the term is shown with an answer to judge, and nothing is kept or sent', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true, cards: CARDS })
  const { page } = await visitorContext(browser, server)
  await page.setViewportSize({ width: 360, height: 720 })
  const sent: string[] = []
  page.on('request', (request) => {
    if (/\/(study-options|answers)(\/|$)/.test(new URL(request.url()).pathname)) sent.push(request.url())
  })
  await page.goto(`/study-sets/${set.id}/learn`)
  await chooseTypes(page, ['True/False'])
  await page.getByRole('button', { name: 'Apply' }).click()

  await expect(termHeading(page)).toHaveText('to receive')
  const proposal = page.getByText(/^means “(recevoir|café)”$/)
  await expect(proposal).toBeVisible()
  const isTrue = ((await proposal.textContent()) ?? '').includes('recevoir')
  const options = page.getByRole('group', { name: 'to receive', exact: true }).getByRole('button')
  await expect(options).toHaveText(['1True', '2False'])
  expect(await axeViolations(page)).toEqual([])
  // Key 1 says True.
  await page.keyboard.press('1')
  await expect(page.getByRole('status').filter({ hasText: isTrue ? 'Correct!' : 'Incorrect. Correct answer: False: recevoir' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)

  await page.reload()
  await expect(page.getByText('Question types: Multiple choice', { exact: true })).toBeVisible()
  expect(sent).toEqual([])
})
