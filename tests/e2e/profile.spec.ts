import type { Page } from '@playwright/test'
import {
  apiCall,
  apiLogIn,
  expect,
  expectLoginRefused,
  expectSignedOut,
  logIn,
  registerAccount,
  signedInContext,
  test,
  type TestAccount,
  waitForRealtime,
} from './fixtures'
import { acceptNextDialog } from './set-helpers'

const NEW_PASSWORD = 'fresh and different'

/** Logs in and opens /profile with the session monitor's realtime stream connected. */
async function openProfile(page: Page, account: TestAccount): Promise<void> {
  await logIn(page, account)
  const realtime = waitForRealtime(page)
  await page.goto('/profile')
  await realtime
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
}

async function fillPasswordForm(page: Page, oldPassword: string, password: string, passwordConfirm: string) {
  await page.getByLabel('Old Password', { exact: true }).fill(oldPassword)
  await page.getByLabel('New Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password', { exact: true }).fill(passwordConfirm)
  await page.getByRole('button', { name: 'Change Password' }).click()
}

const sessionModal = (page: Page) => page.getByRole('alertdialog', { name: 'Session Invalidated' })

test("changing the password keeps this browser signed in and ends the other browser's session with the modal, which counts down to /login", async ({
  page,
  server,
  browser,
}) => {
  const account = await registerAccount(server)
  const other = await signedInContext(browser, server, account)
  try {
    await other.page.goto('/my-sets')
    await openProfile(page, account)

    const username = page.getByLabel('Username', { exact: true })
    await expect(username).toHaveValue(account.username)
    await expect(username).toHaveAttribute('readonly', '')

    await fillPasswordForm(page, account.password, NEW_PASSWORD, NEW_PASSWORD)
    await expect(page.getByText('Password updated successfully!', { exact: true })).toBeVisible()

    // The other browser: the modal, its countdown, then /login by itself after 5 s.
    const modal = sessionModal(other.page)
    await expect(modal).toBeVisible()
    const shownAt = Date.now()
    await expect(modal).toContainText('Your account credentials have been updated.')
    await expect(modal).toContainText(/Redirecting to the login page in [1-5] seconds/)
    await expect(modal.getByRole('button', { name: 'Login Now' })).toBeVisible()
    await expect(modal).toContainText(/in [1-3] seconds/)
    await expect(other.page).toHaveURL(/\/login$/, { timeout: 8_000 })
    expect(Date.now() - shownAt).toBeGreaterThan(3_500)
    await expect(modal).toBeHidden()
    await expectLoginRefused(other.page, account)
    await logIn(other.page, { ...account, password: NEW_PASSWORD })
    // Signing in again goes back to the page the ended session left.
    await expect(other.page).toHaveURL(/\/my-sets$/)

    // This browser never saw the modal and its new token works.
    await expect(sessionModal(page)).toBeHidden()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible()
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('cardwise_auth') ?? 'null')?.token as string | undefined)
    expect(token).toBeTruthy()
    expect((await apiCall(server, 'GET', '/users/me', undefined, token)).status).toBe(200)
  } finally {
    await other.context.close()
  }
})

test('Login Now leaves for /login at once in the other browser', async ({ page, server, browser }) => {
  const account = await registerAccount(server)
  const other = await signedInContext(browser, server, account)
  try {
    await openProfile(page, account)
    // The answer comes after the realtime event (the order the network may give): still no modal here.
    await page.route('**/api/users/me', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback()
      const response = await route.fetch()
      await sessionModal(other.page).waitFor()
      await route.fulfill({ response })
    })
    await fillPasswordForm(page, account.password, NEW_PASSWORD, NEW_PASSWORD)
    const modal = sessionModal(other.page)
    await expect(modal).toContainText('Your account credentials have been updated.')
    const shownAt = Date.now()
    await modal.getByRole('button', { name: 'Login Now' }).click()
    await expect(other.page).toHaveURL(/\/login$/)
    expect(Date.now() - shownAt).toBeLessThan(3_000)
    await expect(modal).toBeHidden()

    await expect(page.getByText('Password updated successfully!', { exact: true })).toBeVisible()
    await page.waitForTimeout(500)
    await expect(sessionModal(page)).toBeHidden()
    await expect(page).toHaveURL(/\/profile$/)
  } finally {
    await other.context.close()
  }
})

