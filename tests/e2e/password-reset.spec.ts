import { expect, expectLoginRefused, logIn, registerAccount, test } from './fixtures'

const SENT = 'If an account with that email exists, a password reset email has been sent.'
const LINK_INVALID = 'This reset link has expired or is invalid. Please request a new one.'

test('a student resets a forgotten password from the emailed link and logs in with the new one', async ({ page, server }) => {
  const account = await registerAccount(server)
  const newPassword = 'a brand new secret'

  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)

  // An unknown address gets the same answer, and no mail.
  const email = page.getByLabel('Email')
  await email.fill('nobody-here@example.org')
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
  await expect(page.getByRole('status')).toHaveText(SENT)
  await expect(email).toHaveValue('')
  expect(server.mailsTo('nobody-here@example.org')).toEqual([])

  await email.fill(account.email)
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
  await expect(page.getByRole('status')).toHaveText(SENT)
  await expect(email).toHaveValue('')

  const token = await server.waitForLink(account.email, 'reset-password')
  await page.goto(`/reset-password/${token}`)
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
  await page.getByLabel('New Password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm New Password').fill(newPassword)
  await page.getByRole('button', { name: 'Reset Password' }).click()

  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible()
  const shownAt = Date.now()
  await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 })
  // The redirect waits its 3 s; it is not immediate.
  expect(Date.now() - shownAt).toBeGreaterThan(2_000)

  await expectLoginRefused(page, account)
  await logIn(page, { email: account.email, password: newPassword })
  await expect(page).toHaveURL(/\/my-sets$/)

  // The link was used up: opening it again shows the error view.
  await page.goto(`/reset-password/${token}`)
  await page.getByLabel('New Password', { exact: true }).fill('yet another password')
  await page.getByLabel('Confirm New Password').fill('yet another password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(LINK_INVALID)
})

test('a made-up reset link shows the error view with a way to ask for a new link', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token')
  await page.getByLabel('New Password', { exact: true }).fill('long enough password')
  await page.getByLabel('Confirm New Password').fill('long enough password')
  await page.getByRole('button', { name: 'Reset Password' }).click()

  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText(LINK_INVALID)
  const again = page.getByRole('link', { name: 'Request New Reset Link' })
  await expect(again).toHaveAttribute('href', '/forgot-password')
  await again.click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect(page.getByRole('button', { name: 'Send Reset Instructions' })).toBeVisible()
})

test('the reset page without a token says so', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('No reset token provided. Please request a new password reset link.')
  await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute('href', '/forgot-password')
})

test('the reset form checks the length and the confirmation before sending', async ({ page, server }) => {
  const account = await registerAccount(server)
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(account.email)
  await page.getByRole('button', { name: 'Send Reset Instructions' }).click()
  const token = await server.waitForLink(account.email, 'reset-password')

  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/confirm-password-reset')) sent += 1
  })
  await page.goto(`/reset-password/${token}`)
  const newPassword = page.getByLabel('New Password', { exact: true })
  const confirm = page.getByLabel('Confirm New Password')
  await expect(newPassword).toHaveAccessibleDescription('Must be at least 8 characters')

  await newPassword.fill('short')
  await confirm.fill('short')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password too short', { exact: true })).toBeVisible()
  await expect(page.getByText('Password too short', { exact: true })).toBeHidden({ timeout: 5_000 })

  await newPassword.fill('long enough password')
  await confirm.fill('long enough passw0rd')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible()
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match')
  expect(sent).toBe(0)

  // The link is still good after the refused attempts.
  await confirm.fill('long enough password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible()
  expect(sent).toBe(1)
})
