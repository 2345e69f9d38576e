import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { axeViolations, fitsWidth } from './axe'
import { apiCall, expect, signIn, test } from './fixtures'
import { newOwner } from './set-helpers'
import { createStudySet } from './study-helpers'

/**
 * Issue 30: the main journeys (register, create a set, Learn, Match, Review) in German and in
 * Arabic, chosen from the browser's languages, axe clean; Arabic right to left; German's long
 * words fit a 360 px screen; the language picker.
 */
/** A language's interface texts (its catalogs), by key: what the test expects on the page. */
function catalog(locale: string): (key: string) => string {
  const read = (namespace: string) =>
    JSON.parse(readFileSync(path.resolve(`renderer/src/locales/${locale}/${namespace}.json`), 'utf8')) as Record<string, string>
  const messages = { ...read('common'), ...read('app') }
  return (key) => {
    const message = messages[key]
    if (message === undefined) throw new Error(`no message ${key} in ${locale}`)
    return message
  }
}

const CARDS: Array<[string, string]> = [
  ['Hund', 'dog'],
  ['Katze', 'cat'],
  ['Vogel', 'bird'],
  ['Fisch', 'fish'],
]

/** Signs in through the login form as it reads in a language. */
async function logInIn(page: Page, account: { email: string; password: string }, t: (key: string) => string): Promise<void> {
  await page.goto('/login')
  await page.getByLabel(t('auth.identity')).fill(account.email)
  await page.getByLabel(t('auth.password')).fill(account.password)
  await page.getByRole('button', { name: t('nav.login'), exact: true }).click()
  await expect(page).not.toHaveURL(/\/login$/)
}

/** Elements with text of their own whose content is wider than their box (clipped or spilling). */
function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()))
      .filter((element) => {
        const style = getComputedStyle(element)
        if (style.display === 'inline' || style.display === 'contents' || element.offsetParent === null) return false
        if (element.closest('.visually-hidden, [hidden], select, option')) return false
        // Cut short on purpose, with its whole text in a title (the header's "Profile (long username)").
        if (style.textOverflow === 'ellipsis' && element.closest('[title]')) return false
        return element.scrollWidth > element.clientWidth + 1
      })
      .map((element) => `${element.tagName.toLowerCase()}: ${element.textContent?.trim().slice(0, 60)} (${element.scrollWidth} > ${element.clientWidth})`),
  )
}

for (const { locale, browserLocale, dir } of [
  { locale: 'de', browserLocale: 'de-DE', dir: 'ltr' },
  { locale: 'ar', browserLocale: 'ar-EG', dir: 'rtl' },
] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale: browserLocale })
    const t = catalog(locale)

    test(`a visitor registers, creates a set, and studies it in Learn and Match (${locale}), axe clean`, async ({ page, server }) => {
      // A whole journey with seven axe scans: 25 s alone, near the default timeout at a load average of 11.
      test.slow()
      await page.goto('/')
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.locator('html')).toHaveAttribute('dir', dir)
      await expect(page.getByRole('heading', { level: 1, name: t('landing.hero.title') })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      // Register.
      await page
        .getByRole('navigation', { name: t('nav.main') })
        .getByRole('link', { name: t('nav.register') })
        .click()
      await expect(page.getByRole('heading', { name: t('auth.register.title') })).toBeVisible()
      await page.getByLabel(t('auth.username')).fill(`user_${locale}`)
      await page.getByLabel(t('auth.email'), { exact: true }).fill(`${locale}@example.org`)
      await page.getByLabel(t('auth.password')).fill('correct horse battery')
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: t('nav.register') }).click()
      await expect(page.getByRole('heading', { name: t('auth.verifyYourEmail') })).toBeVisible()
      const token = await server.waitForLink(`${locale}@example.org`, 'verify-email')
      await page.goto(`/verify-email/${token}`)
      await expect(page.getByRole('heading', { name: t('auth.verify.done') })).toBeVisible()
      await page.getByRole('link', { name: t('auth.verify.start') }).click()

      // Create a set and add its cards through the editor.
      await page.goto('/study-sets/create')
      await expect(page.getByRole('heading', { level: 1, name: t('sets.create.title') })).toBeVisible()
      await page.getByLabel(t('sets.field.title')).fill('Tiere')
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: t('sets.create.title') }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Tiere' })).toBeVisible()
      const setAddress = new URL(page.url()).pathname
      const form = page.getByRole('form', { name: t('sets.addCard.label') })
      for (const [term, definition] of CARDS) {
        await form.getByLabel(t('card.term'), { exact: true }).fill(term)
        await form.getByLabel(t('card.definition'), { exact: true }).fill(definition)
        await form.getByRole('button', { name: t('sets.addCard.submit') }).click()
        await expect(form.getByRole('status').filter({ hasText: term })).toBeVisible()
      }
      expect(await axeViolations(page)).toEqual([])

      // Learn: one question, answered right.
      await page.getByRole('link', { name: t('mode.learn'), exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: t('learn.title') })).toBeVisible()
      const term = (await page.getByRole('main').getByRole('heading', { level: 2 }).textContent())?.trim() ?? ''
      const right = CARDS.find(([cardTerm]) => cardTerm === term)?.[1] ?? ''
      await page.getByRole('group', { name: term }).getByRole('button').filter({ hasText: right }).click()
      await expect(page.getByText(t('learn.correct'))).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      // Match: every pair, by selecting a term and then its definition.
      await page.goto(setAddress.replace(/$/, '/match'))
      await expect(page.getByText(t('match.instructionsText'))).toBeVisible()
      await page.getByRole('button', { name: t('match.start') }).click()
      const termsList = page.getByRole('list', { name: t('mode.terms') })
      const definitionsList = page.getByRole('list', { name: t('match.definitions') })
      if (dir === 'rtl') {
        // Mirrored: the terms' column is on the right, the start of a right-to-left line.
        const [termsBox, definitionsBox] = [await termsList.boundingBox(), await definitionsList.boundingBox()]
        expect(termsBox && definitionsBox && termsBox.x > definitionsBox.x).toBe(true)
      }
      expect(await axeViolations(page)).toEqual([])
      for (const [cardTerm, definition] of CARDS) {
        await termsList.getByRole('button', { name: cardTerm, exact: true }).click()
        await definitionsList.getByRole('button', { name: definition, exact: true }).click()
      }
      await expect(page.getByRole('heading', { name: t('match.gameOver') })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])

      // Review, from the header.
      await page.goto('/review')
      await expect(page.getByRole('link', { name: new RegExp(t('nav.review')) }).first()).toBeAttached()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await axeViolations(page)).toEqual([])
    })
  })
}

