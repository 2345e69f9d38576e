import type { Page } from '@playwright/test'
import { expect, logIn, registerAccount, signIn, test } from './fixtures'
import {
  acceptNextAlert,
  acceptNextDialog,
  addCards,
  cancelDialog,
  createSet,
  newOwner,
  openSetAsOwner,
  ownerTermRows,
  setCard,
  termsHeading,
  visitorContext,
} from './set-helpers'

/** Fills the add form under the terms and waits for the card to be listed last. */
async function addCard(page: Page, term: string, definition: string, countAfter: number) {
  const form = page.getByRole('form', { name: 'Add flashcard' })
  await form.getByLabel('Term', { exact: true }).fill(term)
  await form.getByLabel('Definition', { exact: true }).fill(definition)
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(termsHeading(page, countAfter)).toBeVisible()
  await expect(ownerTermRows(page)).toHaveCount(countAfter)
  await expect(ownerTermRows(page).last()).toContainText(term)
  await expect(ownerTermRows(page).last()).toContainText(definition)
  // The form is ready for the next card.
  await expect(form.getByLabel('Term', { exact: true })).toHaveValue('')
  await expect(form.getByLabel('Definition', { exact: true })).toHaveValue('')
}

/** The terms shown, in order, each row being term then definition. */
async function expectTermRows(page: Page, rows: Array<[string, string]>) {
  await expect(termsHeading(page, rows.length)).toBeVisible()
  await expect(ownerTermRows(page)).toHaveCount(rows.length)
  for (const [index, [term, definition]] of rows.entries()) {
    const row = ownerTermRows(page).nth(index)
    await expect(row.getByText(term, { exact: true })).toBeVisible()
    await expect(row.getByText(definition, { exact: true })).toBeVisible()
  }
}

