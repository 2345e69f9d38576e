import type { Page } from '@playwright/test'
import type { AudioUpload } from '#shared/api/media'
import type { Flashcard } from '#shared/api/sets'
import { wavAudio } from '#tests/support/audio'
import { axeViolations } from './axe'
import { apiCall, type E2EServer, expect, logIn, signIn, test } from './fixtures'
import { addCards, createSet, newOwner, type Owner } from './set-helpers'
import { readAloud, stubSpeech } from './speech-helpers'
import { answerLongAgo } from './study-helpers'

/**
 * Issue 26's audit in the browser: Learn's options, Match tiles and Test read aloud as the other
 * modes do; and a side's recording has its play button in every mode (where read-aloud was: the
 * recording is played instead of the text being read).
 */

const CARDS: Array<[string, string]> = [
  ['Hund', 'dog'],
  ['Katze', 'cat'],
  ['Vogel', 'bird'],
  ['Fisch', 'fish'],
]

async function uploadWav(server: E2EServer, owner: Owner, salt: number): Promise<AudioUpload> {
  const response = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { 'Content-Type': 'audio/wav', Authorization: `Bearer ${owner.token}` },
    body: new Uint8Array(wavAudio(0.5, salt)),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as AudioUpload
}

/** Leaves a study page that asks before leaving. */
async function go(page: Page, path: string): Promise<void> {
  page.once('dialog', (dialog) => void dialog.accept())
  await page.goto(path)
}

