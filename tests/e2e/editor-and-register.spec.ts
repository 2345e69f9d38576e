import { axeViolations } from './axe'
import { expect, test } from './fixtures'
import { addCards, createSet, newOwner, openSetAsOwner, ownerTermRows } from './set-helpers'

/** Smaller findings of the product walk (issue 32): the card editor's Tab order and the register form. */

test('in the card editor Tab goes Term -> Definition -> the next card’s Term; the pictures come after the definition; axe clean', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Tab Order' })
  await addCards(server, owner, set.id, [['one', 'uno']])
  await openSetAsOwner(page, owner, set)
  const form = page.getByRole('form', { name: 'Add flashcard' })
  const term = form.getByLabel('Term', { exact: true })
  const definition = form.getByLabel('Definition', { exact: true })

  await term.focus()
  await page.keyboard.type('two')
  await page.keyboard.press('Tab')
  await expect(definition).toBeFocused()
  await page.keyboard.type('dos')
  await page.keyboard.press('Tab')
  // The card is added and the next card's Term has the focus.
  await expect(ownerTermRows(page)).toHaveCount(2)
  await expect(term).toBeFocused()
  await expect(term).toHaveValue('')
  await page.keyboard.type('three')
  await page.keyboard.press('Tab')
  await expect(definition).toBeFocused()
  await page.keyboard.type('tres')
  await page.keyboard.press('Tab')
  await expect(ownerTermRows(page)).toHaveCount(3)
  await expect(term).toBeFocused()

  // An unfinished card: Tab goes on from the definition to the pictures, then the Add button.
  await page.keyboard.press('Tab')
  await expect(definition).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Add term picture')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Add definition picture')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Add Flashcard' })).toBeFocused()
  expect(await axeViolations(page)).toEqual([])

  // The edit dialog keeps the same order: Term, then Definition.
  await page.getByRole('button', { name: 'Edit flashcard two' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Term', { exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(dialog.getByLabel('Definition', { exact: true })).toBeFocused()
})
