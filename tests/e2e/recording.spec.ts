import type { Flashcard } from '#shared/api/sets'
import { axeViolations } from './axe'
import { CHROMIUM_LAUNCH } from './chromium'
import { apiCall, expect, test } from './fixtures'
import { createSet, newOwner, openSetAsOwner } from './set-helpers'

/**
 * Sound (issue 26) in the browser: a term recorded in the card editor with Chromium's fake
 * microphone (a steady tone, granted without a prompt), uploaded, saved with the card, and played
 * back from the Terms list and from Flashcards; axe clean with the recording controls on show.
 */

// Only this file needs the fake microphone: the flags are added to the usual launch arguments.
test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } })

test('a term recorded with the microphone is saved with the card and played back in every place it shows', async ({ page, server }) => {
  test.slow()
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Deutsch' })
  await page.setViewportSize({ width: 360, height: 740 })
  await openSetAsOwner(page, owner, set)
  const form = page.getByRole('form', { name: 'Add flashcard' })
  await form.getByLabel('Term', { exact: true }).fill('Hund')
  await form.getByLabel('Definition', { exact: true }).fill('dog')

  await form.getByRole('button', { name: 'Record the term' }).click()
  await expect(form.getByRole('status').filter({ hasText: 'Recording the term...' })).toBeVisible()
  await page.waitForTimeout(1500)
  await form.getByRole('button', { name: 'Stop recording the term' }).click()
  await expect(form.getByText(/^Term recording, \d+ s$/)).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(form.getByLabel('Term', { exact: true })).toHaveValue('')

  // Saved: the card names a WebM recording of about the time recorded.
  const cards = (await (await apiCall(server, 'GET', `/sets/${set.id}/cards`, undefined, owner.token)).json()).items as Flashcard[]
  expect(cards).toHaveLength(1)
  const audio = cards[0]?.termAudio
  expect(audio?.durationMs).toBeGreaterThan(800)
  expect(audio?.durationMs).toBeLessThan(10_000)
  const served = await apiCall(server, 'GET', `/media/${audio?.id}`, undefined, owner.token)
  expect(served.headers.get('content-type')).toBe('audio/webm')

  // Played back from the Terms list: the element plays (its time moves on) and the button says so.
  const main = page.getByRole('main')
  const play = main.getByRole('button', { name: 'Play term recording' }).first()
  await play.click()
  const player = main.locator(`audio[src="${audio?.url}"]`).first()
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0)
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.error)).toBeNull()

  // And from Flashcards, where the sound button sits beside the card.
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await flashcards.getByRole('button', { name: 'Play term recording' }).click()
  const cardPlayer = flashcards.locator('audio').first()
  await expect.poll(() => cardPlayer.evaluate((element: HTMLAudioElement) => element.currentTime)).toBeGreaterThan(0)
  expect(await axeViolations(page)).toEqual([])
})