test("Learn's options, Match tiles and Test's questions read aloud in the set's languages", async ({ page, server }) => {
  test.slow()
  await stubSpeech(page)
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Tiere', termLanguage: 'ja', definitionLanguage: 'en-US' })
  await addCards(server, owner, set.id, CARDS)
  await logIn(page, owner.account)
  const definitions = CARDS.map(([, definition]) => definition)

  // Learn: each option has its speaker beside it, reading the definition in English.
  await page.goto(`/study-sets/${set.id}/learn`)
  const term = ((await page.getByRole('main').getByRole('heading', { level: 2 }).textContent()) ?? '').trim()
  const options = page.getByRole('group', { name: term, exact: true })
  await expect(options.getByRole('button', { name: 'Read definition aloud' })).toHaveCount(4)
  const firstOption = ((await options.getByRole('button').first().textContent()) ?? '').replace(/^1/, '').trim()
  expect(definitions).toContain(firstOption)
  await readAloud(page, options.getByRole('button', { name: 'Read definition aloud' }).first(), firstOption, 'en-US')
  expect(await axeViolations(page)).toEqual([])

  // Match: every tile has its speaker; a term tile is read in Japanese, and listening picks no tile.
  await go(page, `/study-sets/${set.id}/match`)
  await page.getByRole('button', { name: 'Start Game' }).click()
  const terms = page.locator('[data-column="term"]')
  await expect(terms.getByRole('button', { name: 'Read term aloud' })).toHaveCount(4)
  const tileText = ((await terms.locator('[data-item-type="term"]').first().textContent()) ?? '').trim()
  await readAloud(page, terms.getByRole('button', { name: 'Read term aloud' }).first(), tileText, 'ja')
  await expect(terms.locator('[data-item-type="term"][aria-pressed="true"]')).toHaveCount(0)
  expect(await axeViolations(page)).toEqual([])

  // Test: each question's term.
  await go(page, `/study-sets/${set.id}/test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  const speakers = page.getByRole('main').getByRole('button', { name: 'Read term aloud' })
  await expect(speakers.first()).toBeVisible()
  expect(await speakers.count()).toBeGreaterThanOrEqual(4)
  const before = await page.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken.length)
  await speakers.first().click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: Array<{ text: string; lang: string }> }).__spoken.length)).toBe(before + 1)
  const spoken = await page.evaluate(() => (window as unknown as { __spoken: Array<{ text: string; lang: string }> }).__spoken.at(-1))
  expect(CARDS.map(([german]) => german)).toContain(spoken?.text)
  expect(spoken?.lang).toBe('ja')
  expect(await axeViolations(page)).toEqual([])
})

test('a side with a recording has its play button in every mode, in place of read-aloud', async ({ page, server }) => {
  test.slow()
  await stubSpeech(page)
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Laute', termLanguage: 'de', definitionLanguage: 'en-US' })
  const cards = await addCards(server, owner, set.id, CARDS)
  // Every card's term and definition get a recording of their own.
  for (const [index, card] of cards.entries()) {
    const termAudio = await uploadWav(server, owner, index * 2 + 1)
    const definitionAudio = await uploadWav(server, owner, index * 2 + 2)
    const response = await apiCall(
      server,
      'PATCH',
      `/sets/${set.id}/cards/${card.id}`,
      { termAudio: termAudio.id, definitionAudio: definitionAudio.id },
      owner.token,
    )
    expect(((await response.json()) as Flashcard).termAudio?.id).toBe(termAudio.id)
    await answerLongAgo(server, owner, set.id, card)
  }
  await logIn(page, owner.account)
  const main = page.getByRole('main')
  const playsAndReadsNot = async (name: 'term' | 'definition') => {
    await expect(main.getByRole('button', { name: `Play ${name} recording` }).first()).toBeVisible()
    await expect(main.getByRole('button', { name: `Read ${name} aloud` })).toHaveCount(0)
  }

  await page.goto(`/study-sets/${set.id}`)
  await playsAndReadsNot('term')
  await playsAndReadsNot('definition')
  // Played: the <audio> beside the button moves on.
  await main.getByRole('button', { name: 'Play term recording' }).first().click()
  await expect
    .poll(() =>
      main
        .locator('audio')
        .first()
        .evaluate((element: HTMLAudioElement) => element.currentTime),
    )
    .toBeGreaterThan(0)

  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await playsAndReadsNot('term')

  await page.goto(`/study-sets/${set.id}/learn`)
  await playsAndReadsNot('term')
  await expect(main.getByRole('button', { name: 'Play definition recording' })).toHaveCount(4)

  await go(page, `/study-sets/${set.id}/write`)
  await playsAndReadsNot('term')

  await go(page, `/study-sets/${set.id}/match`)
  await page.getByRole('button', { name: 'Start Game' }).click()
  await playsAndReadsNot('term')
  await playsAndReadsNot('definition')

  await go(page, `/study-sets/${set.id}/test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await playsAndReadsNot('term')

  await go(page, `/review?set=${set.id}`)
  await playsAndReadsNot('term')
  expect(await axeViolations(page)).toEqual([])
})

test("a reverse card asks the definition in its own language: Learn's question in the definitions' language, the options in the terms'", async ({
  page,
  server,
}) => {
  await stubSpeech(page)
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Tiere rückwärts', termLanguage: 'ja', definitionLanguage: 'en-US' })
  for (const [term, definition] of CARDS) {
    const created = await apiCall(server, 'POST', `/sets/${set.id}/cards`, { term, definition, reverse: true }, owner.token)
    expect(created.status).toBe(201)
  }
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}/learn`)
  // Only the reverse prompts: each question is a definition (English), each option a term (read in Japanese).
  await page.getByRole('group', { name: 'Answer with' }).getByLabel('Term').check()
  const heading = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(heading).toHaveText(/^(dog|cat|bird|fish)$/)
  const question = ((await heading.textContent()) ?? '').trim()
  await readAloud(page, page.getByRole('main').getByRole('button', { name: 'Read term aloud' }).first(), question, 'en-US')
  const options = page.getByRole('group', { name: question, exact: true })
  const firstOption = ((await options.getByRole('button').first().textContent()) ?? '').replace(/^1/, '').trim()
  expect(CARDS.map(([german]) => german)).toContain(firstOption)
  await readAloud(page, options.getByRole('button', { name: 'Read definition aloud' }).first(), firstOption, 'ja')
})

test('a side that is only a recording: "Recording" with its play button in Flashcards, Match and Learn, and Learn offers it as an answer', async ({
  page,
  server,
}) => {
  test.slow()
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Hören' })
  const heard = await uploadWav(server, owner, 11)
  const spoken = await uploadWav(server, owner, 12)
  const post = async (body: Record<string, unknown>) => {
    const created = await apiCall(server, 'POST', `/sets/${set.id}/cards`, body, owner.token)
    expect(created.status, await created.clone().text()).toBe(201)
  }
  await post({ term: '', definition: 'dog', termAudio: heard.id })
  await post({ term: 'Katze', definition: '', definitionAudio: spoken.id })
  await addCards(server, owner, set.id, [
    ['Vogel', 'bird'],
    ['Fisch', 'fish'],
  ])
  await signIn(page, owner.account)

  // Flashcards: the first card's face is its recording, named, with its play button.
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await expect(flashcards.getByRole('button', { name: /^Term\s*Recording$/ })).toBeVisible()
  await expect(flashcards.getByRole('button', { name: 'Play term recording' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // Match: the recording tiles say so (a tile is never an empty button).
  await go(page, `/study-sets/${set.id}/match`)
  await page.getByRole('button', { name: 'Start Game' }).click()
  await expect(page.locator('[data-item-type="term"]').filter({ hasText: 'Recording' })).toHaveCount(1)
  await expect(page.locator('[data-item-type="definition"]').filter({ hasText: 'Recording' })).toHaveCount(1)
  expect(await axeViolations(page)).toEqual([])

  // Learn: every question answered right, the recording among the options where it is the answer.
  await go(page, `/study-sets/${set.id}/learn`)
  const answers: Record<string, string> = { 'Card 1': 'dog', Katze: 'Recording', Vogel: 'bird', Fisch: 'fish' }
  for (let i = 0; i < 4; i++) {
    const heading = page.getByRole('main').getByRole('heading', { level: 2 })
    await expect(heading).toHaveText(/^(Card 1|Katze|Vogel|Fisch)$/)
    const question = ((await heading.textContent()) ?? '').trim()
    const options = page.getByRole('group', { name: question, exact: true })
    await options.getByRole('button').filter({ hasText: answers[question] }).first().click()
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
    if (question === 'Katze') expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: i === 3 ? 'Finish Batch' : 'Next Card', exact: true }).click()
  }
})
