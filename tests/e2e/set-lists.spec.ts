import type { Page } from '@playwright/test'
import { type E2EServer, expect, logIn, test } from './fixtures'
import { addCards, createSet, expectTitles, newOwner, type Owner, search, setCard, tagToggle, visitorContext } from './set-helpers'

// Reads the public listing, which every account on a server shares.
test.use({ ownServer: true })

/**
 * A student's four sets (three public) and another student's public one:
 *
 * | title              | description                          | tags       | public |
 * |--------------------|--------------------------------------|------------|--------|
 * | Cell Structure     | Organelles and membranes             | BIO, EXAM  | yes    |
 * | Genetics Review    | DNA replication inside the CELL core | BIO        | yes    |
 * | French Verbs       | Irregular verbs for the exam         | LANG, EXAM | yes    |
 * | Private cell notes | Only for me                          | BIO, EXAM  | no     |
 * | World History      | Empires and revolutions              | HIST, EXAM | yes    | (the other student's)
 */
async function seedSets(server: E2EServer): Promise<{ student: Owner; other: Owner }> {
  const student = await newOwner(server)
  const other = await newOwner(server)
  const structure = await createSet(server, student, { title: 'Cell Structure', description: 'Organelles and membranes', tags: 'BIO,EXAM', isPublic: true })
  await addCards(server, student, structure.id, [
    ['Nucleus', 'Control centre'],
    ['Membrane', 'Boundary'],
  ])
  await createSet(server, student, { title: 'Genetics Review', description: 'DNA replication inside the CELL core', tags: 'BIO', isPublic: true })
  await createSet(server, student, { title: 'French Verbs', description: 'Irregular verbs for the exam', tags: 'LANG,EXAM', isPublic: true })
  await createSet(server, student, { title: 'Private cell notes', description: 'Only for me', tags: 'BIO,EXAM' })
  await createSet(server, other, { title: 'World History', description: 'Empires and revolutions', tags: 'HIST,EXAM', isPublic: true })
  return { student, other }
}

async function expectTagOptions(page: Page, tags: string[]) {
  await expect(page.getByRole('group', { name: 'Filter by tag' }).getByRole('button')).toHaveText(tags)
}

test('My Sets: search narrows by title or description in any case, and two tags show only sets with both', async ({ page, server }) => {
  const { student } = await seedSets(server)
  await logIn(page, student.account)
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Sets' })).toBeVisible()
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'French Verbs', 'Private cell notes'])
  await expect(setCard(page, 'Cell Structure').getByText('2 cards', { exact: true })).toBeVisible()
  await expect(setCard(page, 'Cell Structure').getByRole('listitem')).toHaveText(['BIO', 'EXAM'])
  await expectTagOptions(page, ['BIO', 'EXAM', 'LANG'])

  // 'cElL' is in two titles and one description.
  await search(page, 'cElL')
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'Private cell notes'])
  await search(page, 'IRREGULAR')
  await expectTitles(page, ['French Verbs'])
  await search(page, '')
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'French Verbs', 'Private cell notes'])

  await tagToggle(page, 'BIO').click()
  await expect(tagToggle(page, 'BIO')).toHaveAttribute('aria-pressed', 'true')
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'Private cell notes'])
  await tagToggle(page, 'EXAM').click()
  await expectTitles(page, ['Cell Structure', 'Private cell notes'])
  await expect(page).toHaveURL(/[?&]tag=BIO&tag=EXAM$/)
  // Search and tags together.
  await search(page, 'private')
  await expectTitles(page, ['Private cell notes'])
  await search(page, '')
  // Turning BIO off leaves EXAM.
  await tagToggle(page, 'BIO').click()
  await expect(tagToggle(page, 'BIO')).toHaveAttribute('aria-pressed', 'false')
  await expectTitles(page, ['Cell Structure', 'French Verbs', 'Private cell notes'])
  // A match-nothing combination shows the empty state.
  await tagToggle(page, 'LANG').click()
  await search(page, 'membranes')
  await expect(page.getByText('No study sets found', { exact: true })).toBeVisible()
  await expect(page.getByText('Try adjusting your search terms or tag filters.', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Clear Filters' }).click()
  await expect(page.getByRole('searchbox', { name: 'Search study sets' })).toHaveValue('')
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'French Verbs', 'Private cell notes'])

  // Editing from the list (the dialog's code loads at the first opening): the card shows what was
  // saved, and a second opening starts from it.
  const editSet = page.getByRole('dialog', { name: 'Edit Set' })
  await page.getByRole('button', { name: 'Edit French Verbs' }).click()
  await editSet.getByLabel('Title', { exact: true }).fill('French Verbs II')
  await editSet.getByRole('button', { name: 'Save Changes' }).click()
  await expect(editSet).toBeHidden()
  await expectTitles(page, ['Cell Structure', 'Genetics Review', 'French Verbs II', 'Private cell notes'])
  await page.getByRole('button', { name: 'Edit French Verbs II' }).click()
  await expect(editSet.getByLabel('Title', { exact: true })).toHaveValue('French Verbs II')
  await editSet.getByRole('button', { name: 'Cancel' }).click()
  await expect(editSet).toBeHidden()
})

