import type { Browser, Page } from '@playwright/test'
import { axeViolations, fitsWidth } from './axe'
import { type E2EServer, expect, signIn, test } from './fixtures'
import { addCards, createSet, newOwner } from './set-helpers'

/**
 * The live class game in the browser (issue 29): a host opens a game from a set page on a
 * projector-sized screen; two players on 360 px phones (browsers of their own, no account) join by
 * the QR code's address and by typing the code, answer every question, one reloads mid-game and
 * keeps their score, and everyone reaches the podium. Both screens pass axe in both themes and
 * fit their width.
 */

const CAPITALS: Array<[string, string]> = [
  ['France', 'Paris'],
  ['Spain', 'Madrid'],
  ['Italy', 'Rome'],
  ['Japan', 'Tokyo'],
  ['Peru', 'Lima'],
]
const answerOf = (term: string) => CAPITALS.find(([country]) => country === term)?.[1] ?? ''

test.describe.configure({ timeout: 180_000 })

/** A phone of its own (360 px wide, its own storage), in the given theme. */
async function phone(browser: Browser, server: E2EServer, theme: 'dark' | 'light'): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, reducedMotion: 'reduce' })
  await context.addInitScript((chosen) => {
    try {
      localStorage.setItem('theme', chosen)
    } catch {
      // about:blank has no storage.
    }
  }, theme)
  return context.newPage()
}

/** Checks the page as it is now: no serious axe violation, nothing wider than the window. */
async function audit(page: Page, where: string): Promise<void> {
  expect(await axeViolations(page), where).toEqual([])
  expect(await fitsWidth(page), `${where}: fits the width`).toBe(true)
}

/** A player answers the question on their phone: the right answer, or one of the wrong ones. */
async function answer(player: Page, right: boolean): Promise<void> {
  const heading = player.getByRole('heading', { name: /^Question \d+ of 5/ })
  await expect(heading).toBeVisible()
  const prompt = (await player.getByRole('heading', { level: 2 }).textContent())?.trim() ?? ''
  const capital = answerOf(prompt)
  expect(capital, `the prompt ${prompt}`).not.toBe('')
  const buttons = player.getByRole('button', { name: /^[ABCD]: / })
  await expect(buttons).toHaveCount(4)
  const target = right ? buttons.filter({ hasText: capital }) : buttons.filter({ hasNotText: capital }).first()
  await target.click()
  // The last answer closes the question at once: the phone may go straight to the answer.
  await expect(player.getByText(/^(Answer sent\. Wait for the others\.|Right!|No points this time)$/)).toBeVisible()
}

test('a host and two players play a game to the podium', async ({ page, server, browser }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Capitals of the world' })
  await addCards(server, owner, set.id, CAPITALS)

  // The host, on a projector-sized screen, starts the game from the set page.
  await page.setViewportSize({ width: 1280, height: 720 })
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('link', { name: 'Start a live game' }).click()
  await expect(page.getByRole('heading', { name: 'Start a live game' })).toBeVisible()
  await expect(page.getByLabel('Set')).toHaveValue(set.id)
  await page.getByLabel(/^Questions/).fill('5')
  await page.getByLabel(/^Seconds per question/).fill('60')
  await audit(page, 'new game')
  await page.getByRole('button', { name: 'Open the Game' }).click()
  await expect(page).toHaveURL(/\/games\/[a-z0-9]+\/host$/)
  const code =
    (await page
      .locator('strong')
      .filter({ hasText: /^\d{6}$/ })
      .textContent()) ?? ''
  expect(code).toMatch(/^\d{6}$/)
  const joinUrl = `${server.url}/play/${code}`
  await expect(page.getByRole('img', { name: `QR code of ${joinUrl}` })).toBeVisible()
  await expect(page.getByText(joinUrl)).toBeVisible()
  await audit(page, 'host lobby [dark]')

  // Ann opens the QR code's address; Ben types the code at /play.
  const ann = await phone(browser, server, 'light')
  await ann.goto(`/play/${code}`)
  await expect(ann.getByLabel('Game code')).toHaveValue(code)
  await ann.getByLabel('Nickname').fill('Ann')
  await audit(ann, 'join form [light]')
  await ann.getByRole('button', { name: 'Join Game' }).click()
  await expect(ann.getByRole('heading', { name: 'You are in!' })).toBeVisible()
  await audit(ann, 'player lobby [light]')

  const ben = await phone(browser, server, 'dark')
  await ben.goto('/play')
  await ben.getByLabel('Game code').fill(code)
  await ben.getByLabel('Nickname').fill('ann')
  await ben.getByRole('button', { name: 'Join Game' }).click()
  // Nicknames are unique per game, whatever their case.
  await expect(ben.getByText('This nickname is taken in this game. Choose another one.')).toBeVisible()
  await ben.getByLabel('Nickname').fill('Ben')
  await ben.getByRole('button', { name: 'Join Game' }).click()
  await expect(ben.getByRole('heading', { name: 'You are in!' })).toBeVisible()
  await expect(ben).toHaveURL(new RegExp(`/play/${code}$`))
  await audit(ben, 'player lobby [dark]')

  await expect(page.getByRole('heading', { name: '2 players' })).toBeVisible()
  await page.getByRole('button', { name: 'Start Game' }).click()

  for (let index = 1; index <= 5; index++) {
    await expect(page.getByRole('heading', { name: `Question ${index} of 5` })).toBeVisible()
    if (index === 1) {
      await audit(page, 'host question [dark]')
      await audit(ann, 'player question [light]')
      await audit(ben, 'player question [dark]')
    }
    if (index === 3) {
      // Ben's phone reloads mid-game: same seat, same score.
      const before = await ben.getByText(/^\d+ points$/).textContent()
      await ben.reload()
      await expect(ben.getByText(/^\d+ points$/)).toHaveText(before ?? '')
    }
    await answer(ann, true)
    await answer(ben, false)
    // Everyone answered: the answer shows at once.
    await expect(page.getByText('Right answer,')).toBeVisible()
    await expect(ann.getByRole('heading', { name: 'Right!' })).toBeVisible()
    await expect(ben.getByRole('heading', { name: 'No points this time' })).toBeVisible()
    if (index === 1) {
      await audit(page, 'host reveal [dark]')
      await audit(ann, 'player reveal [light]')
      await expect(ann.getByText('You are number 1 of 2')).toBeVisible()
      await expect(ben.getByText('You are number 2 of 2')).toBeVisible()
    }
    await page.getByRole('button', { name: index < 5 ? 'Next Question' : 'Show Podium' }).click()
  }

  await expect(page.getByRole('heading', { name: 'Podium' })).toBeVisible()
  const podium = page.getByRole('list', { name: 'Podium' })
  await expect(podium.getByRole('listitem').first()).toContainText('Ann')
  await expect(ann.getByText(/^You finished number 1 of 2 with \d+ points$/)).toBeVisible()
  await expect(ben.getByText('You finished number 2 of 2 with 0 points')).toBeVisible()
  await audit(page, 'host podium [dark]')
  await audit(ben, 'player podium [dark]')
  await audit(ann, 'player podium [light]')

  // The host's screen in the light theme, read again after a reload.
  await page.evaluate(() => localStorage.setItem('theme', 'light'))
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Podium' })).toBeVisible()
  await audit(page, 'host podium [light]')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Results (CSV)' }).click()
  expect((await download).suggestedFilename()).toMatch(/^Capitals of the world live game \d{4}-\d\d-\d\d\.csv$/)
})
