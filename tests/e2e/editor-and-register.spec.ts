import { messages } from '#shared/messages'
import { axeViolations } from './axe'
import { expect, expectSignedOut, test } from './fixtures'
import { addCards, createSet, newOwner, openSetAsOwner, ownerTermRows } from './set-helpers'

// Registers fixed addresses (grace@, mary@example.org).
test.use({ ownServer: true })

/** Smaller findings of the product walk (issue 32): the card editor's Tab order and the register form. */

test('in the card editor Tab goes Term -> Definition -> the next card’s Term; the pictures come after the definition; axe clean', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Tab Order' })
  await addCards(server, owner, set.id, [['one', 'uno']])
  await openSetAsOwner(page, owner, set)
  const form = page.getByRole('form', { name: 'Add flashcard' })
  const term = form.getByLabel('Term', { exact: true })
  const definition = form.getByLabel('Definition', { exact: true })

  /** Types a card with the keyboard only: the Tab out of its definition adds it and the next card's Term has the focus. */
  const typeCard = async (termText: string, definitionText: string, count: number) => {
    await page.keyboard.type(termText)
    await page.keyboard.press('Tab')
    await expect(definition).toBeFocused()
    await page.keyboard.type(definitionText)
    await page.keyboard.press('Tab')
    await expect(ownerTermRows(page)).toHaveCount(count)
    await expect(term).toBeFocused()
    await expect(term).toHaveValue('')
  }
  await term.focus()
  await typeCard('two', 'dos', 2)
  await typeCard('three', 'tres', 3)

  // An unfinished card: Tab goes on from the definition to the pictures, then the Add button.
  await page.keyboard.press('Tab')
  await expect(definition).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Add term picture')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByLabel('Add definition picture')).toBeFocused()
  // Then the card's kind (issue 26): Cloze and "Also ask in reverse".
  await page.keyboard.press('Tab')
  await expect(form.getByRole('button', { name: 'Cloze' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(form.getByRole('checkbox', { name: 'Also ask in reverse' })).toBeFocused()
  // Then each side's sound (issue 26): a file, or a recording.
  for (const side of ['term', 'definition']) {
    await page.keyboard.press('Tab')
    await expect(form.getByLabel(`Add ${side} sound file`)).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(form.getByRole('button', { name: `Record the ${side}` })).toBeFocused()
  }
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

test('register: submitted empty, every field says what it needs at once, and nothing is sent', async ({ page }) => {
  let sent = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/register')) sent += 1
  })
  await page.goto('/register')
  await page.getByRole('button', { name: 'Register' }).click()
  const username = page.getByLabel('Username')
  const email = page.getByLabel('Email')
  const password = page.getByLabel('Password')
  await expect(username).toHaveAccessibleDescription(messages.usernameRequired)
  await expect(email).toHaveAccessibleDescription(messages.emailRequired)
  await expect(password).toHaveAccessibleDescription(new RegExp(messages.passwordRequired.replace('.', '\\.')))
  for (const field of [username, email, password]) await expect(field).toHaveAttribute('aria-invalid', 'true')

  // A short password still shows its tooltip, and the empty fields beside it are flagged too.
  await password.fill('seven77')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByText(messages.passwordTooShort, { exact: true })).toBeVisible()
  await expect(username).toHaveAccessibleDescription(messages.usernameRequired)
  await expect(email).toHaveAccessibleDescription(messages.emailRequired)
  expect(await axeViolations(page)).toEqual([])
  expect(sent).toBe(0)
})

test('registered on this device, the student opens the verification link here and is signed in', async ({ page, server }) => {
  await page.goto('/register')
  await page.getByLabel('Username').fill('grace_hopper')
  await page.getByLabel('Email').fill('grace@example.org')
  await page.getByLabel('Password').fill('compiler cobol')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
  // Not signed in until the email is verified.
  await expectSignedOut(page)

  const token = await server.waitForLink('grace@example.org', 'verify-email')
  await page.goto(`/verify-email/${token}`)
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible()
  await expect(page.getByText('Your email address is confirmed and you are signed in as grace_hopper.')).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('link', { name: 'Start studying' }).click()
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(page.getByRole('link', { name: 'Profile (grace_hopper)' })).toBeVisible()

  // Signed in, the device forgets the registration: the next login form is empty.
  await page.getByRole('button', { name: 'Logout' }).click()
  // Signed out once the header offers Login: a page loaded before that would still find the session.
  await expectSignedOut(page)
  await page.goto('/login')
  await expect(page.getByLabel('Email or Username')).toHaveValue('')
})

test('registered on this device without a session kept aside, the verification page asks only for the password', async ({ page, server }) => {
  await page.goto('/register')
  await page.getByLabel('Username').fill('mary_jackson')
  await page.getByLabel('Email').fill('mary@example.org')
  await page.getByLabel('Password').fill('wind tunnel data')
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()
  // As when the server refused the session at registration (or it was dropped since).
  await page.evaluate(() => localStorage.removeItem('cardwise.pendingRegistrationSession'))

  const token = await server.waitForLink('mary@example.org', 'verify-email')
  await page.goto(`/verify-email/${token}`)
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible()
  await expect(page.getByText('Log in as mary@example.org: your email is already filled in, just enter your password.')).toBeVisible()
  await page.getByRole('link', { name: 'Login' }).last().click()
  await expect(page.getByLabel('Email or Username')).toHaveValue('mary@example.org')
  await page.getByLabel('Password').fill('wind tunnel data')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/my-sets$/)
})
