import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { newOwner, openSetAsOwner } from './set-helpers'
import { answerLongAgo, createStudySet } from './study-helpers'

/**
 * Radios and checkboxes look like radios and checkboxes (issue 32): a small native control, not a
 * text field's 44 px tall, full-width box, with its label as a 44 px tall hit area and the control
 * centred on the label's line.
 */
async function expectNativeChoices(choices: Locator): Promise<void> {
  await expect(choices.first()).toBeVisible()
  const count = await choices.count()
  for (let index = 0; index < count; index++) {
    const choice = choices.nth(index)
    await expect(choice).toBeVisible()
    const measured = await choice.evaluate((input) => {
      const box = input.getBoundingClientRect()
      const label = (input as HTMLInputElement).labels?.[0]
      const labelBox = label?.getBoundingClientRect()
      return {
        width: box.width,
        height: box.height,
        top: box.top,
        left: box.left,
        label: labelBox && { top: labelBox.top, height: labelBox.height, left: labelBox.left },
      }
    })
    const name = await choice.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '')
    expect.soft(measured.width, `${name}: width`).toBeLessThanOrEqual(24)
    expect.soft(measured.height, `${name}: height`).toBeLessThanOrEqual(24)
    expect(measured.label, `${name}: has a label`).toBeDefined()
    const label = measured.label as { top: number; height: number; left: number }
    expect.soft(label.height, `${name}: label's hit area`).toBeGreaterThanOrEqual(44)
    // The control is centred on its label (within 2 px) and starts it.
    expect.soft(Math.abs(measured.top + measured.height / 2 - (label.top + label.height / 2)), `${name}: centred`).toBeLessThanOrEqual(2)
    expect.soft(measured.left - label.left, `${name}: at the label's start`).toBeLessThanOrEqual(4)
  }
}

const radios = (scope: Page | Locator) => scope.getByRole('radio')
const checkboxes = (scope: Page | Locator) => scope.getByRole('checkbox')

test('radios and checkboxes are small native controls with a 44 px label in Test mode, the import dialog, Review and the set page', async ({
  page,
  server,
}) => {
  test.slow()
  const owner = await newOwner(server)
  const { set, cards } = await createStudySet(server, owner)
  await openSetAsOwner(page, owner, set)
  // "Available offline" on the set page.
  await expectNativeChoices(page.getByRole('checkbox', { name: 'Available offline' }))

  // Test set-up, then the multiple-choice and true/false questions.
  await page.goto(`/study-sets/${set.id}/test`)
  await expectNativeChoices(checkboxes(page.getByRole('main')))
  await page.getByRole('button', { name: 'Start Test' }).click()
  await expectNativeChoices(radios(page.getByRole('form', { name: 'Test' })))

  // The import dialog: the source and, after a paste, its separators.
  await page.goto('/my-sets')
  await page.getByRole('button', { name: 'Import Set' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import Set' })
  await expectNativeChoices(radios(dialog))
  await dialog.getByRole('radio', { name: 'Paste text' }).check()
  await expectNativeChoices(radios(dialog))
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Review's "Answer by".
  for (const card of cards.slice(0, 2)) await answerLongAgo(server, owner, set.id, card)
  await page.goto('/review')
  await expect(page.getByText('Card 1 of 2')).toBeVisible()
  await expectNativeChoices(radios(page.getByRole('main')))
})

test('a text field is still a full-width 44 px field', async ({ page, server }) => {
  const owner = await newOwner(server)
  await signIn(page, owner.account)
  await page.goto('/study-sets/create')
  const title = page.getByRole('textbox', { name: /^Title/ })
  const box = (await title.boundingBox()) as { width: number; height: number }
  expect(box.height).toBeGreaterThanOrEqual(44)
  expect(box.width).toBeGreaterThan(200)
})
