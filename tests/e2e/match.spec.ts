import path from 'node:path'
import { axeViolationsInBothThemes, fitsWidth } from './axe'
import type { Locator, Page } from '@playwright/test'
import Database from 'better-sqlite3'
import type { Flashcard } from '#shared/api/sets'
import { type E2EServer, expect, signIn, test } from './fixtures'
import { newOwner, visitorContext } from './set-helpers'
import { createStudySet, definitionOf } from './study-helpers'

/**
 * Match mode (docs/study-rules.md, 'Modes') on a 12-card set, of which a game plays 10 (6 on a phone):
 * dragging with the mouse, the no-drag way by click and keyboard, Restart, the same-text rule,
 * what is saved for a student and not for a visitor, and the empty set.
 */

const INSTRUCTIONS =
  'Drag terms onto their matching definitions (or vice versa) to make a match. Your goal is to match all terms and definitions as quickly as possible.'

const matchPath = (setId: string) => `/study-sets/${setId}/match`
const terms = (page: Page) => page.getByRole('list', { name: 'Terms' }).getByRole('button')
const definitions = (page: Page) => page.getByRole('list', { name: 'Definitions' }).getByRole('button')
const termCard = (page: Page, text: string) => page.getByRole('list', { name: 'Terms' }).getByRole('button', { name: text, exact: true })
const definitionCard = (page: Page, text: string) => page.getByRole('list', { name: 'Definitions' }).getByRole('button', { name: text, exact: true })
const stat = (page: Page, label: string) => page.getByText(new RegExp(`^${label}: \\d+s?$`))

interface SavedResult {
  user_id: string
  time_taken: number
  correct_matches: number
  incorrect_matches: number
}

/** The match results the server stored, read straight from its database. */
function savedResults(server: E2EServer, setId: string): SavedResult[] {
  const db = new Database(path.join(server.dataDir, 'cardwise.db'), { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT user_id, time_taken, correct_matches, incorrect_matches FROM match_results WHERE study_set_id = ?').all(setId) as SavedResult[]
  } finally {
    db.close()
  }
}

async function openMatch(page: Page, setId: string): Promise<void> {
  await page.goto(matchPath(setId))
  await expect(page.getByRole('heading', { level: 1, name: 'Match Mode' })).toBeVisible()
}

async function startGame(page: Page, perColumn: number): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible()
  await expect(page.getByText(INSTRUCTIONS, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Start Game' }).click()
  await expect(page.getByText('Drag a card onto its matching pair!', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Terms', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Definitions', exact: true })).toBeVisible()
  await expect(terms(page)).toHaveCount(perColumn)
  await expect(definitions(page)).toHaveCount(perColumn)
}

/** The seconds the game's timer shows. */
async function timeShown(page: Page): Promise<number> {
  return Number(/^Time: (\d+)s$/.exec((await stat(page, 'Time').innerText()).trim())?.[1])
}

/**
 * The game's timer started from zero at `since` (a moment just before the game started) and counts
 * whole seconds. Read once, not compared with "Time: 0s": on a busy machine the board can take
 * seconds to appear, and the clock rightly runs meanwhile.
 */
async function expectTimerFrom(page: Page, since: number): Promise<void> {
  const shown = await timeShown(page)
  expect(shown).toBeGreaterThanOrEqual(0)
  expect(shown).toBeLessThanOrEqual((Date.now() - since) / 1000)
  await expect(stat(page, 'Time')).toHaveText(`Time: ${shown + 1}s`, { timeout: 3000 })
}

interface Point {
  x: number
  y: number
}

/**
 * Scrolls the page so that the point halfway between two cards sits mid-window (as far as the page
 * can scroll), and returns both cards' centres in the window, checked to be on screen and clear
 * of the edge bands where holding a card scrolls the page.
 */
async function centres(page: Page, from: Locator, to: Locator): Promise<[Point, Point]> {
  const box = async (card: Locator): Promise<Point> => {
    const found = await card.boundingBox()
    if (!found) throw new Error('a card to drag is not on the page')
    return { x: found.x + found.width / 2, y: found.y + found.height / 2 }
  }
  const [a, b] = [await box(from), await box(to)]
  await page.evaluate((middle) => window.scrollBy(0, middle - window.innerHeight / 2), (a.y + b.y) / 2)
  const points: [Point, Point] = [await box(from), await box(to)]
  const height = page.viewportSize()?.height ?? 0
  if (points.some((point) => point.y < height * 0.12 || point.y > height * 0.88)) throw new Error('the cards do not fit the window')
  return points
}

/** Drags with the mouse from the centre of one card to the centre of another, in small steps. */
async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  const [start, end] = await centres(page, from, to)
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  await page.mouse.move(start.x + 12, start.y + 6, { steps: 4 })
  await page.mouse.move(end.x, end.y, { steps: 12 })
  await page.mouse.up()
}

