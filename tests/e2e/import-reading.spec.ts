import type { Page } from '@playwright/test'
import iconv from 'iconv-lite'
import { axeViolations, fitsWidth } from './axe'
import { expect, signIn, test } from './fixtures'
import { newOwner, ownerTermRows } from './set-helpers'

/**
 * Issue 27 in the browser at 360 px, in both themes: a Shift_JIS CSV whose fields hold HTML is
 * previewed as Shift_JIS with "Fields contain HTML" on; the student picks another encoding (the
 * text turns garbled), picks Shift_JIS again, turns the HTML switch off and on, and imports.
 */

const PHONE = { width: 360, height: 740 }
const CSV = 'Front,Back\n食べる,to eat<br>(a verb)\n飲む,to drink &amp; swallow\n'

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
}

for (const theme of ['dark', 'light'] as const) {
  test(`${theme} theme: the preview's encoding picker and HTML switch at 360 px`, async ({ page, server }) => {
    await page.addInitScript((chosen) => {
      try {
        localStorage.setItem('theme', chosen)
      } catch {
        // about:blank has no storage.
      }
    }, theme)
    const owner = await newOwner(server)
    await page.setViewportSize(PHONE)
    await signIn(page, owner.account)
    await page.goto('/my-sets')
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme)
    await page.getByRole('button', { name: 'Import Set' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import Set' })
    // The hint gives the server's limits (GET /api/imports/limits), not numbers of the dialog's own.
    await expect(dialog.getByText('A .json, .csv, .tsv or .txt file up to 5MB, or an Anki package (.apkg, .colpkg) up to 100MB')).toBeVisible()
    await dialog.getByLabel('File').setInputFiles({ name: 'Verbs.csv', mimeType: 'text/csv', buffer: iconv.encode(CSV, 'shift_jis') })

    const preview = dialog.getByRole('region', { name: 'Import preview' })
    const encoding = dialog.getByLabel('Text encoding')
    const html = dialog.getByRole('switch', { name: 'Fields contain HTML' })
    await expect(encoding).toHaveValue('shift_jis')
    await expect(html).toBeChecked()
    await expect(preview).toContainText('食べる')
    await expect(preview).toContainText('to drink & swallow')
    await expect(preview).not.toContainText('<br>')
    await expectAccessible(page)

    // A wrong pick reads the file again: the Japanese is gone; the right one brings it back.
    await encoding.selectOption('windows-1252')
    await expect(preview).not.toContainText('食べる')
    await expect(encoding).toHaveValue('windows-1252')
    await encoding.selectOption('shift_jis')
    await expect(preview).toContainText('食べる')

    // HTML off: the tags and entities are text, as in the file.
    await html.uncheck()
    await expect(preview).toContainText('to eat<br>(a verb)')
    await expect(preview).toContainText('&amp;')
    await expect(html).not.toBeChecked()
    await expectAccessible(page)
    await html.check()
    await expect(preview).not.toContainText('<br>')

    await dialog.getByRole('button', { name: 'Import', exact: true }).click()
    await expect(page).toHaveURL(/\/study-sets\/[^/]+$/)
    await expect(ownerTermRows(page).nth(0)).toContainText('食べる')
    await expect(ownerTermRows(page).nth(1)).toContainText('to drink & swallow')
  })
}
