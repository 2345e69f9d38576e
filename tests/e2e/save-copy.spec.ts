import { axeViolationsInBothThemes } from './axe'
import { expect, test } from './fixtures'
import { newOwner, openSetAsOwner } from './set-helpers'
import { createStudySet } from './study-helpers'

test("a signed-in student saves a copy of another's public set and the copy links to the original (375px, axe clean in both themes)", async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 375, height: 667 })
  const author = await newOwner(server)
  const { set } = await createStudySet(server, author, {
    isPublic: true,
    title: 'Planets',
    cards: [
      ['Mars', 'The red planet'],
      ['Venus', 'The hottest planet'],
    ],
  })
  const student = await newOwner(server)

  await openSetAsOwner(page, student, set)
  await page.getByRole('button', { name: 'Save a copy' }).click()
  await expect(page).not.toHaveURL(new RegExp(`/study-sets/${set.id}$`))
  await expect(page).toHaveURL(/\/study-sets\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Planets', exact: true })).toBeVisible()
  await expect(page.getByText('Copied from')).toBeVisible()
  await expect(page.getByRole('link', { name: 'the original set' })).toHaveAttribute('href', `/study-sets/${set.id}`)
  await expect(page.getByText('Mars', { exact: true })).toBeVisible()
  // The copy is the student's own: the owner's actions, no Save a copy.
  await expect(page.getByRole('button', { name: 'Save a copy' })).toHaveCount(0)
  expect(await axeViolationsInBothThemes(page, { include: 'main', everything: true })).toEqual([])

  await page.getByRole('link', { name: 'the original set' }).click()
  await expect(page).toHaveURL(new RegExp(`/study-sets/${set.id}$`))
  await expect(page.getByRole('button', { name: 'Save a copy' })).toBeVisible()
})

test('the owner and a visitor are not offered Save a copy', async ({ page, server }) => {
  const author = await newOwner(server)
  const { set } = await createStudySet(server, author, { isPublic: true, cards: [['Mars', 'The red planet']] })
  await page.goto(`/study-sets/${set.id}`)
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save a copy' })).toHaveCount(0)
  await openSetAsOwner(page, author, set)
  await expect(page.getByRole('button', { name: 'Edit Set' }).first()).toBeAttached()
  await expect(page.getByRole('button', { name: 'Save a copy' })).toHaveCount(0)
})
