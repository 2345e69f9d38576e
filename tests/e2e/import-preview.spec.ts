import { axeBuilder, WCAG_TAGS } from './axe'
import type { Locator, Page } from '@playwright/test'
import { buildAnkiPackage } from '#tests/support/anki-packages'
import { solid } from '#tests/support/images'
import { expect, signIn, test } from './fixtures'
import { newOwner, type Owner, ownerTermRows, termsHeading } from './set-helpers'

/**
 * The import dialog's preview (issue 17, "Bring your cards"): a file or pasted text is read by
 * POST /api/imports/preview, shown with its sets, cards and problems, and nothing is saved until
 * the student presses Import.
 */

async function openImportDialog(page: Page, owner: Owner) {
  await signIn(page, owner.account)
  await page.goto('/my-sets')
  await page.getByRole('button', { name: 'Import Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Set' })
  await expect(dialog).toBeVisible()
  return dialog
}

const mySetCards = (page: Page) => page.getByRole('main').getByRole('article')

async function expectNoSerious(page: Page) {
  const results = await axeBuilder(page).withTags(WCAG_TAGS).include('[role="dialog"]').analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([])
}

test('an Anki package with two decks is previewed, one deck left out, the other imported with its edited title', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const bytes = buildAnkiPackage({
    generation: 'anki21b',
    notes: [
      { fields: ['Hund', 'dog'], deck: 'German::Animals', tags: ['animals'] },
      { fields: ['Katze', 'cat'], deck: 'German::Animals' },
      { fields: ['2 + 2', '4'], deck: 'Maths' },
    ],
  })
  await dialog.getByLabel('File').setInputFiles({ name: 'Decks.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) })

  const preview = dialog.getByRole('region', { name: 'Import preview' })
  await expect(preview).toContainText('Format found: Anki package (.apkg)')
  const german = preview.getByRole('article', { name: /German › Animals/ })
  await expect(german).toContainText('2 cards')
  await expect(german).toContainText('Hund')
  await expect(german).toContainText('dog')
  await expect(preview.getByRole('article', { name: /Maths/ })).toContainText('1 card')
  await expectNoSerious(page)

  // Nothing is saved by the preview.
  await expect(page.getByText('You have no study sets yet.')).toBeVisible()

  await dialog.getByLabel('Import “Maths”').uncheck()
  await dialog.getByLabel('Title of set 1').fill('German animals')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()

  await expect(page).toHaveURL(/\/study-sets\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'German animals', exact: true })).toBeVisible()
  await expect(termsHeading(page, 2)).toBeVisible()
  await expect(ownerTermRows(page).nth(0)).toContainText('Hund')
  await expect(ownerTermRows(page).nth(1)).toContainText('Katze')
  await page.goto('/my-sets')
  await expect(mySetCards(page)).toHaveCount(1)
})

async function pasteText(dialog: Locator, text: string) {
  await dialog.getByLabel('Paste text').check()
  await dialog.getByLabel('Text to import').fill(text)
}

test('pasted Quizlet text with comma and semicolon separators, and with custom ones', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await pasteText(dialog, 'sol,sun;luna,moon;estrella,star')
  await dialog.getByRole('group', { name: 'Between term and definition' }).getByLabel('Comma').check()
  await dialog.getByRole('group', { name: 'Between rows' }).getByLabel('Semicolon').check()
  await dialog.getByRole('button', { name: 'Preview' }).click()

  const preview = dialog.getByRole('region', { name: 'Import preview' })
  await expect(preview).toContainText('Format found: Text')
  await expect(preview).toContainText('3 cards')
  await expect(dialog.getByLabel('Title')).toHaveValue('Pasted cards')

  // Changing a separator drops the preview: the custom ones read the same cards.
  await dialog.getByRole('group', { name: 'Between term and definition' }).getByLabel('Custom', { exact: true }).check()
  await expect(preview).toHaveCount(0)
  await dialog.getByLabel('Text to import').fill('sol = sun | luna = moon | estrella = star')
  await dialog.getByLabel('Custom separator (between term and definition)').fill(' = ')
  await dialog.getByRole('group', { name: 'Between rows' }).getByLabel('Custom', { exact: true }).check()
  await dialog.getByLabel('Custom separator (between rows)').fill(' | ')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(preview).toContainText('3 cards')
  await dialog.getByLabel('Title').fill('Sky words')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Sky words', exact: true })).toBeVisible()
  await expect(termsHeading(page, 3)).toBeVisible()
  const rows = ownerTermRows(page)
  for (const [index, [term, definition]] of [
    ['sol', 'sun'],
    ['luna', 'moon'],
    ['estrella', 'star'],
  ].entries()) {
    await expect(rows.nth(index)).toContainText(term as string)
    await expect(rows.nth(index)).toContainText(definition as string)
  }
})

