import type { Locator, Page } from '@playwright/test'
import { axeViolationsInBothThemes, fitsWidth } from './axe'
import { expect, signIn, test } from './fixtures'
import { addCards, createSet, newOwner, visitorContext } from './set-helpers'
import { answerLongAgo } from './study-helpers'

/**
 * Formulas (issue 26) in the browser at 360 px: drawn by KaTeX in the Terms list, Flashcards,
 * Learn (question and options), Write, Match tiles, Test and Review, in the editor's preview and
 * on the public set page; a formula that does not parse shows its source; hostile formulas draw
 * no link and no picture; KaTeX's code is fetched only once a formula is shown (not on the
 * landing page); axe clean in both themes (each view checked in the dark one, then the light).
 */

const PHONE = { width: 360, height: 740 }

const CARDS: Array<[string, string]> = [
  ['Circle area \\(\\pi r^2\\)', 'half of \\(\\frac{a}{b}\\)'],
  ['Quadratic formula', '\\[x = \\frac{-b \\pm \\sqrt{b^2-4ac}}{2a}\\]'],
  ['Broken \\(\\frac{1}{\\)', 'shows its source'],
  ['Link \\(\\href{javascript:alert(1)}{click}\\)', 'and \\(<img src=x onerror=alert(1)>\\)'],
]

/** Drawn formulas inside `scope`: KaTeX's HTML is there and visible. */
async function expectDrawn(scope: Locator): Promise<void> {
  await expect(scope.locator('[data-formula="drawn"] .katex').first()).toBeVisible()
}

async function expectCleanPage(page: Page): Promise<void> {
  expect(await axeViolationsInBothThemes(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
  // Hostile formulas: no javascript: link, no <img src=x>, anywhere.
  expect(await page.locator('a[href^="javascript"], img[src="x"]').count()).toBe(0)
}

test.describe.configure({ timeout: 120_000 })

test('formulas are drawn in every mode at 360 px, axe clean in both themes', async ({ page, server, browser }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Formulas', isPublic: true })
  const cards = await addCards(server, owner, set.id, CARDS)
  for (const card of cards) await answerLongAgo(server, owner, set.id, card)
  await page.setViewportSize(PHONE)

  // The landing page does not fetch KaTeX.
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((path) => path.includes('formula-render'))).toEqual([])

  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  const main = page.getByRole('main')
  // Terms list (the set page): inline and display formulas drawn; the broken one shows its source.
  await expectDrawn(main)
  await expect(main.locator('.katex-display').first()).toBeVisible()
  await expect(main.getByText('\\(\\frac{1}{\\)', { exact: true })).toBeVisible()
  expect(scripts.some((path) => path.includes('formula-render'))).toBe(true)
  await expectCleanPage(page)

  // The editor's preview: the formula as it will be shown, while typing.
  const form = page.getByRole('form', { name: 'Add flashcard' })
  await form.getByLabel('Term', { exact: true }).fill('Euler \\(e^{i\\pi}+1=0\\)')
  await expectDrawn(form.getByLabel('Term preview'))
  await expectCleanPage(page)

  // Flashcards (on the set page): the front of the first card.
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  await expectDrawn(page.getByRole('region', { name: 'Flashcards' }))
  await expectCleanPage(page)

  // Learn: the question or its options carry formulas (every card has one on a side).
  await page.goto(`/study-sets/${set.id}/learn`)
  await expectDrawn(main)
  await expectCleanPage(page)

  // Write: the prompt.
  await page.goto(`/study-sets/${set.id}/write`)
  await expectDrawn(main)
  await expectCleanPage(page)

  // Match tiles.
  await page.goto(`/study-sets/${set.id}/match`)
  await page.getByRole('button', { name: 'Start Game' }).click()
  await expectDrawn(main)
  await expectCleanPage(page)

  // Test: questions and choices.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.goto(`/study-sets/${set.id}/test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await expectDrawn(main)
  await expectCleanPage(page)

  // Review: every card is due.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.goto(`/review?set=${set.id}`)
  await expectDrawn(page.getByRole('region', { name: 'Card to review' }))
  await expectCleanPage(page)

  // The public set page, for a visitor.
  const visitor = await visitorContext(browser, server)
  try {
    await visitor.page.setViewportSize(PHONE)
    await visitor.page.goto(`/study-sets/${set.id}`)
    await expectDrawn(visitor.page.getByRole('main'))
    expect(await fitsWidth(visitor.page)).toBe(true)
  } finally {
    await visitor.context.close()
  }
})
