import { expect, test } from './fixtures'

/** Smaller findings of the product walk (issue 32). */

test('/privacy and /terms go to the legal pages', async ({ page }) => {
  await page.goto('/privacy')
  await expect(page).toHaveURL(/\/privacy-policy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await page.goto('/terms')
  await expect(page).toHaveURL(/\/terms-of-service$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
})

test.describe('on a system that prefers light', () => {
  test.use({ colorScheme: 'light' })

  test('the theme follows the system until the student chooses, then keeps the choice', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    // The system turns dark: the page follows.
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
    // The student picks dark: it stays, whatever the system says, over a reload.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('button', { name: 'Switch to Dark Mode' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })
})
