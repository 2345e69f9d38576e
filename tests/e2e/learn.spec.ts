import { axeViolationsInBothThemes, fitsWidth } from './axe'
import type { Locator, Page } from '@playwright/test'
import type { Flashcard } from '#shared/api/sets'
import { expect, logIn, signIn, test } from './fixtures'
import { newOwner, visitorContext } from './set-helpers'
import { createStudySet, definitionOf, progressOf, TWELVE_CARDS } from './study-helpers'

/** The term on show: the one level-2 heading of a question. */
function termHeading(page: Page): Locator {
  return page.getByRole('main').getByRole('heading', { level: 2 })
}

/** The options of the question whose term is `term`. */
function optionsOf(page: Page, term: string): Locator {
  return page.getByRole('group', { name: term, exact: true }).getByRole('button')
}

/** The option reading `definition` (the text exactly, beside its key number and mark). */
function optionReading(page: Page, term: string, definition: string): Locator {
  return optionsOf(page, term).filter({ has: page.getByText(definition, { exact: true }) })
}

function progressLine(page: Page): Locator {
  return page.getByText(/^Batch \d+ • Card \d+ of \d+ • Learned \d+\/\d+$/)
}

/** A statistic of the summary or the final panel, by its label. */
function stat(panel: Locator, label: string): Locator {
  return panel
    .locator('dl > div')
    .filter({ has: panel.page().getByText(label, { exact: true }) })
    .getByRole('definition')
}

/**
 * Answers the question on show with the mouse: the right option, or with `right` false the first
 * other one, and checks the locked options and the feedback. Returns the term.
 */
async function answerWithMouse(page: Page, cards: Flashcard[], right: boolean): Promise<string> {
  const term = (await termHeading(page).textContent()) ?? ''
  const definition = definitionOf(cards, term)
  const rightOption = optionReading(page, term, definition)
  const chosen = right
    ? rightOption
    : optionsOf(page, term)
        .filter({ hasNot: page.getByText(definition, { exact: true }) })
        .first()
  await chosen.click()
  await expect(chosen).toHaveAttribute('aria-pressed', 'true')
  for (const option of await optionsOf(page, term).all()) await expect(option).toBeDisabled()
  await expect(rightOption).toContainText('Correct answer')
  if (right) {
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
  } else {
    await expect(chosen).toContainText('Your answer')
    await expect(page.getByRole('status').filter({ hasText: `Incorrect. Correct answer: ${definition}` })).toBeVisible()
  }
  return term
}

/** The index (0-based) of the right option of the question on show. */
async function rightIndex(page: Page, cards: Flashcard[]): Promise<{ term: string; index: number; count: number }> {
  const term = (await termHeading(page).textContent()) ?? ''
  const options = optionsOf(page, term)
  const definition = definitionOf(cards, term)
  const count = await options.count()
  for (let index = 0; index < count; index++) {
    if ((await options.nth(index).getByText(definition, { exact: true }).count()) > 0) return { term, index, count }
  }
  throw new Error(`no option reads ${definition}`)
}