/**
 * Drags with a finger: press and hold (the touch sensor starts a drag after a short press, so a
 * swipe still scrolls), move in steps, lift. Playwright has no touch drag, so this goes through
 * Chromium's DevTools protocol.
 */
async function touchDrag(page: Page, from: Locator, to: Locator): Promise<void> {
  const [start, end] = await centres(page, from, to)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] })
  // Holding still for longer than the sensor's press delay is the gesture itself.
  await page.waitForTimeout(400)
  for (let step = 1; step <= 12; step++) {
    const point = { x: start.x + ((end.x - start.x) * step) / 12, y: start.y + ((end.y - start.y) * step) / 12 }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** The first term still on the board and the text of its definition. */
async function firstPair(page: Page, cards: Flashcard[]): Promise<{ term: Locator; definition: string }> {
  const term = terms(page).first()
  return { term, definition: definitionOf(cards, (await term.innerText()).trim()) }
}

/** A definition on the board that does not belong to `term`. */
async function wrongDefinition(page: Page, cards: Flashcard[], term: Locator): Promise<Locator> {
  const definition = definitionOf(cards, (await term.innerText()).trim())
  return definitions(page).filter({ hasNotText: definition }).first()
}

async function expectFeedback(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveText(text)
}

async function expectGameOver(page: Page, correct: number, incorrect: number): Promise<number> {
  await expect(page.getByRole('heading', { name: 'Game Over!' })).toBeVisible()
  await expect(page.getByText('All matches complete!', { exact: true })).toBeVisible()
  await expect(page.getByText(`Correct Matches: ${correct}`, { exact: true })).toBeVisible()
  await expect(page.getByText(`Incorrect Attempts: ${incorrect}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Play Again' })).toBeVisible()
  return timeShown(page)
}

test('a student drags every pair with the mouse, a wrong drop included, and the result is saved', async ({ page, server }) => {
  // Eleven stepped mouse drags: about 40-53 s on a busy machine, near the default timeout.
  test.slow()
  // A window tall enough for the whole board of ten rows.
  await page.setViewportSize({ width: 1280, height: 1200 })
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await expect(page.getByRole('link', { name: 'Back to Study Set' })).toHaveAttribute('href', `/study-sets/${set.id}`)
  const startedAt = Date.now()
  await startGame(page, 10)
  await expectTimerFrom(page, startedAt)
  await expect(stat(page, 'Correct')).toHaveText('Correct: 0')
  await expect(stat(page, 'Incorrect')).toHaveText('Incorrect: 0')

  // A wrong drop leaves both cards on the board.
  const { term: firstTerm } = await firstPair(page, cards)
  await drag(page, firstTerm, await wrongDefinition(page, cards, firstTerm))
  await expectFeedback(page, 'Incorrect match. Try again! ❌')
  await expect(stat(page, 'Incorrect')).toHaveText('Incorrect: 1')
  await expect(terms(page)).toHaveCount(10)

  // One pair the other way round: the definition dragged onto its term.
  {
    const { term, definition } = await firstPair(page, cards)
    await drag(page, definitionCard(page, definition), term)
    await expectFeedback(page, 'Correct match! ✅')
    await expect(terms(page)).toHaveCount(9)
    await expect(stat(page, 'Correct')).toHaveText('Correct: 1')
  }
  for (let left = 9; left > 0; left--) {
    const { term, definition } = await firstPair(page, cards)
    await drag(page, term, definitionCard(page, definition))
    if (left > 1) {
      await expect(terms(page)).toHaveCount(left - 1)
      await expect(definitions(page)).toHaveCount(left - 1)
      await expect(stat(page, 'Correct')).toHaveText(`Correct: ${11 - left}`)
    }
  }

  const seconds = await expectGameOver(page, 10, 1)
  expect(seconds).toBeGreaterThanOrEqual(1)
  await expect(page.getByText('Drag a card onto its matching pair!')).toHaveCount(0)
  await expect
    .poll(() => savedResults(server, set.id))
    .toEqual([{ user_id: expect.any(String), time_taken: seconds, correct_matches: 10, incorrect_matches: 1 }])
  // The first finished game is the student's best time.
  await expect(page.getByRole('listitem').filter({ hasText: 'Best time:' })).toHaveText(`Best time: ${seconds}s New best time!`)

  // Play Again deals a fresh game.
  await page.getByRole('button', { name: 'Play Again' }).click()
  await expect(terms(page)).toHaveCount(10)
  await expect(stat(page, 'Correct')).toHaveText('Correct: 0')

  // The best time is shown before the next game, read from the server.
  await openMatch(page, set.id)
  await expect(page.getByText(`Your best time: ${seconds}s`, { exact: true })).toBeVisible()
})

test('a student plays to the end without dragging: click, then click, and the keyboard', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await startGame(page, 10)

  // Selecting shows as pressed; pressing again lets go; another term takes over the selection.
  const [first, second] = [terms(page).nth(0), terms(page).nth(1)]
  await first.click()
  await expect(first).toHaveAttribute('aria-pressed', 'true')
  await first.click()
  await expect(first).toHaveAttribute('aria-pressed', 'false')
  await first.click()
  await second.click()
  await expect(first).toHaveAttribute('aria-pressed', 'false')
  await expect(second).toHaveAttribute('aria-pressed', 'true')
  // A wrong pair by clicks.
  await (await wrongDefinition(page, cards, second)).click()
  await expectFeedback(page, 'Incorrect match. Try again! ❌')
  await expect(stat(page, 'Incorrect')).toHaveText('Incorrect: 1')
  await expect(second).toHaveAttribute('aria-pressed', 'false')

  // Three pairs with the keyboard alone: Enter on a term, Space on its definition, and the
  // definition first once.
  for (let round = 0; round < 3; round++) {
    const { term, definition } = await firstPair(page, cards)
    const definitionButton = definitionCard(page, definition)
    const [pick, pair] = round === 2 ? [definitionButton, term] : [term, definitionButton]
    await pick.focus()
    await page.keyboard.press('Enter')
    await expect(pick).toHaveAttribute('aria-pressed', 'true')
    await pair.focus()
    await page.keyboard.press('Space')
    await expectFeedback(page, 'Correct match! ✅')
    await expect(terms(page)).toHaveCount(9 - round)
  }
  // The focus stays on the board after a pair leaves it.
  await expect(page.locator(':focus')).toHaveAttribute('aria-pressed', 'false')

  // The rest by clicks, each definition first to pick.
  for (let left = 7; left > 0; left--) {
    const { term, definition } = await firstPair(page, cards)
    await definitionCard(page, definition).click()
    await term.click()
    if (left > 1) await expect(terms(page)).toHaveCount(left - 1)
  }
  await expectGameOver(page, 10, 1)
  await expect(page.getByRole('heading', { name: 'Game Over!' })).toBeFocused()
  await expect.poll(() => savedResults(server, set.id).map((row) => [row.correct_matches, row.incorrect_matches])).toEqual([[10, 1]])
})

test('Restart resets the time and the counts and deals a new game', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await startGame(page, 10)

  await terms(page).first().click()
  await (await wrongDefinition(page, cards, terms(page).first())).click()
  const { term, definition } = await firstPair(page, cards)
  await term.click()
  await definitionCard(page, definition).click()
  await expect(stat(page, 'Correct')).toHaveText('Correct: 1')
  await expect(stat(page, 'Incorrect')).toHaveText('Incorrect: 1')
  await expect(stat(page, 'Time')).not.toHaveText('Time: 0s', { timeout: 3000 })
  await expect(terms(page)).toHaveCount(9)

  const restartedAt = Date.now()
  await page.getByRole('button', { name: 'Restart' }).click()
  await expectTimerFrom(page, restartedAt)
  await expect(stat(page, 'Correct')).toHaveText('Correct: 0')
  await expect(stat(page, 'Incorrect')).toHaveText('Incorrect: 0')
  await expect(terms(page)).toHaveCount(10)
  await expect(definitions(page)).toHaveCount(10)
  await expect(page.getByText('Correct match! ✅')).toHaveCount(0)
  expect(savedResults(server, set.id)).toEqual([])
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a phone-sized screen plays 6 cards per column, paired by dragging with a finger or by tapping', async ({ page, server }) => {
    const owner = await newOwner(server)
    const { set, cards } = await createStudySet(server, owner)
    await signIn(page, owner.account)
    await openMatch(page, set.id)
    await startGame(page, 6)
    // Both columns fit side by side.
    expect(await fitsWidth(page)).toBe(true)

    const { term, definition } = await firstPair(page, cards)
    await touchDrag(page, term, definitionCard(page, definition))
    await expectFeedback(page, 'Correct match! ✅')
    await expect(terms(page)).toHaveCount(5)
    await expect(definitions(page)).toHaveCount(5)

    for (let left = 5; left > 0; left--) {
      const pair = await firstPair(page, cards)
      await pair.term.tap()
      await definitionCard(page, pair.definition).tap()
      if (left > 1) await expect(terms(page)).toHaveCount(left - 1)
    }
    await expectGameOver(page, 6, 0)
  })
})

test('a visitor plays a public set to the end and nothing is saved', async ({ browser, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, { isPublic: true })
  const { context, page } = await visitorContext(browser, server)
  const saves: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/match-results')) saves.push(request.url())
  })
  await openMatch(page, set.id)
  await startGame(page, 10)
  for (let left = 10; left > 0; left--) {
    const { term, definition } = await firstPair(page, cards)
    await term.click()
    await definitionCard(page, definition).click()
    if (left > 1) await expect(terms(page)).toHaveCount(left - 1)
  }
  await expectGameOver(page, 10, 0)
  expect(saves).toEqual([])
  expect(savedResults(server, set.id)).toEqual([])
  await context.close()
})

test('a definition with the same text as the term’s own counts as a match', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, {
    cards: [
      ['Big', 'Large'],
      ['Huge', 'large '],
      ['Small', 'Tiny'],
    ],
  })
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await startGame(page, 3)
  const term = (text: string) => termCard(page, text)
  // 'Big' onto the other card's 'large': the same words, so both leave the board.
  await drag(page, term('Big'), definitionCard(page, 'large'))
  await expectFeedback(page, 'Correct match! ✅')
  await expect(terms(page)).toHaveCount(2)
  await expect(definitions(page)).toHaveCount(2)
  await expect(term('Big')).toHaveCount(0)
  await expect(definitionCard(page, 'large')).toHaveCount(0)
  await expect(definitionCard(page, 'Large')).toBeVisible()
  // And the two left over pair up the same way, here by dragging the definition.
  await drag(page, definitionCard(page, 'Large'), term('Huge'))
  await expectFeedback(page, 'Correct match! ✅')
  await drag(page, term('Small'), definitionCard(page, 'Tiny'))
  await expectGameOver(page, 3, 0)
})

test('an empty set says so and links back to it', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { cards: [] })
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await expect(page.getByRole('heading', { name: 'Empty Study Set' })).toBeVisible()
  await expect(page.getByText("This study set doesn't have any flashcards yet. Add some flashcards before playing Match mode.", { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start Game' })).toHaveCount(0)
  await page.getByRole('main').getByRole('link', { name: 'Back to Study Set' }).last().click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
})

test('the board, a selected card, the feedback and the end screen pass axe in both themes', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner, {
    cards: [
      ['Big', 'Large'],
      ['Small', 'Tiny'],
    ],
  })
  await signIn(page, owner.account)
  await openMatch(page, set.id)
  await startGame(page, 2)
  const first = terms(page).first()
  await first.click()
  await (await wrongDefinition(page, cards, first)).click()
  await expectFeedback(page, 'Incorrect match. Try again! ❌')
  const pair = await firstPair(page, cards)
  await pair.term.click()
  await expect(pair.term).toHaveAttribute('aria-pressed', 'true')
  expect(await axeViolationsInBothThemes(page), 'board').toEqual([])
  await definitionCard(page, pair.definition).click()
  await expectFeedback(page, 'Correct match! ✅')
  const last = await firstPair(page, cards)
  await last.term.click()
  await definitionCard(page, last.definition).click()
  await expectGameOver(page, 2, 1)
  expect(await axeViolationsInBothThemes(page), 'end screen').toEqual([])
})
