import { expect, logIn, registerAccount, test } from './fixtures'

const VERIFIED_ONLY = ['/my-sets', '/study-sets/create', '/profile']

test('signed out, the verified-only pages send you to /login', async ({ page }) => {
  for (const route of VERIFIED_ONLY) {
    await page.goto(route)
    await expect(page, `${route} redirects`).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Log in to Cardwise' })).toBeVisible()
  }
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login$/)
})

test('signed in but unverified, the verified-only pages send you to /pending-verification', async ({ page, server }) => {
  const account = await registerAccount(server, { verified: false })
  await logIn(page, account)
  for (const route of VERIFIED_ONLY) {
    await page.goto(route)
    await expect(page, `${route} redirects`).toHaveURL(/\/pending-verification$/)
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
  }
  await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/login')
})

test('signed in and verified, the pages open and /dashboard goes to /my-sets', async ({ page, server }) => {
  const account = await registerAccount(server)
  await logIn(page, account)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(page.getByRole('heading', { name: 'My Sets' })).toBeVisible()
  await page.goto('/study-sets/create')
  await expect(page).toHaveURL(/\/study-sets\/create$/)
  await expect(page.getByRole('heading', { name: 'Create Study Set' })).toBeVisible()
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(account.username)
})

test('a made-up verification link shows Verification Failed', async ({ page }) => {
  await page.goto('/verify-email/this-is-not-a-token')
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible()
  await expect(page.getByText("We couldn't verify your email. The link might be expired or invalid.", { exact: true })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'Back to Login' }).click()
  await expect(page).toHaveURL(/\/login$/)
})
