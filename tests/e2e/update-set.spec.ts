import type { Page } from '@playwright/test'
import { axeViolationsInBothThemes, fitsWidth } from './axe'
import { apiCall, type E2EServer, expect, signIn, test } from './fixtures'
import { newOwner, type Owner, ownerTermRows, termsHeading } from './set-helpers'

/**
 * Issue 27, update in place: a newer file of one of the student's sets (here its own JSON export, edited) is
 * recognised by its cards' guids; the import dialog offers "Update an existing set", shows what would be added,
 * updated and left unchanged, and updates the set in place. At 360 px, axe clean, in both themes.
 */

test.use({ viewport: { width: 360, height: 800 }, reducedMotion: 'reduce' })

async function exportedJson(server: E2EServer, owner: Owner, setId: string): Promise<Array<Record<string, unknown>>> {
  const response = await fetch(`${server.url}/api/sets/${setId}/export?format=json`, { headers: { Authorization: `Bearer ${owner.token}` } })
  return (await response.json()) as Array<Record<string, unknown>>
}

async function expectDialogClean(page: Page) {
  expect(await axeViolationsInBothThemes(page, { include: '[role="dialog"]' })).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
}

test('a newer file of one of my sets updates it in place, axe clean in both themes', async ({ page, server }) => {
  const owner = await newOwner(server)
  const created = await apiCall(
    server,
    'POST',
    '/sets/import',
    {
      title: 'Followed deck',
      cards: [
        { term: 'sol', definition: 'sun' },
        { term: 'luna', definition: 'moon' },
      ],
    },
    owner.token,
  )
  const set = (await created.json()) as { id: string }
  const [sol, luna] = await exportedJson(server, owner, set.id)
  const newer = [sol, { ...luna, definition: 'the moon' }, { term: 'estrella', definition: 'star' }]

  await signIn(page, owner.account)
  await page.goto('/my-sets')
  await page.getByRole('button', { name: 'Import Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Set' })
  await dialog.getByLabel('File').setInputFiles({ name: 'Followed deck.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(newer)) })

  const update = dialog.getByRole('group', { name: 'Update an existing set' })
  await expect(update).toBeVisible()
  await expect(update.getByLabel('Import as a new set')).toBeChecked()
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeVisible()
  await update.getByLabel('Update “Followed deck” (2 matching cards)').check()
  await expect(update.getByRole('status')).toHaveText('1 new, 1 updated, 1 unchanged')
  await expectDialogClean(page)

  await dialog.getByRole('button', { name: 'Update set' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
  await expect(termsHeading(page, 3)).toBeVisible()
  await expect(ownerTermRows(page).nth(1)).toContainText('the moon')
  await expect(ownerTermRows(page).nth(2)).toContainText('estrella')
  // Updated, not copied: still one set.
  await page.goto('/my-sets')
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1)
})
