import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { apiCall, expect, signIn, test } from './fixtures'
import { addCards, createSet, newOwner, openSetAsOwner, type Owner, ownerTermRows, termsHeading } from './set-helpers'

/**
 * The import dialog of My Sets and the set page's export dialog (docs/content-rules.md, 'Import' and 'Export'):
 * files go in through the file chooser (or a drop), come out as downloads compared byte for byte.
 */

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })
const jsonFile = (name: string, data: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(typeof data === 'string' ? data : JSON.stringify(data), 'utf8'),
})

async function openImportDialog(page: Page, owner: Owner) {
  await signIn(page, owner.account)
  await page.goto('/my-sets')
  await page.getByRole('button', { name: 'Import Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Set' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** The terms of the owner's Terms list, in order. */
async function expectTerms(page: Page, cards: Array<[string, string]>) {
  await expect(termsHeading(page, cards.length)).toBeVisible()
  const rows = ownerTermRows(page)
  await expect(rows).toHaveCount(cards.length)
  for (const [index, [term, definition]] of cards.entries()) {
    await expect(rows.nth(index)).toContainText(term)
    await expect(rows.nth(index)).toContainText(definition)
  }
}

test('a CSV file becomes a new set, titled after the file, and the app opens it', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await dialog.getByLabel('File').setInputFiles(csvFile('Spanish Basics.csv', 'Term,Definition\r\nhola,hello\r\nadiós,goodbye\r\n"uno, dos","one, two"\r\n'))
  await expect(dialog.getByLabel('Title')).toHaveValue('Spanish Basics')
  await expect(dialog.getByText('Spanish Basics.csv')).toBeVisible()
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()

  await expect(page).toHaveURL(/\/study-sets\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Spanish Basics', exact: true })).toBeVisible()
  await expectTerms(page, [
    ['hola', 'hello'],
    ['adiós', 'goodbye'],
    ['uno, dos', 'one, two'],
  ])
})

test('a JSON file (term/definition or front/back) imports with its title and description', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await dialog
    .getByLabel('File')
    .setInputFiles(
      jsonFile('chemistry.json', [
        { term: 'H2O', definition: 'Water' },
        { front: 'NaCl', back: 'Table salt' },
        { term: 'No definition' },
        { term: 'CO2', definition: 'Carbon dioxide' },
      ]),
    )
  await expect(dialog.getByLabel('Title')).toHaveValue('chemistry')
  await dialog.getByLabel('Title').fill('Chemistry Formulas')
  await dialog.getByLabel('Description (optional)').fill('Common compounds')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Chemistry Formulas', exact: true })).toBeVisible()
  await expect(page.getByText('Common compounds')).toBeVisible()
  await expectTerms(page, [
    ['H2O', 'Water'],
    ['NaCl', 'Table salt'],
    ['CO2', 'Carbon dioxide'],
  ])

  await page.goto('/my-sets')
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: 'Chemistry Formulas' })).toContainText('3 cards')
})

test('a file dropped onto the dialog is chosen like one from the file chooser', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['Term,Definition\nsun,star\n'], 'Dropped Deck.csv', { type: 'text/csv' }))
    return transfer
  })
  const zone = dialog.getByTestId('import-drop-zone')
  await zone.dispatchEvent('dragenter', { dataTransfer })
  await zone.dispatchEvent('dragover', { dataTransfer })
  await zone.dispatchEvent('drop', { dataTransfer })
  await expect(dialog.getByLabel('Title')).toHaveValue('Dropped Deck')
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dropped Deck', exact: true })).toBeVisible()
  await expectTerms(page, [['sun', 'star']])
})

