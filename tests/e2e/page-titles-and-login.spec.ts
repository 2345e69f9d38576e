import { expect, logIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet } from './study-helpers'

test('each page names itself in the browser title', async ({ page, server }) => {
  const owner = await newOwner(server)
  const { set } = await createStudySet(server, owner, { isPublic: true, title: 'Planets', cards: [['Mars', 'The red planet']] })
  await page.goto('/public-sets')
  await expect(page).toHaveTitle('Public Sets · Cardwise')
  await page.goto(`/study-sets/${set.id}`)
  await expect(page).toHaveTitle('Planets · Cardwise')
  await page.goto(`/study-sets/${set.id}/write`)
  await expect(page).toHaveTitle('Write Mode · Planets · Cardwise')
  await page.goto('/login')
  await expect(page).toHaveTitle('Log In · Cardwise')
})

test('login goes back to the page that sent the student there; a signed-in student opening /login or /register goes to My Sets', async ({ page, server }) => {
  const owner = await newOwner(server)
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Email or Username').fill(owner.account.email)
  await page.getByLabel('Password').fill(owner.account.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/profile$/)

  await page.goto('/login')
  await expect(page).toHaveURL(/\/my-sets$/)
  await page.goto('/register')
  await expect(page).toHaveURL(/\/my-sets$/)
})

test('a plain login still lands on My Sets', async ({ page, server }) => {
  const owner = await newOwner(server)
  await logIn(page, owner.account)
  await expect(page).toHaveURL(/\/my-sets$/)
})
