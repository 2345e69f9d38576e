import { axeBuilder } from './axe'
import type { Locator, Page } from '@playwright/test'
import type { Flashcard } from '#shared/api/sets'
import { expect, test } from './fixtures'
import { newOwner, visitorContext } from './set-helpers'
import { createStudySet, definitionOf } from './study-helpers'

/** The question items of the test sheet. */
const questions = (page: Page) => page.getByRole('form', { name: 'Test' }).getByRole('listitem')

/** Answers one question of any kind, rightly or (with `right` false) wrongly. */
async function answer(item: Locator, cards: Flashcard[], right: boolean): Promise<void> {
  const textbox = item.getByRole('textbox')
  if ((await textbox.count()) > 0) {
    const term = ((await item.locator('label').first().textContent()) ?? '').replace(/^Written\s*/, '').trim()
    await textbox.fill(right ? definitionOf(cards, term) : 'no idea at all')
    return
  }
  const selects = item.getByRole('combobox')
  if ((await selects.count()) > 0) {
    const pairs = item.locator('label')
    const count = await pairs.count()
    const definitions = []
    for (let index = 0; index < count; index++)
      definitions.push(definitionOf(cards, ((await pairs.nth(index).locator('span').first().textContent()) ?? '').trim()))
    for (let index = 0; index < count; index++) {
      // Wrong: each term gets the next term's definition.
      await pairs
        .nth(index)
        .getByRole('combobox')
        .selectOption({ label: right ? (definitions[index] as string) : (definitions[(index + 1) % count] as string) })
    }
    return
  }
  const legend = ((await item.locator('legend').textContent()) ?? '').trim()
  if (legend.startsWith('True or false')) {
    const [, term = '', shown = ''] = /^True or false\s*(.*?)\s*means “(.*)”$/.exec(legend) ?? []
    const isTrue = definitionOf(cards, term) === shown
    await item.getByRole('radio', { name: isTrue === right ? 'True' : 'False', exact: true }).check()
    return
  }
  const term = legend.replace(/^Multiple choice\s*/, '')
  const definition = definitionOf(cards, term)
  if (right) {
    await item.getByRole('radio', { name: definition, exact: true }).check()
    return
  }
  const labels = await item.locator('label').all()
  for (const label of labels) {
    if (((await label.textContent()) ?? '').trim() !== definition) {
      await label.getByRole('radio').check()
      return
    }
  }
}

test('a visitor takes a test of every kind on a public set, scores 100%, then misses some and retakes them', async ({ server, browser }) => {
  test.slow()
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('link', { name: 'Test' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}/test$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Test Mode' })).toBeVisible()

  await expect(page.getByRole('spinbutton', { name: 'Questions (1 to 12)' })).toHaveValue('12')
  await page.getByRole('spinbutton', { name: 'Questions (1 to 12)' }).fill('10')
  for (const kind of ['Multiple choice', 'True/False', 'Written', 'Matching']) await expect(page.getByRole('checkbox', { name: kind })).toBeChecked()
  expect((await axeBuilder(page).analyze()).violations).toEqual([])
  await page.getByRole('button', { name: 'Start Test' }).click()

  const items = questions(page)
  await expect(page.getByRole('status').filter({ hasText: 'Answered 0 of 10' })).toBeVisible()
  for (const item of await items.all()) await answer(item, cards, true)
  await expect(page.getByRole('status').filter({ hasText: 'Answered 10 of 10' })).toBeVisible()
  expect((await axeBuilder(page).analyze()).violations).toEqual([])
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page.getByRole('heading', { name: 'Your score: 100%' })).toBeVisible()
  await expect(page.getByText('10 of 10 correct')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retake Missed' })).toHaveCount(0)

  // A new test of written questions only, all wrong but the first: the results show each right answer.
  await page.getByRole('button', { name: 'New Test' }).click()
  await page.getByRole('spinbutton', { name: 'Questions (1 to 12)' }).fill('4')
  for (const kind of ['Multiple choice', 'True/False', 'Matching']) await page.getByRole('checkbox', { name: kind }).uncheck()
  await page.getByRole('button', { name: 'Start Test' }).click()
  const written = await questions(page).all()
  expect(written).toHaveLength(4)
  for (const [index, item] of written.entries()) await answer(item, cards, index === 0)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page.getByRole('heading', { name: 'Your score: 25%' })).toBeVisible()
  const results = page.getByRole('region', { name: 'Test results' }).getByRole('listitem')
  await expect(results.filter({ hasText: 'Incorrect' })).toHaveCount(3)
  for (const row of await results.filter({ hasText: 'Incorrect' }).all()) {
    const term = ((await row.locator('strong').textContent()) ?? '').trim()
    await expect(row).toContainText('Your answer: no idea at all')
    await expect(row).toContainText(`Correct answer: ${definitionOf(cards, term)}`)
  }
  expect((await axeBuilder(page).analyze()).violations).toEqual([])

  await page.getByRole('button', { name: 'Retake Missed' }).click()
  await expect(page.getByRole('spinbutton', { name: 'Questions (1 to 3)' })).toHaveValue('3')
  await page.getByRole('button', { name: 'Start Test' }).click()
  for (const item of await questions(page).all()) await answer(item, cards, true)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page.getByRole('heading', { name: 'Your score: 100%' })).toBeVisible()
  await context.close()
})

test('Test mode on a phone: the setup refuses no question type, and the sheet fits', async ({ server, browser }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true })
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.goto(`/study-sets/${set.id}/test`)
  for (const kind of ['Multiple choice', 'True/False', 'Written', 'Matching']) await page.getByRole('checkbox', { name: kind }).uncheck()
  await expect(page.getByRole('alert')).toHaveText('Choose at least one question type.')
  await expect(page.getByRole('button', { name: 'Start Test' })).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Matching' }).check()
  await page.getByRole('button', { name: 'Start Test' }).click()
  await expect(questions(page).first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await context.close()
})