test('a student creates a set, adds three cards, edits one and deletes one; the order survives a reload', async ({ page, server }) => {
  const account = await registerAccount(server)
  await logIn(page, account)
  await page.getByRole('main').getByRole('link', { name: 'Create Study Set' }).click()
  await expect(page).toHaveURL(/\/study-sets\/create$/)

  await page.getByLabel('Title', { exact: true }).fill('Cell Biology')
  await page.getByLabel('Description (optional)').fill('Organelles and what they do')
  const tag = page.getByLabel('Tag (optional)')
  await tag.fill('bio')
  // Tags are forced to upper case as they are typed.
  await expect(tag).toHaveValue('BIO')
  await page.getByRole('button', { name: 'Create Study Set' }).click()

  // Wait to leave the form for the new set's page.
  await expect(page).toHaveURL((url) => /^\/study-sets\/[^/]+$/.test(url.pathname) && url.pathname !== '/study-sets/create')
  await expect(page.getByRole('heading', { level: 1, name: 'Cell Biology', exact: true })).toBeVisible()
  await expect(page.getByText('Organelles and what they do', { exact: true })).toBeVisible()
  await expect(page.getByText(`Created by ${account.username}`, { exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['BIO'])
  await expect(page.getByRole('img', { name: 'Private Set' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to My Sets' })).toHaveAttribute('href', '/my-sets')
  await expect(termsHeading(page, 0)).toBeVisible()
  await expect(page.getByText('This set has no flashcards yet.', { exact: true })).toBeVisible()

  await addCard(page, 'Nucleus', 'Holds the genetic material', 1)
  await addCard(page, 'Ribosome', 'Makes proteins', 2)
  await addCard(page, 'Mitochondrion', 'Releases energy', 3)
  await expect(page.getByText('3 cards', { exact: true })).toBeVisible()

  // Edit the middle card through its dialog.
  await page.getByRole('button', { name: 'Edit flashcard Ribosome' }).click()
  const dialog = page.getByRole('dialog', { name: 'Edit Flashcard' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Term', { exact: true })).toHaveValue('Ribosome')
  await expect(dialog.getByLabel('Definition', { exact: true })).toHaveValue('Makes proteins')
  await dialog.getByLabel('Term', { exact: true }).fill('Ribosomes')
  await dialog.getByLabel('Definition', { exact: true }).fill('Build proteins from amino acids')
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog).toBeHidden()
  await expectTermRows(page, [
    ['Nucleus', 'Holds the genetic material'],
    ['Ribosomes', 'Build proteins from amino acids'],
    ['Mitochondrion', 'Releases energy'],
  ])

  // Dismissing the confirmation keeps the card; accepting it deletes the card.
  await page.getByRole('button', { name: 'Delete flashcard Nucleus' }).click()
  await cancelDialog(page)
  await expect(termsHeading(page, 3)).toBeVisible()
  await expect(ownerTermRows(page)).toHaveCount(3)

  const confirmed = acceptNextDialog(page)
  await page.getByRole('button', { name: 'Delete flashcard Nucleus' }).click()
  expect(await confirmed).toBe('Are you sure you want to delete this flashcard?')
  const remaining: Array<[string, string]> = [
    ['Ribosomes', 'Build proteins from amino acids'],
    ['Mitochondrion', 'Releases energy'],
  ]
  await expectTermRows(page, remaining)
  await expect(page.getByText('2 cards', { exact: true })).toBeVisible()

  await page.reload()
  await expectTermRows(page, remaining)
  await expect(page.getByText('2 cards', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete flashcard Nucleus' })).toHaveCount(0)
})

test('the Flashcards view shows the term first and flips by click, Space, Enter and the up and down arrows', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Capitals' })
  await addCards(server, owner, set.id, [
    ['France', 'Paris'],
    ['Japan', 'Tokyo'],
    ['Kenya', 'Nairobi'],
  ])
  await openSetAsOwner(page, owner, set)

  const flashcardsMode = page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' })
  await flashcardsMode.click()
  await expect(flashcardsMode).toHaveAttribute('aria-pressed', 'true')
  const view = page.getByRole('region', { name: 'Flashcards' })
  const card = view.getByRole('button', { name: /^(Term|Definition)/ })
  await expect(view.getByText('Tap the card or press Space to flip it.', { exact: false })).toBeVisible()
  await expect(view.getByText('Showing 3 of 3 cards', { exact: true })).toBeVisible()

  const expectSide = async (side: 'term' | 'definition', term: string, definition: string, position: number) => {
    await expect(view.getByText(`${position} / 3`, { exact: true })).toBeVisible()
    if (side === 'term') {
      await expect(card).toHaveAttribute('aria-pressed', 'false')
      await expect(card).toHaveAccessibleName(new RegExp(`^Term\\s*${term}$`))
      await expect(view.getByText(term, { exact: true })).toBeVisible()
      await expect(view.getByText(definition, { exact: true })).toBeHidden()
    } else {
      await expect(card).toHaveAttribute('aria-pressed', 'true')
      await expect(card).toHaveAccessibleName(new RegExp(`^Definition\\s*${definition}$`))
      await expect(view.getByText(definition, { exact: true })).toBeVisible()
      await expect(view.getByText(term, { exact: true })).toBeHidden()
    }
  }

  await expectSide('term', 'France', 'Paris', 1)
  // Click turns it over and back.
  await card.click()
  await expectSide('definition', 'France', 'Paris', 1)
  await card.click()
  await expectSide('term', 'France', 'Paris', 1)

  // Keyboard, with the card focused: Space and Enter flip, as do ↑ and ↓.
  await card.focus()
  await page.keyboard.press('Space')
  await expectSide('definition', 'France', 'Paris', 1)
  await page.keyboard.press('Space')
  await expectSide('term', 'France', 'Paris', 1)
  await page.keyboard.press('Enter')
  await expectSide('definition', 'France', 'Paris', 1)
  await page.keyboard.press('ArrowUp')
  await expectSide('term', 'France', 'Paris', 1)
  await page.keyboard.press('ArrowDown')
  await expectSide('definition', 'France', 'Paris', 1)

  // → and ← move through the deck; a card always arrives term side up.
  await page.keyboard.press('ArrowRight')
  await expectSide('term', 'Japan', 'Tokyo', 2)
  await page.keyboard.press('ArrowDown')
  await expectSide('definition', 'Japan', 'Tokyo', 2)
  await page.keyboard.press('ArrowRight')
  await expectSide('term', 'Kenya', 'Nairobi', 3)
  // The first card stays put (past the last one comes the round summary: flashcards.spec).
  await page.keyboard.press('ArrowLeft')
  await expectSide('term', 'Japan', 'Tokyo', 2)
  await page.keyboard.press('ArrowLeft')
  await expectSide('term', 'France', 'Paris', 1)
  await page.keyboard.press('ArrowLeft')
  await expectSide('term', 'France', 'Paris', 1)
  await expect(view.getByRole('button', { name: 'Previous card' })).toBeDisabled()

  // The Previous and Next buttons move too.
  await view.getByRole('button', { name: 'Next card' }).click()
  await expectSide('term', 'Japan', 'Tokyo', 2)
  await view.getByRole('button', { name: 'Previous card' }).click()
  await expectSide('term', 'France', 'Paris', 1)
})

test.describe('sharing', () => {
  // Reads the public listing, which every account on a server shares.
  test.use({ ownServer: true })

  test('Make Public shares the set with visitors, Copy Link copies it, and Make Private hides it again', async ({ page, server, browser }) => {
    const owner = await newOwner(server)
    const set = await createSet(server, owner, { title: 'Shared Spanish', description: 'Everyday words', tags: 'LANG' })
    await addCards(server, owner, set.id, [
      ['perro', 'dog'],
      ['gato', 'cat'],
    ])
    await openSetAsOwner(page, owner, set)
    await expect(page.getByRole('img', { name: 'Private Set' })).toBeVisible()
    // A private set has no link to share.
    await expect(page.getByRole('button', { name: 'Copy Link' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Make Public' }).click()
    await expect(page.getByRole('button', { name: 'Make Private' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Public Set' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible()

    const visitor = await visitorContext(browser, server)
    try {
      const other = visitor.page
      await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url })
      await other.goto('/public-sets')
      await expect(other.getByRole('heading', { level: 1, name: 'Public Study Sets' })).toBeVisible()
      const listed = setCard(other, 'Shared Spanish')
      await expect(listed).toBeVisible()
      await expect(listed.getByText(`By ${owner.account.username}`, { exact: true })).toBeVisible()
      await expect(listed.getByText('2 cards', { exact: true })).toBeVisible()
      await expect(listed.getByText('Everyday words', { exact: true })).toBeVisible()
      await expect(listed.getByRole('listitem')).toHaveText(['LANG'])
      // Visitors get no edit button or visibility mark on the public grid.
      await expect(listed.getByRole('button')).toHaveCount(0)

      await listed.getByRole('link', { name: 'Shared Spanish' }).click()
      await expect(other).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
      await expect(other.getByRole('heading', { level: 1, name: 'Shared Spanish', exact: true })).toBeVisible()
      await expect(other.getByText(`Created by ${owner.account.username}`, { exact: true })).toBeVisible()
      await expect(other.getByRole('link', { name: 'Back to Public Sets' })).toHaveAttribute('href', '/public-sets')
      await expect(other.getByRole('link', { name: 'Back to My Sets' })).toHaveCount(0)
      await expect(termsHeading(other, 2)).toBeVisible()
      await expect(other.getByText('perro', { exact: true })).toBeVisible()
      await expect(other.getByText('cat', { exact: true })).toBeVisible()
      // No owner controls for a visitor.
      for (const name of ['Edit Set', 'Make Private', 'Make Public', 'Delete Set', 'Set settings', 'Add Flashcard']) {
        await expect(other.getByRole('button', { name })).toHaveCount(0)
      }
      await expect(other.getByRole('button', { name: /^(Edit|Delete) flashcard/ })).toHaveCount(0)
      await expect(other.getByRole('form', { name: 'Add flashcard' })).toHaveCount(0)

      const alerted = acceptNextAlert(other)
      await other.getByRole('button', { name: 'Copy Link' }).click()
      // The visitor's context may use the clipboard, so the copy succeeds and holds the set's address.
      expect(await alerted).toBe('Link copied to clipboard!')
      expect(await other.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/study-sets/${set.id}`)

      // The owner makes it private again: gone from the visitor's list and its address.
      await page.getByRole('button', { name: 'Make Private' }).click()
      await expect(page.getByRole('button', { name: 'Make Public' })).toBeVisible()
      await expect(page.getByRole('img', { name: 'Private Set' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Copy Link' })).toHaveCount(0)

      await other.goto('/public-sets')
      await expect(other.getByText('No study sets found', { exact: true })).toBeVisible()
      await expect(setCard(other, 'Shared Spanish')).toHaveCount(0)
      await other.goto(`/study-sets/${set.id}`)
      await expect(other.getByRole('heading', { level: 1, name: 'Study set not found' })).toBeVisible()
      await expect(other.getByText('perro', { exact: true })).toHaveCount(0)
    } finally {
      await visitor.context.close()
    }
  })
})

test('markup in a title is saved as plain text and never runs; profane and empty titles are refused under the field', async ({ page, server }) => {
  const account = await registerAccount(server)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await signIn(page, account)
  await page.goto('/study-sets/create')
  const title = page.getByLabel('Title', { exact: true })
  const create = page.getByRole('button', { name: 'Create Study Set' })
  let creates = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/sets') creates += 1
  })

  await title.fill('   ')
  await create.click()
  await expect(title).toHaveAccessibleDescription('Title cannot be empty.')
  await expect(page.getByRole('alert')).toHaveText('Title cannot be empty.')
  await expect(title).toHaveAttribute('aria-invalid', 'true')

  await title.fill('What the shit')
  await create.click()
  await expect(title).toHaveAccessibleDescription('Title contains inappropriate words. Please revise.')
  await expect(page.getByRole('alert')).toHaveText('Title contains inappropriate words. Please revise.')
  await expect(page).toHaveURL(/\/study-sets\/create$/)
  expect(creates).toBe(0)

  await title.fill('<b>Cells</b><script>alert(1)</script>')
  await page.getByLabel('Description (optional)').fill('<img src=x onerror="alert(2)">Parts of a cell')
  await create.click()
  await expect(page).not.toHaveURL(/\/create$/)
  const heading = page.getByRole('heading', { level: 1 })
  await expect(heading).toHaveText('Cells')
  expect(await heading.innerHTML()).toBe('Cells')
  await expect(page.getByText('Parts of a cell', { exact: true })).toBeVisible()
  await expect(page.locator('main img, main script, main b')).toHaveCount(0)

  await page.getByRole('link', { name: 'Back to My Sets' }).click()
  await expect(page).toHaveURL(/\/my-sets$/)
  const card = setCard(page, 'Cells')
  await expect(card).toBeVisible()
  await expect(card.getByRole('heading')).toHaveText('Cells')
  await expect(card.getByText('Parts of a cell', { exact: true })).toBeVisible()
  await expect(page.getByText('<b>', { exact: false })).toHaveCount(0)
  expect(dialogs).toEqual([])
})

test('deleting the set from its page asks first, then goes to /my-sets by way of /dashboard without it', async ({ page, server }) => {
  const owner = await newOwner(server)
  await createSet(server, owner, { title: 'Keep Me' })
  const doomed = await createSet(server, owner, { title: 'Delete Me' })
  await addCards(server, owner, doomed.id, [['term', 'definition']])
  await openSetAsOwner(page, owner, doomed)

  await page.getByRole('button', { name: 'Delete Set' }).click()
  await cancelDialog(page)
  await expect(page).toHaveURL(new RegExp(`/study-sets/${doomed.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Delete Me' })).toBeVisible()

  const visited: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
  })
  const confirmed = acceptNextDialog(page)
  await page.getByRole('button', { name: 'Delete Set' }).click()
  expect(await confirmed).toBe('Are you sure you want to delete this study set?')
  await expect(page).toHaveURL(/\/my-sets$/)
  expect(visited).toContain('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'My Sets' })).toBeVisible()
  await expect(setCard(page, 'Keep Me')).toBeVisible()
  await expect(setCard(page, 'Delete Me')).toHaveCount(0)

  await page.goto(`/study-sets/${doomed.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Study set not found' })).toBeVisible()
})

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test("the owner's actions sit in the Set settings menu", async ({ page, server, browser }) => {
    const owner = await newOwner(server)
    const set = await createSet(server, owner, { title: 'Pocket Set' })
    await openSetAsOwner(page, owner, set)

    const settings = page.getByRole('button', { name: 'Set settings' })
    await expect(settings).toBeVisible()
    await expect(settings).toHaveAttribute('aria-expanded', 'false')
    // The wide toolbar is folded away.
    await expect(page.getByRole('button', { name: 'Make Public' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Edit Set' })).toHaveCount(0)

    await settings.click()
    await expect(settings).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Edit Set', 'Make Public', 'Delete Set']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
    }
    await expect(page.getByRole('button', { name: 'Copy Link' })).toHaveCount(0)

    // Escape closes it and gives focus back to the gear.
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Make Public' })).toHaveCount(0)
    await expect(settings).toBeFocused()

    // A menu item runs its action and closes the menu.
    await settings.click()
    await page.getByRole('button', { name: 'Make Public' }).click()
    await expect(settings).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('img', { name: 'Public Set' })).toBeVisible()
    await settings.click()
    await expect(page.getByRole('button', { name: 'Make Private' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible()

    // An outside click closes it.
    await page.getByRole('heading', { level: 1, name: 'Pocket Set' }).click()
    await expect(page.getByRole('button', { name: 'Make Private' })).toHaveCount(0)

    // Edit Set from the menu opens the dialog.
    await settings.click()
    await page.getByRole('button', { name: 'Edit Set' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Set' })
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Pocket Set')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()

    // A visitor on a phone sees no settings menu, only Copy Link.
    const visitor = await visitorContext(browser, server)
    try {
      await visitor.page.setViewportSize({ width: 375, height: 667 })
      await visitor.page.goto(`/study-sets/${set.id}`)
      await expect(visitor.page.getByRole('heading', { level: 1, name: 'Pocket Set' })).toBeVisible()
      await expect(visitor.page.getByRole('button', { name: 'Copy Link' })).toBeVisible()
      await expect(visitor.page.getByRole('button', { name: 'Set settings' })).toHaveCount(0)
    } finally {
      await visitor.context.close()
    }
  })
})