/** The study-record calls the page sent, as 'METHOD /api/path {body}'. */
function recordStudyCalls(page: Page): { calls: string[]; failed: string[] } {
  const calls: string[] = []
  const failed: string[] = []
  const isStudyCall = (address: string) => /\/(answers|learning-sessions)(\/|$)/.test(new URL(address).pathname)
  page.on('request', (request) => {
    if (isStudyCall(request.url())) calls.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`)
  })
  page.on('response', (response) => {
    if (isStudyCall(response.url()) && !response.ok()) failed.push(`${response.status()} ${response.url()}`)
  })
  return { calls, failed }
}

test('the owner learns a 12-card set in two batches, missed cards come back, progress is saved, restart and back work', async ({ page, server }) => {
  // Two batches, a review round, a restart and a reload: 47 s with two workers busy here, near the default timeout.
  test.slow()
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  const { calls, failed } = recordStudyCalls(page)
  // The Learn session as each answer's response gives it.
  const sessions: unknown[] = []
  page.on('response', async (response) => {
    if (!/\/answers$/.test(new URL(response.url()).pathname) || !response.ok()) return
    sessions.push(((await response.json()) as { session: unknown }).session)
  })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('heading', { level: 1, name: 'Learn Mode' })).toBeVisible()

  // Batch 1: the first ten cards in order; the 2nd and 5th are answered wrong.
  const missed: string[] = []
  for (let i = 0; i < 10; i++) {
    await expect(progressLine(page)).toHaveText(`Batch 1 • Card ${i + 1} of 10 • Learned ${i - missed.length}/12`)
    await expect(termHeading(page)).toHaveText(TWELVE_CARDS[i]?.[0] ?? '')
    await expect(optionsOf(page, TWELVE_CARDS[i]?.[0] ?? '')).toHaveCount(4)
    const wrong = i === 1 || i === 4
    const term = await answerWithMouse(page, cards, !wrong)
    if (wrong) missed.push(term)
    await page.getByRole('button', { name: i === 9 ? 'Finish Batch' : 'Next Card', exact: true }).click()
  }

  const summary = page.getByRole('region', { name: 'Batch summary' })
  await expect(summary.getByRole('heading', { name: 'Batch 1 Complete' })).toBeVisible()
  await expect(stat(summary, 'Correct in this batch')).toHaveText('8')
  await expect(stat(summary, 'Incorrect in this batch')).toHaveText('2')
  await expect(stat(summary, 'Cards learned')).toHaveText('8 of 12')
  await expect(stat(summary, 'Missed cards to review')).toHaveText('2')
  await expect(stat(summary, 'Cards not yet seen')).toHaveText('2')
  await summary.getByRole('button', { name: 'Continue to Next Batch' }).click()

  // Batch 2: the missed cards first, in the order missed, then the two unseen ones.
  const batchTwo = [...missed, 'Centriole', 'Endoplasmic reticulum']
  expect(missed).toEqual(['Ribosome', 'Golgi apparatus'])
  for (const [i, term] of batchTwo.entries()) {
    await expect(progressLine(page)).toHaveText(`Batch 2 • Card ${i + 1} of 4 • Learned ${8 + i}/12`)
    await expect(termHeading(page)).toHaveText(term)
    await answerWithMouse(page, cards, true)
    await page.getByRole('button', { name: i === 3 ? 'Finish Batch' : 'Next Card', exact: true }).click()
  }

  const final = page.getByRole('region', { name: 'Final statistics' })
  await expect(final.getByRole('heading', { name: 'Congratulations! 🎉' })).toBeVisible()
  await expect(stat(final, 'Cards learned')).toHaveText('12 of 12')
  await expect(stat(final, 'Correct answers')).toHaveText('12')
  await expect(stat(final, 'Incorrect answers')).toHaveText('2')
  await expect(stat(final, 'Accuracy')).toHaveText('86%')
  await expect(stat(final, 'Batches')).toHaveText('2')

  // Saved: every card once right, the two missed ones also once wrong.
  await expect
    .poll(async () => {
      const { items } = await progressOf(server, owner.token, set.id)
      return Object.fromEntries(items.map((item) => [item.cardId, [item.correct, item.incorrect]]))
    })
    .toEqual(Object.fromEntries(cards.map((card) => [card.id, [1, missed.includes(card.term) ? 1 : 0]])))
  await expect.poll(() => calls.filter((call) => call.includes('/learning-sessions/') && call.includes('"status":"completed"')).length).toBe(1)
  expect(calls.filter((call) => call.startsWith('POST') && call.includes('/learning-sessions '))).toEqual([
    `POST /api/sets/${set.id}/learning-sessions {"totalCards":12}`,
  ])
  expect(calls.filter((call) => call.includes('/answers') && call.includes('"mode":"learn"'))).toHaveLength(14)
  expect(failed).toEqual([])
  // Each answer named the session, which the server counted it in: no PATCH of counts.
  expect(calls.filter((call) => call.includes('/answers') && call.includes('"sessionId"'))).toHaveLength(14)
  expect(calls.filter((call) => call.startsWith('PATCH') && call.includes('Count'))).toEqual([])
  expect(sessions.at(-1)).toMatchObject({ correctCount: 12, incorrectCount: 2 })

  // Restart: everything from the start, in a new learning session.
  await final.getByRole('button', { name: 'Restart Learn Mode' }).click()
  await expect(progressLine(page)).toHaveText('Batch 1 • Card 1 of 10 • Learned 0/12')
  await expect(termHeading(page)).toHaveText('Mitochondria')
  await expect(termHeading(page)).toBeFocused()
  await expect.poll(() => calls.filter((call) => call.startsWith('POST') && call.includes('/learning-sessions ')).length).toBe(2)

  // A clean second run, then back to the set from the final panel.
  for (let i = 0; i < 12; i++) {
    await answerWithMouse(page, cards, true)
    await page.getByRole('button', { name: i === 9 || i === 11 ? 'Finish Batch' : 'Next Card', exact: true }).click()
    if (i === 9) await page.getByRole('button', { name: 'Continue to Next Batch' }).click()
  }
  await expect(final.getByRole('heading', { name: 'Congratulations! 🎉' })).toBeVisible()
  await expect(stat(final, 'Incorrect answers')).toHaveText('0')
  await final.getByRole('link', { name: 'Back to Study Set' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: set.title })).toBeVisible()
  await expect.poll(async () => (await progressOf(server, owner.token, set.id)).items.every((item) => item.correct === 2)).toBe(true)
})

test('one Learn answer is one request: the answer counts in the session and brings the header its due count', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await logIn(page, owner.account)
  await expect(page.getByTestId('due-count')).toHaveCount(0)
  const sessionMade = page.waitForResponse((response) => /\/learning-sessions$/.test(new URL(response.url()).pathname))
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(termHeading(page)).toHaveText(TWELVE_CARDS[0]?.[0] ?? '')
  await sessionMade
  await page.waitForLoadState('networkidle')

  // Every request to the API from here on, with what the answer carried back.
  const requests: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) requests.push(`${request.method()} ${url.pathname}`)
  })
  let session = { correctCount: 0, incorrectCount: 0 }
  for (const right of [true, false, true]) {
    const before = requests.length
    const answered = page.waitForResponse((response) => /\/answers$/.test(new URL(response.url()).pathname))
    await answerWithMouse(page, cards, right)
    const body = (await (await answered).json()) as { session: { correctCount: number; incorrectCount: number }; summary: { dueNow: number } }
    expect(body.summary).toEqual(expect.objectContaining({ dueNow: expect.any(Number) }))
    session = body.session
    // Whatever the answer sets off (the header's count, the session) rides on its one request.
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(300)
    expect(requests.slice(before)).toEqual([`POST /api/sets/${set.id}/answers`])
    await page.getByRole('button', { name: 'Next Card', exact: true }).click()
  }
  // The server counted the answers in the session itself (no PATCH went out).
  expect(session).toMatchObject({ correctCount: 2, incorrectCount: 1 })
})

test('Learn can be played with the keyboard alone: keys 1 to 4 choose, Enter goes on', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(progressLine(page)).toHaveText('Batch 1 • Card 1 of 10 • Learned 0/12')

  let wrongTerm = ''
  for (let i = 0; i < 10; i++) {
    const { term, index, count } = await rightIndex(page, cards)
    // The third card is answered wrong: the next key after the right one.
    const key = i === 2 ? ((index + 1) % count) + 1 : index + 1
    if (i === 2) wrongTerm = term
    await page.keyboard.press(String(key))
    await expect(page.getByRole('status').filter({ hasText: i === 2 ? 'Incorrect.' : 'Correct!' })).toBeVisible()
    const goOn = page.getByRole('button', { name: i === 9 ? 'Finish Batch' : 'Next Card', exact: true })
    await expect(goOn).toBeFocused()
    // A second key does not change the answer: the options are locked.
    await page.keyboard.press(String(index + 1 === key ? ((index + 1) % count) + 1 : index + 1))
    await expect(optionsOf(page, term).nth(key - 1)).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('Enter')
    if (i < 9) await expect(termHeading(page)).toBeFocused()
  }

  const summary = page.getByRole('region', { name: 'Batch summary' })
  await expect(stat(summary, 'Incorrect in this batch')).toHaveText('1')
  await expect(summary.getByRole('button', { name: 'Continue to Next Batch' })).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(progressLine(page)).toHaveText('Batch 2 • Card 1 of 3 • Learned 9/12')
  await expect(termHeading(page)).toHaveText(wrongTerm)
  for (let i = 0; i < 3; i++) {
    const { index } = await rightIndex(page, cards)
    await page.keyboard.press(String(index + 1))
    await page.keyboard.press('Enter')
  }
  const finalHeading = page.getByRole('heading', { name: 'Congratulations! 🎉' })
  await expect(finalHeading).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Restart Learn Mode' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(progressLine(page)).toHaveText('Batch 1 • Card 1 of 10 • Learned 0/12')
})

test('a visitor learns a public set: nothing is saved and nothing goes wrong', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, {
    isPublic: true,
    cards: [
      ['The sun is a star', 'True'],
      ['Spiders are insects', ' false '],
      ['H2O', 'Water'],
    ],
  })
  const { context, page } = await visitorContext(browser, server)
  const failures: string[] = []
  page.on('pageerror', (error) => failures.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text())
  })
  const { calls } = recordStudyCalls(page)

  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('heading', { level: 1, name: 'Learn Mode' })).toBeVisible()
  // True/False cards get exactly the options True and False; with 3 cards the others get 2 or 3.
  await expect(optionsOf(page, 'The sun is a star')).toHaveCount(2)
  await expect(optionReading(page, 'The sun is a star', 'True')).toBeVisible()
  await expect(optionReading(page, 'The sun is a star', 'False')).toBeVisible()
  const trueFalse = [...cards.slice(0, 2).map((card) => ({ ...card, definition: card.definition.trim() === 'True' ? 'True' : 'False' })), ...cards.slice(2)]
  await answerWithMouse(page, trueFalse, false)
  await page.getByRole('button', { name: 'Next Card' }).click()
  for (let i = 0; i < 2; i++) {
    await answerWithMouse(page, trueFalse, true)
    await page.getByRole('button', { name: i === 1 ? 'Finish Batch' : 'Next Card', exact: true }).click()
  }
  await page.getByRole('button', { name: 'Continue to Next Batch' }).click()
  await expect(termHeading(page)).toHaveText('The sun is a star')
  await answerWithMouse(page, trueFalse, true)
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  await expect(page.getByRole('heading', { name: 'Congratulations! 🎉' })).toBeVisible()

  expect(calls).toEqual([])
  expect(failures).toEqual([])
  expect((await progressOf(server, owner.token, set.id)).items).toEqual([])
  await context.close()
})

test('an empty set shows Empty Study Set with a way back; an unknown set is not found', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { cards: [] })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(page.getByRole('heading', { name: 'Empty Study Set' })).toBeVisible()
  await expect(page.getByText("This study set doesn't have any flashcards yet. Add some flashcards before using Learn mode.")).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Back to Study Set' }).last().click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))

  await page.goto('/study-sets/no-such-set/learn')
  await expect(page.getByRole('heading', { name: 'Study set not found' })).toBeVisible()
})

// On a 320px-wide screen, the narrowest the app supports; each view checked in both themes.
test('every Learn view passes axe in both themes, 320px wide', async ({ page, server }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { cards: TWELVE_CARDS.slice(0, 2) })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  await expect(progressLine(page)).toBeVisible()
  const views: Record<string, string[]> = { question: await axeViolationsInBothThemes(page) }
  await answerWithMouse(page, cards, false)
  views['answered wrong'] = await axeViolationsInBothThemes(page)
  expect(await fitsWidth(page)).toBe(true)
  await page.getByRole('button', { name: 'Next Card' }).click()
  await answerWithMouse(page, cards, true)
  views['answered right'] = await axeViolationsInBothThemes(page)
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  await expect(page.getByRole('button', { name: 'Continue to Next Batch' })).toBeVisible()
  views.summary = await axeViolationsInBothThemes(page)
  expect(await fitsWidth(page)).toBe(true)
  await page.getByRole('button', { name: 'Continue to Next Batch' }).click()
  await answerWithMouse(page, cards, true)
  await page.getByRole('button', { name: 'Finish Batch' }).click()
  await expect(page.getByRole('heading', { name: 'Congratulations! 🎉' })).toBeVisible()
  views.finished = await axeViolationsInBothThemes(page)
  expect(await fitsWidth(page)).toBe(true)
  expect(views).toEqual({ question: [], 'answered wrong': [], 'answered right': [], summary: [], finished: [] })
})