test('Public Sets: search and tag filters narrow the public grid, and a search matching nothing shows the empty state', async ({ page, server, browser }) => {
  const { student, other } = await seedSets(server)
  const visitor = await visitorContext(browser, server)
  try {
    for (const viewer of [visitor.page, page]) {
      if (viewer === page) await logIn(page, other.account)
      await viewer.goto('/public-sets')
      await expect(viewer.getByRole('heading', { level: 1, name: 'Public Study Sets' })).toBeVisible()
      // Only public sets, the private one is not listed, whoever looks.
      await expectTitles(viewer, ['Cell Structure', 'Genetics Review', 'French Verbs', 'World History'])
      await expect(setCard(viewer, 'Cell Structure').getByText(`By ${student.account.username}`, { exact: true })).toBeVisible()
      await expect(setCard(viewer, 'Cell Structure').getByText('2 cards', { exact: true })).toBeVisible()
      await expect(setCard(viewer, 'World History').getByText(`By ${other.account.username}`, { exact: true })).toBeVisible()
      await expect(setCard(viewer, 'World History').getByText('0 cards', { exact: true })).toBeVisible()
      await expectTagOptions(viewer, ['BIO', 'EXAM', 'HIST', 'LANG'])
    }
    const viewer = visitor.page

    await search(viewer, 'CELL')
    await expectTitles(viewer, ['Cell Structure', 'Genetics Review'])
    await search(viewer, 'revolutions')
    await expectTitles(viewer, ['World History'])
    await search(viewer, '')

    await tagToggle(viewer, 'EXAM').click()
    await expectTitles(viewer, ['Cell Structure', 'French Verbs', 'World History'])
    await tagToggle(viewer, 'BIO').click()
    await expectTitles(viewer, ['Cell Structure'])
    await tagToggle(viewer, 'EXAM').click()
    await expectTitles(viewer, ['Cell Structure', 'Genetics Review'])
    await tagToggle(viewer, 'BIO').click()
    await expectTitles(viewer, ['Cell Structure', 'Genetics Review', 'French Verbs', 'World History'])

    // The filters live in the address: a reload keeps them.
    await search(viewer, 'verbs')
    await viewer.reload()
    await expect(viewer.getByRole('searchbox', { name: 'Search study sets' })).toHaveValue('verbs')
    await expectTitles(viewer, ['French Verbs'])

    await search(viewer, 'photosynthesis')
    await expect(viewer.getByText('No study sets found', { exact: true })).toBeVisible()
    await expect(viewer.getByText('Try adjusting your search terms or tag filters.', { exact: true })).toBeVisible()
    await expect(viewer.getByRole('main').getByRole('article')).toHaveCount(0)
  } finally {
    await visitor.context.close()
  }
})

test("My Sets: each card shows whether it is public, and the edit button's dialog renames the set", async ({ page, server }) => {
  const owner = await newOwner(server)
  await createSet(server, owner, { title: 'Open Notes', description: 'Shared with everyone', tags: 'MATH', isPublic: true })
  await createSet(server, owner, { title: 'Secret Notes', description: 'Just mine', tags: 'MATH' })
  await logIn(page, owner.account)
  await expectTitles(page, ['Open Notes', 'Secret Notes'])

  const open = setCard(page, 'Open Notes')
  const secret = setCard(page, 'Secret Notes')
  await expect(open.getByRole('img', { name: 'Public Set' })).toHaveAttribute('title', 'Public Set')
  await expect(open.getByRole('img', { name: 'Private Set' })).toHaveCount(0)
  await expect(secret.getByRole('img', { name: 'Private Set' })).toHaveAttribute('title', 'Private Set')
  await expect(secret.getByRole('img', { name: 'Public Set' })).toHaveCount(0)

  await secret.getByRole('button', { name: 'Edit Secret Notes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Set' })
  await expect(dialog).toBeVisible()
  const title = dialog.getByLabel('Title', { exact: true })
  await expect(title).toHaveValue('Secret Notes')
  await expect(dialog.getByLabel('Description (optional)')).toHaveValue('Just mine')
  await expect(dialog.getByLabel('Tag (optional)')).toHaveValue('MATH')

  // The dialog checks like the create form, then saves.
  await title.fill('')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(title).toHaveAccessibleDescription('Title cannot be empty.')
  await title.fill('Hidden Algebra')
  await dialog.getByLabel('Tag (optional)').fill('algebra')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()

  await expectTitles(page, ['Open Notes', 'Hidden Algebra'])
  const renamed = setCard(page, 'Hidden Algebra')
  await expect(renamed.getByRole('listitem')).toHaveText(['ALGEBRA'])
  await expect(renamed.getByRole('img', { name: 'Private Set' })).toBeVisible()
  // The tag filter learns the new tag.
  await expectTagOptions(page, ['ALGEBRA', 'MATH'])

  await page.reload()
  await expectTitles(page, ['Open Notes', 'Hidden Algebra'])
  await renamed.getByRole('link', { name: 'Hidden Algebra' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Hidden Algebra', exact: true })).toBeVisible()
})
