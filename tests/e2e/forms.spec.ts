import { messages } from '#shared/messages'
import { expect, registerAccount, submitLogin, test } from './fixtures'

test('register: a short password shows the tooltip for about 3 s and sends nothing', async ({ page }) => {
  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) sent += 1
  })
  await page.goto('/register')
  await page.getByLabel('Username').fill('short_pw_student')
  await page.getByLabel('Email').fill('short@example.org')
  const password = page.getByLabel('Password')
  await expect(password).toHaveAccessibleDescription('Must be at least 8 characters')
  await password.fill('seven77')
  await page.getByRole('button', { name: 'Register' }).click()

  const tooltip = page.getByText('Password too short', { exact: true })
  await expect(tooltip).toBeVisible()
  const shownAt = Date.now()
  await expect(password).toHaveAccessibleDescription(/Password too short/)
  await expect(tooltip).toBeHidden({ timeout: 5_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(2_000)
  expect(sent).toBe(0)
})

test('register: a taken username is reported under the field', async ({ page, server }) => {
  const existing = await registerAccount(server)
  await page.goto('/register')
  const username = page.getByLabel('Username')
  await username.fill(existing.username)
  await page.getByLabel('Email').fill(`another-${existing.email}`)
  await page.getByLabel('Password').fill('long enough password')
  await page.getByRole('button', { name: 'Register' }).click()

  await expect(page.getByRole('alert')).toHaveText('This username is already taken.')
  await expect(username).toHaveAccessibleDescription('This username is already taken.')
  await expect(username).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toHaveCount(0)
})

test('register: a profane username is refused', async ({ page }) => {
  await page.goto('/register')
  const username = page.getByLabel('Username')
  await username.fill('shithead')
  await page.getByLabel('Email').fill('rude@example.org')
  await page.getByLabel('Password').fill('long enough password')
  await page.getByRole('button', { name: 'Register' }).click()

  const message = 'Username contains inappropriate words. Please choose a different username.'
  await expect(page.getByRole('alert')).toHaveText(message)
  await expect(username).toHaveAccessibleDescription(message)
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toHaveCount(0)
})

test('login: a wrong password says which way to go (wrong email or password) above the button', async ({ page, server }) => {
  const account = await registerAccount(server)
  // Hold the answer a moment to see the busy state.
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.fallback()
  })
  await submitLogin(page, { email: account.email, password: 'wrong password' })
  const busy = page.getByRole('button', { name: 'Logging in...' })
  await expect(busy).toBeVisible()
  await expect(busy).toBeDisabled()

  const error = page.getByRole('alert')
  await expect(error).toHaveText(messages.wrongCredentials)
  const button = page.getByRole('button', { name: 'Login', exact: true })
  await expect(button).toBeEnabled()
  const errorBox = await error.boundingBox()
  const buttonBox = await button.boundingBox()
  expect(errorBox && buttonBox && errorBox.y + errorBox.height <= buttonBox.y).toBe(true)
  await expect(page).toHaveURL(/\/login$/)
})
