import { axeBuilder } from './axe'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { addCards, newOwner } from './set-helpers'
import { lastSpoken, readAloud, stubSpeech } from './speech-helpers'
import { answerLongAgo } from './study-helpers'

/*
 * Read aloud (issue #19) in the browser. Headless Chromium has no voices, so speechSynthesis is
 * replaced before the app loads by one with an English and a Japanese voice, which arrive late
 * (as Chrome's do, with 'voiceschanged') and whose utterances are recorded in window.__spoken.
 */

async function axeClean(page: Page): Promise<void> {
  expect((await axeBuilder(page).include('main').analyze()).violations).toEqual([])
}

const CARDS: Array<[string, string]> = [
  ['猫', 'cat'],
  ['いぬ', 'dog'],
  ['とり', 'bird'],
  ['さかな', 'fish'],
]

test('the set form chooses the languages; the speaker reads each side in its language in Terms, Flashcards, Learn, Write and Review, and hides without a voice', async ({
  page,
  server,
}) => {
  test.slow()
  await stubSpeech(page)
  const owner = await newOwner(server)
  await signIn(page, owner.account)

  // The create page: Japanese terms, English (US) definitions.
  await page.goto('/study-sets/create')
  await page.getByLabel('Title', { exact: true }).fill('Animals in Japanese')
  await expect(page.getByLabel('Term language')).toHaveValue('')
  await expect(page.getByLabel('Term language').getByRole('option', { name: 'Automatic' })).toHaveCount(1)
  await page.getByLabel('Term language').selectOption({ label: 'Japanese' })
  await page.getByLabel('Definition language').selectOption({ label: 'English (US)' })
  await axeClean(page)
  await page.getByRole('button', { name: 'Create Study Set' }).click()
  await expect(page).toHaveURL((url) => /^\/study-sets\/[^/]+$/.test(url.pathname) && url.pathname !== '/study-sets/create')
  const setId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '')
  const cards = await addCards(server, owner, setId, CARDS)
  await page.reload()

  // The Terms list: each row reads its term in Japanese and its definition in English.
  const row = page.getByRole('listitem').filter({ hasText: 'cat' })
  await readAloud(page, row.getByRole('button', { name: 'Read term aloud' }), '猫', 'ja')
  await readAloud(page, row.getByRole('button', { name: 'Read definition aloud' }), 'cat', 'en-US')
  expect(await lastSpoken(page)).toMatchObject({ voice: 'Test English' })
  await axeClean(page)

  // Flashcards: the shown side is read, and the card does not turn over.
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const view = page.getByRole('region', { name: 'Flashcards' })
  const card = view.getByRole('button', { name: /^(Term|Definition)/ })
  await expect(card).toHaveAccessibleName(/^Term\s*猫$/)
  await readAloud(page, view.getByRole('button', { name: 'Read term aloud' }), '猫', 'ja')
  expect(await lastSpoken(page)).toMatchObject({ voice: 'Test Japanese' })
  await expect(card).toHaveAttribute('aria-pressed', 'false')
  await card.click()
  await expect(card).toHaveAttribute('aria-pressed', 'true')
  await readAloud(page, view.getByRole('button', { name: 'Read definition aloud' }), 'cat', 'en-US')
  await expect(card).toHaveAttribute('aria-pressed', 'true')
  await expect(view.getByRole('button', { name: 'Read term aloud' })).toHaveCount(0)
  await axeClean(page)

  // Learn: the term of the question.
  await page.goto(`/study-sets/${setId}/learn`)
  const term = page.getByRole('main').getByRole('heading', { level: 2 })
  await expect(term).toHaveText(/^(猫|いぬ|とり|さかな)$/)
  await readAloud(page, page.getByRole('button', { name: 'Read term aloud' }), (await term.textContent()) ?? '', 'ja')
  await axeClean(page)

  // Write: the term, and the correct answer once checked.
  await page.goto(`/study-sets/${setId}/write`)
  const termCard = page.getByRole('region', { name: 'Term' })
  await expect(termCard.getByText(/^(猫|いぬ|とり|さかな)$/)).toBeVisible()
  const writeTerm = (await termCard.getByText(/^(猫|いぬ|とり|さかな)$/).textContent()) ?? ''
  await readAloud(page, termCard.getByRole('button', { name: 'Read term aloud' }), writeTerm, 'ja')
  await page.getByLabel('Your answer').fill('no idea')
  await page.getByRole('button', { name: 'Check Answer' }).click()
  await expect(page.getByText('Incorrect.')).toBeVisible()
  const answer = CARDS.find(([japanese]) => japanese === writeTerm)?.[1] ?? ''
  await readAloud(page, page.getByRole('button', { name: 'Read definition aloud' }), answer, 'en-US')
  await axeClean(page)

  // Review: a card answered wrongly days ago is due; its set's languages come with it.
  await answerLongAgo(server, owner, setId, cards[1]!)
  await page.goto(`/review?set=${setId}`)
  const review = page.getByRole('region', { name: 'Card to review' })
  await expect(review.getByText('いぬ', { exact: true })).toBeVisible()
  await readAloud(page, review.getByRole('button', { name: 'Read term aloud' }), 'いぬ', 'ja')
  // Typed (one card due still has multiple choice: its options come from the set's other cards).
  await page.getByRole('radio', { name: 'Typing' }).check()
  await review.getByRole('textbox', { name: 'Type the definition' }).fill('no idea')
  await review.getByRole('button', { name: 'Check Answer' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Incorrect.' })).toBeVisible()
  await readAloud(page, page.getByRole('button', { name: 'Read definition aloud' }), 'dog', 'en-US')
  await axeClean(page)

  // The edit dialog: terms back to Automatic (guessed Japanese from the kana; 猫 alone would be
  // Chinese), definitions in
  // Korean, which this browser has no voice for: no definition button anywhere.
  await page.goto(`/study-sets/${setId}`)
  await page.getByRole('button', { name: 'Edit Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Set' })
  await expect(dialog.getByLabel('Term language')).toHaveValue('ja')
  await expect(dialog.getByLabel('Definition language')).toHaveValue('en-US')
  await dialog.getByLabel('Term language').selectOption({ label: 'Automatic' })
  await dialog.getByLabel('Definition language').selectOption({ label: 'Korean' })
  await expect(
    axeBuilder(page)
      .include('dialog[open]')
      .analyze()
      .then((result) => result.violations),
  ).resolves.toEqual([])
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Read term aloud' })).toHaveCount(CARDS.length)
  await expect(page.getByRole('button', { name: 'Read definition aloud' })).toHaveCount(0)
  await readAloud(page, page.getByRole('listitem').filter({ hasText: 'bird' }).getByRole('button', { name: 'Read term aloud' }), 'とり', 'ja')
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await card.click()
  await expect(card).toHaveAttribute('aria-pressed', 'true')
  await expect(view.getByRole('button', { name: /aloud$/ })).toHaveCount(0)
})

test('on a phone the flashcard speaker is in reach, reads without flipping, and the page stays accessible', async ({ page, server }) => {
  await stubSpeech(page)
  await page.setViewportSize({ width: 375, height: 667 })
  const owner = await newOwner(server)
  await signIn(page, owner.account)
  // No languages chosen: Latin script is read in the browser's language, Japanese by its script.
  await page.goto('/study-sets/create')
  await page.getByLabel('Title', { exact: true }).fill('Greetings')
  await page.getByRole('button', { name: 'Create Study Set' }).click()
  await expect(page).toHaveURL((url) => /^\/study-sets\/[^/]+$/.test(url.pathname) && url.pathname !== '/study-sets/create')
  const setId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '')
  await addCards(server, owner, setId, [
    ['hello', 'こんにちは'],
    ['thank you', 'ありがとう'],
  ])
  await page.reload()
  const browserLanguage = await page.evaluate(() => navigator.language)

  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const view = page.getByRole('region', { name: 'Flashcards' })
  const card = view.getByRole('button', { name: /^(Term|Definition)/ })
  const speaker = view.getByRole('button', { name: 'Read term aloud' })
  // With the card scrolled to, its speaker is on screen with it (not pushed off the side).
  await card.scrollIntoViewIfNeeded()
  await expect(card).toBeInViewport()
  await expect(speaker).toBeInViewport()
  const box = await speaker.boundingBox()
  expect(box?.width).toBeGreaterThanOrEqual(44)
  expect(box?.height).toBeGreaterThanOrEqual(44)
  await readAloud(page, speaker, 'hello', browserLanguage)
  await expect(card).toHaveAttribute('aria-pressed', 'false')
  await card.click()
  await readAloud(page, view.getByRole('button', { name: 'Read definition aloud' }), 'こんにちは', 'ja')
  await axeClean(page)
})
