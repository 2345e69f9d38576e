import { expect, expectSignedOut, logIn, registerAccount, test } from './fixtures'

// Registers the fixed address ada@example.org.
test.use({ ownServer: true })

test('a student registers, verifies the email from the outbox on another device, logs in and out', async ({ browser, page, server }) => {
  await page.goto('/register')
  await page.getByLabel('Username').fill('ada_lovelace')
  await page.getByLabel('Email').fill('ada@example.org')
  await page.getByLabel('Password').fill('analytical engine')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()

  // The link opened on another device (a browser with nothing of this registration): no session, the login form.
  const token = await server.waitForLink('ada@example.org', 'verify-email')
  const phone = await browser.newContext({ baseURL: server.url })
  const other = await phone.newPage()
  await other.goto(`/verify-email/${token}`)
  await expect(other.getByRole('heading', { name: 'Email Verified!' })).toBeVisible()
  await expect(other.getByRole('link', { name: 'Login' }).last()).toBeVisible()
  await expectSignedOut(other)
  await phone.close()

  await page.goto('/login')

  await logIn(page, { email: 'ada@example.org', password: 'analytical engine' })
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(page.getByRole('link', { name: 'Profile (ada_lovelace)' })).toBeVisible()

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectSignedOut(page)
})

test('the 404 page offers the way home', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unverified student is sent to the pending-verification page', async ({ page, server }) => {
  const account = await registerAccount(server, { verified: false })
  await logIn(page, account)
  await expect(page).toHaveURL(/\/pending-verification$/)
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
})