test.describe('German at 360 px', () => {
  test.use({ locale: 'de-DE', viewport: { width: 360, height: 740 } })

  test('no text is wider than its box on the landing, sign-up, set, Learn and Match pages', async ({ page, server }) => {
    const owner = await newOwner(server)
    const { set } = await createStudySet(server, owner, { cards: CARDS, title: 'Tiere' })
    const pages = ['/', '/register', '/login', '/forgot-password']
    for (const address of pages) {
      await page.goto(address)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await overflowingText(page), address).toEqual([])
      expect(await fitsWidth(page), address).toBe(true)
    }
    await logInIn(page, owner.account, catalog('de'))
    for (const address of [`/study-sets/${set.id}`, `/study-sets/${set.id}/learn`, `/study-sets/${set.id}/match`, '/study-sets/create', '/profile']) {
      await page.goto(address)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(await overflowingText(page), address).toEqual([])
      expect(await fitsWidth(page), address).toBe(true)
    }
  })
})

test('the language picker switches the interface at once, keeps a visitor’s choice, and saves a student’s', async ({ page }) => {
  await page.goto('/')
  const english = catalog('en')
  const french = catalog('fr')
  await expect(page.getByRole('heading', { level: 1, name: english('landing.hero.title') })).toBeVisible()
  await page.getByRole('contentinfo').getByLabel(english('language.label')).selectOption('fr')
  await expect(page.getByRole('heading', { level: 1, name: french('landing.hero.title') })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: french('landing.hero.title') })).toBeVisible()
  await page.getByRole('contentinfo').getByLabel(french('language.label')).selectOption('ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByRole('contentinfo').getByLabel(catalog('ar')('language.label')).selectOption('')
  await expect(page.getByRole('heading', { level: 1, name: english('landing.hero.title') })).toBeVisible()
})

test('a student’s language is their locale setting: picked in Profile, saved, and back on the next sign-in', async ({ page, server }) => {
  const owner = await newOwner(server)
  await signIn(page, owner.account)
  await page.goto('/profile')
  const german = catalog('de')
  await page
    .getByRole('main')
    .getByRole('combobox', { name: catalog('en')('language.label') })
    .selectOption('de')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('contentinfo').getByRole('link', { name: german('shell.footer.privacy') })).toBeVisible()
  await expect
    .poll(async () => ((await (await apiCall(server, 'GET', '/users/me/settings', undefined, owner.token)).json()) as { locale: string | null }).locale)
    .toBe('de')
  // Another device (a fresh browser storage) follows the setting once signed in.
  await page.evaluate(() => localStorage.clear())
  await logInIn(page, owner.account, catalog('en'))
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
})
