import { axeBuilder, WCAG_TAGS } from './axe'
import type { Locator, Page } from '@playwright/test'
import { solid } from '#tests/support/images'
import { expect, test } from './fixtures'
import { addCards, createSet, newOwner, openSetAsOwner, visitorContext } from './set-helpers'

/**
 * Issue 16 in the browser, at a phone's width: pictures added in the add-card form by the file
 * chooser and by pasting, then seen in the Terms list, Flashcards, Learn, Write, Match, Test and
 * on the public set page, each loaded (not a broken image), with axe clean.
 */

const PHONE = { width: 375, height: 740 }

async function axeClean(page: Page): Promise<void> {
  expect((await axeBuilder(page).withTags(WCAG_TAGS).analyze()).violations).toEqual([])
}

/** The picture `name` inside `scope` is shown and its bytes decoded. */
async function expectLoaded(scope: Locator | Page, name: string | RegExp): Promise<void> {
  const image = scope.getByRole('img', { name, exact: typeof name === 'string' }).first()
  await image.scrollIntoViewIfNeeded()
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
}

/** Pastes a PNG into `target` as the clipboard would (a paste event carrying the file). */
async function pastePicture(target: Locator, png: Buffer): Promise<void> {
  await target.evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const data = new DataTransfer()
    data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }))
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, png.toString('base64'))
}

test('pictures added by file chooser and by paste show in every mode on a phone, axe clean', async ({ page, server, browser }) => {
  // Every study mode, two uploads and axe on each: longer than the default timeout on a loaded 2-core machine.
  test.slow()
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Bones', isPublic: true })
  await addCards(server, owner, set.id, [
    ['Tibia', 'shin bone'],
    ['Ulna', 'forearm bone, little-finger side'],
  ])
  await page.setViewportSize(PHONE)
  await openSetAsOwner(page, owner, set)
  const form = page.getByRole('form', { name: 'Add flashcard' })

  // The file chooser: a picture beside the term's text, previewed before the card is added.
  await form.getByLabel('Term', { exact: true }).fill('Femur')
  await form.getByLabel('Add term picture').setInputFiles({ name: 'femur.png', mimeType: 'image/png', buffer: await solid(60, 40, '#c82828').png().toBuffer() })
  await expectLoaded(form, 'Picture for Femur')
  await form.getByLabel('Definition', { exact: true }).fill('thigh bone')
  await axeClean(page)
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(form.getByLabel('Term', { exact: true })).toHaveValue('')

  // Paste: a picture alone as the definition.
  await form.getByLabel('Term', { exact: true }).fill('Skull')
  await pastePicture(form.getByLabel('Definition', { exact: true }), await solid(50, 50, '#2828c8').png().toBuffer())
  await expectLoaded(form, 'The definition picture')
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(form.getByLabel('Term', { exact: true })).toHaveValue('')

  // Terms list: the term's text as alt text, 'Image for card N' for a picture alone.
  await expectLoaded(page.getByRole('main'), 'Femur')
  await expectLoaded(page.getByRole('main'), 'Image for card 4')
  await axeClean(page)

  // Flashcards: the front of Femur's card carries its picture.
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  for (let step = 0; step < 4 && !(await flashcards.getByRole('img', { name: 'Femur' }).isVisible()); step++) {
    await flashcards.getByRole('button', { name: 'Next card', exact: true }).click()
  }
  await expectLoaded(flashcards, 'Femur')

  // Learn: Femur's question shows the picture; Skull's right answer is a picture.
  await page.goto(`/study-sets/${set.id}/learn`)
  const seen = new Set<string>()
  for (let question = 0; question < 4; question++) {
    const term = ((await page.getByRole('main').getByRole('heading', { level: 2 }).textContent()) ?? '').trim()
    seen.add(term)
    if (term === 'Femur') await expectLoaded(page.getByRole('main'), 'Femur')
    if (term === 'Skull') await expect(page.getByRole('group', { name: 'Skull', exact: true }).getByRole('img').first()).toBeVisible()
    if (question === 0) await axeClean(page)
    await page.keyboard.press('1')
    await page.getByRole('button', { name: /^(Next Card|Finish Batch)$/ }).click()
  }
  expect(seen).toEqual(new Set(['Tibia', 'Ulna', 'Femur', 'Skull']))

  // Write: the term's picture in the prompt; a card whose definition is a picture alone is left out, saying so.
  await page.goto(`/study-sets/${set.id}/write`)
  await expect(page.getByText('1 card whose definition is only a picture is left out: a picture cannot be typed.', { exact: false })).toBeVisible()
  await expect(page.getByText(/Card 1\/3/)).toBeVisible()
  const prompt = page.getByRole('region', { name: 'Term' })
  for (let card = 0; card < 3 && !(await prompt.getByRole('img', { name: 'Femur' }).isVisible()); card++) {
    const box = page.getByPlaceholder('Type your answer here...')
    await box.fill('no idea')
    await box.press('Enter')
    await page.keyboard.press('Enter')
    await expect(page.getByRole('button', { name: 'Leave' })).toHaveCount(0)
  }
  await expectLoaded(prompt, 'Femur')
  await axeClean(page)

  // Match: picture tiles.
  page.once('dialog', (dialog) => void dialog.accept())
  await page.goto(`/study-sets/${set.id}/match`)
  await page.getByRole('button', { name: 'Start Game' }).click()
  await expectLoaded(page.getByRole('main'), 'Femur')
  // A picture-only answer tile is named without its card's number (which could give the pair away).
  await expectLoaded(page.getByRole('main'), 'Picture of a definition')
  await axeClean(page)

  // Test: the questions show the pictures.
  await page.goto(`/study-sets/${set.id}/test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await expectLoaded(page.getByRole('main'), 'Femur')
  await axeClean(page)

  // The public set page, for a visitor: lazy pictures that load when scrolled to.
  const visitor = await visitorContext(browser, server)
  try {
    await visitor.page.setViewportSize(PHONE)
    await visitor.page.goto(`/study-sets/${set.id}`)
    await expect(visitor.page.getByRole('main').getByRole('img', { name: 'Femur' }).first()).toHaveAttribute('loading', 'lazy')
    await expectLoaded(visitor.page.getByRole('main'), 'Femur')
    await expectLoaded(visitor.page.getByRole('main'), 'Image for card 4')
    const overflow = await visitor.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  } finally {
    await visitor.context.close()
  }
})