test('the password form refuses a mismatched confirmation locally and a wrong old password from the server', async ({ page, server }) => {
  const account = await registerAccount(server)
  await openProfile(page, account)
  let patches = 0
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/users/me') patches += 1
  })

  await fillPasswordForm(page, account.password, NEW_PASSWORD, `${NEW_PASSWORD}!`)
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.')
  expect(patches).toBe(0)

  await fillPasswordForm(page, 'not my password', NEW_PASSWORD, NEW_PASSWORD)
  await expect(page.getByRole('alert')).toHaveText('Password update failed: Old password is incorrect.')
  expect(patches).toBe(1)

  // Nothing changed: still signed in, and the old password still works.
  await expect(sessionModal(page)).toBeHidden()
  await expect(page).toHaveURL(/\/profile$/)
  expect((await apiCall(server, 'POST', '/auth/login', { identity: account.email, password: account.password })).status).toBe(200)
})

test("deleting the account shows the modal in the same user's other browser", async ({ page, server, browser }) => {
  const account = await registerAccount(server)
  const other = await signedInContext(browser, server, account)
  try {
    await openProfile(page, account)
    await page.getByLabel('Current Password', { exact: true }).fill(account.password)
    const confirmed = acceptNextDialog(page)
    await page.getByRole('button', { name: 'Delete Account' }).click()
    expect(await confirmed).toContain('Are you sure')

    const modal = sessionModal(other.page)
    await expect(modal).toContainText('Your account has been deleted.')
    await expect(other.page).toHaveURL(/\/login$/, { timeout: 8_000 })
    await expectSignedOut(other.page)

    // The deleting browser is signed out too, without the modal racing it, and the account is gone.
    await expectSignedOut(page)
    await expect(page).toHaveURL(/\/$/)
    await page.waitForTimeout(500)
    await expect(sessionModal(page)).toBeHidden()
    await expectLoginRefused(page, account)
  } finally {
    await other.context.close()
  }
})

test('changing the email: request, confirm from the new address, log in with it', async ({ page, server }) => {
  const account = await registerAccount(server)
  const newEmail = `moved-${account.username}@example.net`
  await openProfile(page, account)

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail)
  await page.getByRole('button', { name: 'Update Email' }).click()
  const success = page.getByRole('dialog', { name: 'Success' })
  await expect(success).toContainText('Email change request sent. Please check your inbox.')
  await success.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click()
  await expect(success).toBeHidden()

  // The link goes to the new address only.
  const token = await server.waitForLink(newEmail, 'confirm-email-change')
  expect(server.mailsTo(account.email).some((mail) => mail.includes('/confirm-email-change/'))).toBe(false)

  await page.goto(`/confirm-email-change/${token}`)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Confirm Email Change' }).click()
  await expect(page.getByText('Email changed successfully!', { exact: true })).toBeVisible()
  await expect(page.getByText('Redirecting to login...', { exact: true })).toBeVisible()
  // Signed in in this browser when confirming: signed out at once, without the session modal.
  await expectSignedOut(page)
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 })
  await expect(sessionModal(page)).toBeHidden()

  await expectLoginRefused(page, account)
  await logIn(page, { email: newEmail, password: account.password })
  await expect(page).toHaveURL(/\/my-sets$/)
  await page.goto('/profile')
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveAccessibleDescription(`Current address: ${newEmail}`)
})

test('confirming an email change with a wrong password fails and the link still works', async ({ page, server }) => {
  const account = await registerAccount(server)
  const newEmail = `other-${account.username}@example.net`
  const token = await apiLogIn(server, account)
  expect((await apiCall(server, 'POST', '/auth/request-email-change', { newEmail }, token)).status).toBe(204)
  const link = await server.waitForLink(newEmail, 'confirm-email-change')

  await page.goto(`/confirm-email-change/${link}`)
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('not the password')
  await page.getByRole('button', { name: 'Confirm Email Change' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email change failed: Password is incorrect.')

  await password.fill(account.password)
  await page.getByRole('button', { name: 'Confirm Email Change' }).click()
  await expect(page.getByText('Email changed successfully!', { exact: true })).toBeVisible()
})

test('the email-change confirmation page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/confirm-email-change')
  await expect(page.getByRole('alert')).toHaveText('Invalid confirmation link.')
  await expect(page.getByRole('button', { name: 'Confirm Email Change' })).toHaveCount(0)
})