test('problems are listed with their line numbers before anything is imported', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await pasteText(dialog, `a\tb\nno tab\n\tno term\n${'t'.repeat(130)}\tlong`)
  await dialog.getByRole('button', { name: 'Preview' }).click()
  const problems = dialog.getByRole('list', { name: 'Problems found' })
  await expect(dialog.getByRole('heading', { name: '3 problems' })).toBeVisible()
  await expect(problems.getByRole('listitem')).toHaveText(['line 2: no definition, skipped', 'line 3: no term, skipped', 'line 4: term cut to 120 characters'])
  await expect(dialog.getByRole('region', { name: 'Import preview' })).toContainText('2 cards')
  await expectNoSerious(page)

  // Nothing usable: the last problem shows as the dialog's error and there is nothing to import.
  await dialog.getByLabel('Text to import').fill('only a term\nanother')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'No valid flashcards found in file' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('You have no study sets yet.')).toBeVisible()
})

test('a 1200-card CSV is split into three sets of at most 500, then My Sets shows them', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const rows = Array.from({ length: 1200 }, (_, index) => `term ${index + 1},definition ${index + 1}`)
  await dialog.getByLabel('File').setInputFiles({ name: 'Big list.csv', mimeType: 'text/csv', buffer: Buffer.from(`Term,Definition\n${rows.join('\n')}\n`) })

  const preview = dialog.getByRole('region', { name: 'Import preview' })
  await expect(preview).toContainText('1,200 cards')
  await expect(dialog.getByLabel('Split into sets of 500')).toBeChecked()
  await expect(dialog.getByRole('list', { name: 'Sets to be created' }).getByRole('listitem')).toHaveText([
    'Big list (1 of 3): 500 cards',
    'Big list (2 of 3): 500 cards',
    'Big list (3 of 3): 200 cards',
  ])
  await dialog.getByLabel('Import the first 500').check()
  await expect(dialog.getByRole('list', { name: 'Sets to be created' })).toHaveCount(0)
  await dialog.getByLabel('Split into sets of 500').check()
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()

  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL(/\/my-sets$/)
  for (const [title, count] of <Array<[string, string]>>[
    ['Big list (1 of 3)', '500 cards'],
    ['Big list (2 of 3)', '500 cards'],
    ['Big list (3 of 3)', '200 cards'],
  ]) {
    await expect(mySetCards(page).filter({ hasText: title })).toContainText(count)
  }
})

test('at a phone width the preview fits and imports', async ({ page, server }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await pasteText(dialog, 'a rather long term that wraps on a phone\ta definition that is long enough to wrap as well on a narrow screen')
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByRole('region', { name: 'Import preview' })).toContainText('1 card')
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const box = await dialog.boundingBox()
  expect(box?.width ?? 0).toBeLessThanOrEqual(360)
  await expectNoSerious(page)
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pasted cards', exact: true })).toBeVisible()
})

test("an Anki package's pictures show in the preview and come with the cards; a missing one is reported", async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const png = await solid(48, 32, '#1ea05a').png().toBuffer()
  const bytes = buildAnkiPackage({
    generation: 'anki21',
    notes: [
      { fields: ['Leaf <img src="leaf.png">', 'makes sugar from light'], deck: 'Botany' },
      { fields: ['Root', '<img src="gone.png">'], deck: 'Botany' },
      { fields: ['Stem', 'carries water'], deck: 'Botany' },
    ],
    media: { 'leaf.png': new Uint8Array(png) },
    listedButMissing: ['gone.png'],
  })
  await dialog.getByLabel('File').setInputFiles({ name: 'Botany.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) })
  const preview = dialog.getByRole('region', { name: 'Import preview' })
  await expect(preview.getByRole('article', { name: /Botany/ })).toContainText('2 cards')
  const picture = preview.getByRole('img', { name: 'Leaf' })
  await expect(picture).toBeVisible()
  await expect.poll(() => picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
  await expect(preview).toContainText('gone.png')
  await expectNoSerious(page)

  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Botany', exact: true })).toBeVisible()
  const imported = page.getByRole('main').getByRole('img', { name: 'Leaf' }).first()
  await expect(imported).toBeVisible()
  await expect.poll(() => imported.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
})
