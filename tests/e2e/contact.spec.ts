import type { Page } from '@playwright/test'
import { expect, registerAccount, signIn, test } from './fixtures'

const TEAM = 'team@cardwise.test'
const SENT = "Thank you for your message! We'll get back to you soon."
const RATE_LIMITED = 'Too many attempts. Please try again later.'

// Every contact message is mailed to the team: its .eml in the outbox shows what the server kept.
test.use({ serverEnv: { CONTACT_EMAIL: TEAM } })

async function fillContact(page: Page, values: { name?: string; email?: string; subject?: string; message?: string }) {
  if (values.name !== undefined) await page.getByLabel('Name', { exact: true }).fill(values.name)
  if (values.email !== undefined) await page.getByLabel('Email', { exact: true }).fill(values.email)
  if (values.subject !== undefined) await page.getByLabel('Subject', { exact: true }).fill(values.subject)
  if (values.message !== undefined) await page.getByLabel('Message', { exact: true }).fill(values.message)
}

const sendButton = (page: Page) => page.getByRole('button', { name: 'Send Message' })

test('a visitor sends a message: busy button, thanks for about 5 s, form cleared, the team gets it', async ({ page, server }) => {
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await expect(page.getByText("Have a question or feedback? We'd love to hear from you!")).toBeVisible()
  await expect(page.getByText('We typically respond within 1-2 business days.')).toBeVisible()
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('rows', '6')

  // Hold the answer a moment to see the busy state.
  await page.route('**/api/contact', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.fallback()
  })
  await fillContact(page, { name: 'Ada Lovelace', email: 'ada@example.org', subject: 'Export question', message: 'Can I export to CSV?' })
  await sendButton(page).click()
  const busy = page.getByRole('button', { name: 'Sending...' })
  await expect(busy).toBeVisible()
  await expect(busy).toBeDisabled()

  const thanks = page.getByRole('status').filter({ hasText: SENT })
  await expect(thanks).toBeVisible()
  const shownAt = Date.now()
  for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('')
  await expect(sendButton(page)).toBeEnabled()

  await expect.poll(() => server.mailsTo(TEAM).length).toBe(1)
  const mail = server.mailsTo(TEAM)[0] ?? ''
  expect(mail).toContain('Name: Ada Lovelace')
  expect(mail).toContain('Email: ada@example.org')
  expect(mail).toContain('Subject: Export question')
  expect(mail).toContain('Can I export to CSV?')

  await expect(thanks).toBeHidden({ timeout: 8_000 })
  expect(Date.now() - shownAt).toBeGreaterThan(4_000)
})

test('validation errors appear under their fields, from the browser and from the server', async ({ page, server }) => {
  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) sent += 1
  })
  await page.goto('/contact')
  await sendButton(page).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name cannot be empty.')
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Email is required.')
  await expect(page.getByLabel('Subject', { exact: true })).toHaveAccessibleDescription('Subject cannot be empty.')
  await expect(page.getByLabel('Message', { exact: true })).toHaveAccessibleDescription('Message cannot be empty.')
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')

  await fillContact(page, { name: 'Ada', email: 'ada at example', subject: 'Hi', message: 'Hello' })
  await sendButton(page).click()
  await expect(page.getByLabel('Email', { exact: true })).toHaveAccessibleDescription('Please enter a valid email address')
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
  expect(sent).toBe(0)

  // Markup alone passes the browser's check but is nothing once the server strips it.
  await fillContact(page, { name: '<b></b>', email: 'ada@example.org' })
  await sendButton(page).click()
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name cannot be empty.')
  expect(sent).toBe(1)
  await expect(page.getByRole('status')).toHaveCount(0)
  expect(server.mailsTo(TEAM)).toEqual([])
})

test('a filled honeypot looks sent to the bot, but nothing is kept or mailed', async ({ page, server }) => {
  await page.goto('/contact')
  const honeypot = page.locator('input[name="website"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).toHaveAttribute('autocomplete', 'off')
  await expect(honeypot).toHaveAttribute('aria-hidden', 'true')
  // Out of sight and out of the accessibility tree: a person never meets it.
  await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0)
  const box = await honeypot.boundingBox()
  expect(box === null || box.x + box.width <= 0 || box.width <= 1).toBe(true)

  await fillContact(page, { name: 'Spam Bot', email: 'bot@example.org', subject: 'Cheap pills', message: 'Buy now' })
  await honeypot.fill('https://spam.example', { force: true })
  const request = page.waitForRequest((candidate) => candidate.url().endsWith('/api/contact'))
  await sendButton(page).click()
  expect((await request).postDataJSON()).toMatchObject({ website: 'https://spam.example' })
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()

  // A person's message right after does reach the team, so the outbox is being watched.
  await fillContact(page, { name: 'Ada', email: 'ada@example.org', subject: 'Real question', message: 'Hello' })
  await expect(honeypot).toHaveValue('')
  await sendButton(page).click()
  await expect.poll(() => server.mailsTo(TEAM).length).toBe(1)
  const [mail = ''] = server.mailsTo(TEAM)
  expect(mail).toContain('Real question')
  expect(mail).not.toContain('Cheap pills')
})

test('a signed-in user writes as their account: the email is fixed', async ({ page, server }) => {
  const account = await registerAccount(server)
  await signIn(page, account)
  await page.goto('/contact')
  const email = page.getByLabel('Email', { exact: true })
  await expect(email).toHaveValue(account.email)
  await expect(email).not.toBeEditable()

  await fillContact(page, { name: 'Student', subject: 'From my account', message: 'Hello from a signed-in user' })
  await sendButton(page).click()
  await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()
  await expect(email).toHaveValue(account.email)
  await expect.poll(() => server.mailsTo(TEAM).length).toBe(1)
  expect(server.mailsTo(TEAM)[0]).toContain(`Email: ${account.email}`)
})

test('a failure without details shows the fallback message', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream broke' }))
  await page.goto('/contact')
  await fillContact(page, { name: 'Ada', email: 'ada@example.org', subject: 'Hi', message: 'Hello' })
  await sendButton(page).click()
  await expect(page.getByRole('alert')).toHaveText('Failed to submit contact form')
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ada')
})

test.describe('with one submission allowed per window', () => {
  test.use({ serverEnv: { CONTACT_EMAIL: TEAM, RATE_LIMIT_CONTACT: '1' } })

  test('the second submission shows the rate-limited message for about 5 s', async ({ page, server }) => {
    await page.goto('/contact')
    await fillContact(page, { name: 'Ada', email: 'ada@example.org', subject: 'First', message: 'One' })
    await sendButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: SENT })).toBeVisible()

    await fillContact(page, { name: 'Ada', email: 'ada@example.org', subject: 'Second', message: 'Two' })
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact'))
    await sendButton(page).click()
    expect((await answer).status()).toBe(429)
    const limited = page.getByRole('alert').filter({ hasText: RATE_LIMITED })
    await expect(limited).toBeVisible()
    const shownAt = Date.now()
    // What was typed stays, to send again later.
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Second')
    await expect(limited).toBeHidden({ timeout: 8_000 })
    expect(Date.now() - shownAt).toBeGreaterThan(4_000)
    expect(server.mailsTo(TEAM)).toHaveLength(1)
  })
})