test('the dialog shows each of the import messages in red and stays usable', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const file = dialog.getByLabel('File')
  const title = dialog.getByLabel('Title')
  const description = dialog.getByLabel('Description (optional)')
  const importButton = dialog.getByRole('button', { name: 'Import', exact: true })
  const expectError = async (message: string, button = importButton) => {
    const alert = dialog.getByRole('alert').filter({ hasText: message })
    await expect(alert).toBeVisible()
    await expect(alert).toHaveCSS(
      'color',
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-danger').trim()).then(hexToRgb),
    )
    await expect(button).toBeEnabled()
  }

  // Before a file is previewed the dialog's button is Preview.
  const previewButton = dialog.getByRole('button', { name: 'Preview', exact: true })
  await previewButton.click()
  await expectError('Please select a file', previewButton)

  await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') })
  await expectError('Only .apkg, .colpkg, .csv, .tsv, .txt, .json files are supported', previewButton)
  await previewButton.click()
  await expectError('Only .apkg, .colpkg, .csv, .tsv, .txt, .json files are supported', previewButton)

  const tooBig = Buffer.alloc(5 * 1024 * 1024 + 1, 'a')
  await file.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: tooBig })
  await expectError('File size exceeds the maximum limit of 5MB', previewButton)

  // The server's preview reads each chosen file: its messages show before anything is imported.
  await file.setInputFiles(jsonFile('broken.json', '{"term": "oops"'))
  await expectError('Invalid JSON format', previewButton)

  await file.setInputFiles(jsonFile('object.json', { term: 'one', definition: 'uno' }))
  await expectError('JSON must contain an array of flashcards', previewButton)

  await file.setInputFiles(csvFile('header-only.csv', 'Term,Definition\n'))
  await expectError('CSV must contain at least one row of data', previewButton)

  await file.setInputFiles(jsonFile('empty-cards.json', [{ term: 'lonely' }, { definition: 'no term' }]))
  await expectError('No valid flashcards found in file', previewButton)

  // Over 500 cards the preview offers the split instead of refusing the file.
  const cards501 = Array.from({ length: 501 }, (_, index) => ({ term: `term ${index + 1}`, definition: `definition ${index + 1}` }))
  await file.setInputFiles(jsonFile('many.json', cards501))
  await expect(dialog.getByText('A set holds at most 500 cards')).toBeVisible()
  await expect(dialog.getByLabel('Split into sets of 500')).toBeChecked()

  // A valid file, then the title and description checks.
  await file.setInputFiles(csvFile('fine.csv', 'Term,Definition\na,b\n'))
  await expect(title).toHaveValue('fine')
  await title.fill('')
  await importButton.click()
  await expectError('Title is required')
  await title.fill('x'.repeat(46))
  await importButton.click()
  await expectError('Title must be less than 45 characters')
  await title.fill('x'.repeat(45))
  await description.fill('d'.repeat(301))
  await importButton.click()
  await expectError('Description must be less than 300 characters')
  await expect(dialog.getByRole('alert').filter({ hasText: 'Title must be less than 45 characters' })).toHaveCount(0)

  // Nothing was imported along the way.
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('You have no study sets yet.')).toBeVisible()
})

test('a long file name is cut to 45 characters for the title', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  const name = `${'Biology chapter one cells and tissues and organs'}.json`
  await dialog.getByLabel('File').setInputFiles(jsonFile(name, [{ term: 'cell', definition: 'unit of life' }]))
  await expect(dialog.getByLabel('Title')).toHaveValue('Biology chapter one cells and tissues and org')
})

test('an import answered 429 is retried after Retry-After and then succeeds', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  let calls = 0
  await page.route('**/api/sets/import', async (route) => {
    calls += 1
    if (calls === 1) {
      await route.fulfill({
        status: 429,
        headers: { 'Retry-After': '1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ error: { status: 429, code: 'rate_limited', message: 'Too Many Requests' } }),
      })
      return
    }
    await route.continue()
  })
  await dialog.getByLabel('File').setInputFiles(csvFile('Retried.csv', 'Term,Definition\nonce,again\n'))
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByRole('status')).toContainText('retrying in 1 s')
  await expect(page.getByRole('heading', { level: 1, name: 'Retried', exact: true })).toBeVisible()
  await expectTerms(page, [['once', 'again']])
  expect(calls).toBe(2)
})

test('a server error shows its message and re-enables the form', async ({ page, server }) => {
  const owner = await newOwner(server)
  const dialog = await openImportDialog(page, owner)
  await page.route('**/api/sets/import', (route) =>
    route.fulfill({
      status: 400,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: { status: 400, code: 'invalid_input', message: 'No valid flashcards found in file' } }),
    }),
  )
  await dialog.getByLabel('File').setInputFiles(csvFile('Refused.csv', 'Term,Definition\na,b\n'))
  await dialog.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'No valid flashcards found in file' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeEnabled()
  await expect(dialog.getByLabel('Title')).toBeEnabled()
})

