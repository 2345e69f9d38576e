import type { Page } from '@playwright/test'
import { expect, logIn, registerAccount, test } from './fixtures'

const theme = (page: Page) => page.locator('html')
const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'))

test('the theme is dark by default; the header switch to light and back persists over reloads', async ({ page }) => {
  await page.goto('/')
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark')
  expect(await storedTheme(page)).toBeNull()

  await page.getByRole('button', { name: 'Switch to Light Mode' }).click()
  await expect(theme(page)).toHaveAttribute('data-theme', 'light')
  expect(await storedTheme(page)).toBe('light')

  await page.reload()
  await expect(theme(page)).toHaveAttribute('data-theme', 'light')
  expect(await storedTheme(page)).toBe('light')
  await page.getByRole('button', { name: 'Switch to Dark Mode' }).click()
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark')
  expect(await storedTheme(page)).toBe('dark')

  await page.reload()
  await expect(theme(page)).toHaveAttribute('data-theme', 'dark')
  await expect(page.getByRole('button', { name: 'Switch to Light Mode' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  const menu = (page: Page) => page.locator('#mobile-menu')
  const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Mobile' })

  test('a visitor opens the slide-in menu, switches the theme and closes it by clicking outside', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(menu(page)).toBeHidden()

    const open = page.getByRole('button', { name: 'Open menu' })
    await expect(open).toHaveAttribute('aria-expanded', 'false')
    await open.click()
    await expect(menu(page)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    for (const name of ['Public Sets', 'Contact Us', 'Login', 'Register']) {
      await expect(mobileNav(page).getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(menu(page)).not.toContainText('Signed in as')

    // The theme switch: dark by default, so it offers Light Mode.
    const toLight = menu(page).getByRole('switch', { name: 'Light Mode' })
    await expect(toLight).toHaveAttribute('aria-checked', 'true')
    await toLight.click()
    await expect(theme(page)).toHaveAttribute('data-theme', 'light')
    expect(await storedTheme(page)).toBe('light')
    const toDark = menu(page).getByRole('switch', { name: 'Dark Mode' })
    await expect(toDark).toHaveAttribute('aria-checked', 'false')
    await toDark.click()
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark')
    // Switching the theme keeps the menu open.
    await expect(menu(page)).toBeVisible()

    // A click outside the menu (on the page to its left) closes it.
    await page.mouse.click(20, 400)
    await expect(menu(page)).toBeHidden()
    await expect(open).toHaveAttribute('aria-expanded', 'false')

    // So does the menu button, and Escape.
    await open.click()
    await expect(menu(page)).toBeVisible()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(menu(page)).toBeHidden()
    await open.click()
    await expect(menu(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
  })

  test('a signed-in student sees who is signed in, and following a link closes the menu', async ({ page, server }) => {
    const account = await registerAccount(server)
    await logIn(page, account)
    await expect(page).toHaveURL(/\/my-sets$/)

    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu(page)).toBeVisible()
    await expect(menu(page).getByText(`Signed in as ${account.username}`)).toBeVisible()
    for (const name of ['Home', 'My Sets', 'Classes', 'Public Sets', 'Contact Us', `Profile (${account.username})`]) {
      await expect(mobileNav(page).getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(mobileNav(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0)
    await expect(menu(page).getByRole('button', { name: 'Logout' })).toBeVisible()

    await mobileNav(page)
      .getByRole('link', { name: `Profile (${account.username})` })
      .click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(menu(page)).toBeHidden()
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue(account.username)

    await page.getByRole('button', { name: 'Open menu' }).click()
    await mobileNav(page).getByRole('link', { name: 'Public Sets' }).click()
    await expect(page).toHaveURL(/\/public-sets$/)
    await expect(menu(page)).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu(page).getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(menu(page)).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(menu(page)).not.toContainText('Signed in as')
    await expect(mobileNav(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  })
})