const EXPORT_CARDS: Array<[string, string]> = [
  ['Capital of France', 'Paris'],
  ['Primary colours', 'red, yellow, blue'],
  ['Quote', 'She said "hi"'],
  ['Café', 'coffee, or a small restaurant'],
]

/** The JSON export of EXPORT_CARDS: each card with its guid (issue 27), two-space indented, a final line break. */
const expectedJson = (guids: string[]) =>
  `${JSON.stringify(
    EXPORT_CARDS.map(([term, definition], index) => ({ term, definition, guid: guids[index] })),
    null,
    2,
  )}\n`

const EXPECTED_CSV =
  'Term,Definition\r\n' +
  'Capital of France,Paris\r\n' +
  'Primary colours,red; yellow; blue\r\n' +
  'Quote,"She said ""hi"""\r\n' +
  'Café,coffee; or a small restaurant\r\n'

async function download(page: Page, button: string) {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Export Set' })
  await expect(dialog).toBeVisible()
  const downloaded = page.waitForEvent('download')
  await dialog.getByRole('button', { name: button }).click()
  const file = await downloaded
  const path = await file.path()
  await expect(dialog).toBeHidden()
  return { name: file.suggestedFilename(), path, bytes: readFileSync(path) }
}

test('the owner exports the set as JSON and as CSV, named after the title', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'French: Café Words' })
  await addCards(server, owner, set.id, EXPORT_CARDS)
  await openSetAsOwner(page, owner, set)

  const json = await download(page, 'Export as JSON')
  expect(json.name).toBe('French_ Café Words.json')
  const listed = (await (await apiCall(server, 'GET', `/sets/${set.id}/cards`, undefined, owner.token)).json()) as { items: Array<{ guid: string }> }
  expect(json.bytes.toString('utf8')).toBe(expectedJson(listed.items.map((card) => card.guid)))

  const csv = await download(page, 'Export as CSV')
  expect(csv.name).toBe('French_ Café Words.csv')
  expect(csv.bytes.equals(Buffer.from(EXPECTED_CSV, 'utf8'))).toBe(true)
})

test('an exported file imports back into the same cards (JSON and CSV)', async ({ page, server }) => {
  const owner = await newOwner(server)
  const cards: Array<[string, string]> = [
    ['mitochondria', 'powerhouse of the cell'],
    ['ribosome', 'makes "proteins"'],
    ['nucleus', 'holds the DNA'],
  ]
  const set = await createSet(server, owner, { title: 'Cell Parts' })
  await addCards(server, owner, set.id, cards)
  await openSetAsOwner(page, owner, set)
  const json = await download(page, 'Export as JSON')
  const csv = await download(page, 'Export as CSV')

  for (const exported of [json, csv]) {
    await page.goto('/my-sets')
    await page.getByRole('button', { name: 'Import Set' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Set' })
    await dialog.getByLabel('File').setInputFiles({ name: exported.name, mimeType: 'text/plain', buffer: exported.bytes })
    await expect(dialog.getByLabel('Title')).toHaveValue('Cell Parts')
    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page).not.toHaveURL(new RegExp(`/study-sets/${set.id}$`))
    await expect(page).toHaveURL(/\/study-sets\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Cell Parts', exact: true })).toBeVisible()
    await expectTerms(page, cards)
  }
})

test('visitors see no Export action', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Shared Set', isPublic: true })
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Shared Set' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toHaveCount(0)
})

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('Export sits in the Set settings menu', async ({ page, server }) => {
    const owner = await newOwner(server)
    const set = await createSet(server, owner, { title: 'Pocket Export' })
    await addCards(server, owner, set.id, [['one', 'uno']])
    await openSetAsOwner(page, owner, set)
    await page.getByRole('button', { name: 'Set settings' }).click()
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Export Set' })
    const downloaded = page.waitForEvent('download')
    await dialog.getByRole('button', { name: 'Export as CSV' }).click()
    const file = await downloaded
    expect(file.suggestedFilename()).toBe('Pocket Export.csv')
    expect(readFileSync(await file.path(), 'utf8')).toBe('Term,Definition\r\none,uno\r\n')
  })
})

function hexToRgb(value: string): string {
  const hex = value.replace('#', '')
  const full = hex.length === 3 ? [...hex].map((char) => char + char).join('') : hex
  const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}
