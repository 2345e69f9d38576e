import { axeBuilder, COLOUR_RULES, inBothThemes, WCAG_TAGS } from './axe'
import type { Locator, Page } from '@playwright/test'
import { apiCall, apiLogIn, type E2EServer, expect, logIn, registerAccount, type TestAccount, test } from './fixtures'
import { addCards, createSet, newOwner, type Owner, setCard } from './set-helpers'

// Finds its sets in the public listing, which every account on a server shares.
test.use({ ownServer: true })

/**
 * Accessibility (issue: "every page usable with the keyboard alone, visible focus, labelled
 * controls, landmarks, sufficient contrast in both themes"): axe-core runs on every page route of
 * renderer/src/routes.tsx, as a visitor and signed in, plus the open dialogs and the mobile menu,
 * and fails on any serious or critical violation of WCAG 2.0/2.1 A and AA. Each check runs every
 * rule in the dark theme, then switches the page to the light one as the system's setting does
 * (the app follows it until the student chooses) and runs the rules that depend on colours
 * again: one visit per page for both themes.
 */

type Theme = 'dark' | 'light'
interface Finding {
  where: string
  rule: string
  impact: string
  help: string
  targets: string[]
}

/** Collects the serious and critical violations of every check in a test, reported together at the end. */
class Audit {
  readonly findings: Finding[] = []
  checks = 0

  constructor(private readonly page: Page) {}

  /**
   * Runs axe on the page as it is now (or only inside `include`, e.g. an open dialog): every rule
   * in the dark theme, the colour rules in the light one, and leaves the page dark again.
   */
  async check(where: string, include?: string): Promise<void> {
    await inBothThemes(this.page, (theme) => this.checkIn(theme, where, include, theme === 'light' ? COLOUR_RULES : undefined))
  }

  private async checkIn(theme: Theme, where: string, include?: string, rules?: string[]): Promise<void> {
    // axe in the page itself, loaded once per page (axe.ts).
    let builder = axeBuilder(this.page)
    builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS)
    if (include) builder = builder.include(include)
    const results = await builder.analyze()
    this.checks += 1
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
      this.findings.push({
        where: `${where} [${theme}]`,
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${firstLine(node.failureSummary)})` : ''}`),
      })
    }
  }

  /** Opens `path`, waits for `ready` and checks the page. */
  async visit(path: string, ready: (page: Page) => Locator, where = path): Promise<void> {
    await this.page.goto(path)
    await expect(ready(this.page)).toBeVisible()
    await this.check(where)
  }

  expectClean(): void {
    expect(this.checks).toBeGreaterThan(0)
    expect(this.findings, summary(this.findings)).toEqual([])
  }
}

function firstLine(failureSummary: string): string {
  const lines = failureSummary
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return (lines[1] ?? lines[0] ?? '').slice(0, 160)
}

function summary(findings: Finding[]): string {
  if (findings.length === 0) return 'no serious or critical violations'
  const rules = [...new Set(findings.map((finding) => finding.rule))]
  const lines = findings.map(
    (finding) =>
      `- ${finding.where}: ${finding.rule} (${finding.impact}) ${finding.help}\n    ${finding.targets.slice(0, 6).join('\n    ')}${finding.targets.length > 6 ? `\n    ... and ${finding.targets.length - 6} more` : ''}`,
  )
  return `${findings.length} serious/critical axe violation(s), rules: ${rules.join(', ')}\n${lines.join('\n')}`
}

const heading = (name: string | RegExp, level?: number) => (page: Page) =>
  page.getByRole('heading', { name, level, exact: typeof name === 'string' ? true : undefined })

/** A public set with a few cards and a private one, owned by a fresh verified account. */
async function seedSets(server: E2EServer): Promise<{ owner: Owner; publicSetId: string; publicTitle: string; privateSetId: string }> {
  const owner = await newOwner(server)
  const publicSet = await createSet(server, owner, { title: 'Cell Biology', description: 'Organelles and what they do', tags: 'biology', isPublic: true })
  await addCards(server, owner, publicSet.id, [
    ['Mitochondria', 'Powerhouse of the cell'],
    ['Ribosome', 'Makes proteins'],
    ['Nucleus', 'Holds the DNA'],
  ])
  await createSet(server, owner, { title: 'World Capitals', description: '', tags: 'geography', isPublic: true })
  const privateSet = await createSet(server, owner, { title: 'My Private Notes', description: 'Only for me', tags: '', isPublic: false })
  await addCards(server, owner, privateSet.id, [['Term', 'Definition']])
  return { owner, publicSetId: publicSet.id, publicTitle: publicSet.title, privateSetId: privateSet.id }
}

/** The emailed tokens of a password reset and an email change for `account`. */
async function mailedTokens(server: E2EServer, account: TestAccount): Promise<{ reset: string; emailChange: string }> {
  expect((await apiCall(server, 'POST', '/auth/request-password-reset', { email: account.email })).status).toBeLessThan(300)
  const token = await apiLogIn(server, account)
  const newEmail = `new-${account.email}`
  expect((await apiCall(server, 'POST', '/auth/request-email-change', { newEmail }, token)).status).toBe(204)
  return {
    reset: await server.waitForLink(account.email, 'reset-password'),
    emailChange: await server.waitForLink(newEmail, 'confirm-email-change'),
  }
}

async function openMobileMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.locator('#mobile-menu')).toBeVisible()
}

// Reduced motion: the landing sections show at once instead of fading in while axe measures them.
test.use({ reducedMotion: 'reduce' })
// Each test runs axe on a dozen pages (about half a second each, more on a busy machine).
test.describe.configure({ timeout: 120_000 })

test.describe('accessibility, both themes', () => {
  test('visitor: landing, account, contact, legal and recovery pages', async ({ page, server }) => {
    const audit = new Audit(page)
    const account = await registerAccount(server)
    const tokens = await mailedTokens(server, account)

    await audit.visit('/', heading('Features'))
    await audit.visit('/register', heading('Create your account'))
    await audit.visit('/login', heading('Log in to Cardwise'))
    await audit.visit('/contact', heading('Contact Us'))
    await audit.visit('/privacy-policy', heading('Privacy Policy', 1))
    await audit.visit('/terms-of-service', heading('Terms of Service', 1))
    await audit.visit('/forgot-password', heading('Forgot Password'))
    await audit.visit('/verify-email/not-a-real-token', heading('Verification Failed'), '/verify-email/<bad>')
    await audit.visit(`/reset-password/${tokens.reset}`, heading('Reset Password'), '/reset-password/<token>')
    await audit.visit('/reset-password/not-a-real-token', heading('Reset Password'), '/reset-password/<bad>')
    await page.getByLabel('New Password', { exact: true }).fill('long enough password')
    await page.getByLabel('Confirm New Password').fill('long enough password')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(heading('Invalid Reset Link')(page)).toBeVisible()
    await audit.check('/reset-password/<bad> (after submit)')
    await audit.visit(`/confirm-email-change/${tokens.emailChange}`, heading('Confirm Email Change'), '/confirm-email-change/<token>')
    await audit.visit('/no-such-page', heading('Page Not Found'), 'unknown path')
    // Guarded routes send a visitor to the login page.
    await audit.visit('/dashboard', heading('Log in to Cardwise'), '/dashboard (visitor)')
    await expect(page).toHaveURL(/\/login$/)

    audit.expectClean()
  })

  test('visitor: public sets, a public set and its study modes', async ({ page, server }) => {
    const audit = new Audit(page)
    const seeded = await seedSets(server)

    await audit.visit('/public-sets', (p) => setCard(p, seeded.publicTitle))
    await audit.visit(`/study-sets/${seeded.publicSetId}`, heading(seeded.publicTitle, 1), '/study-sets/{id} (visitor)')
    await page.getByRole('button', { name: 'Flashcards', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Flashcards' })).toBeVisible()
    await audit.check('/study-sets/{id} Flashcards view (visitor)')
    for (const mode of ['learn', 'match', 'write']) {
      await audit.visit(`/study-sets/${seeded.publicSetId}/${mode}`, (p) => p.getByRole('heading', { level: 1 }), `/study-sets/{id}/${mode} (visitor)`)
    }
    await audit.visit(`/study-sets/${seeded.privateSetId}`, heading('Study set not found'), '/study-sets/{private id} (visitor)')

    audit.expectClean()
  })

  test('signed in: my sets, create, the owner set page and its dialogs, study modes', async ({ page, server }) => {
    const audit = new Audit(page)
    const seeded = await seedSets(server)
    await logIn(page, seeded.owner.account)

    await audit.visit('/my-sets', (p) => setCard(p, seeded.publicTitle))
    await page.getByRole('button', { name: `Edit ${seeded.publicTitle}` }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Set' })).toBeVisible()
    await audit.check('/my-sets Edit Set dialog', 'dialog[open]')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'Import Set' }).click()
    await expect(page.getByRole('dialog', { name: 'Import Set' })).toBeVisible()
    await audit.check('/my-sets Import Set dialog', 'dialog[open]')

    await audit.visit('/study-sets/create', heading('Create Study Set', 1))
    await audit.visit(`/study-sets/${seeded.publicSetId}`, heading(seeded.publicTitle, 1), '/study-sets/{id} (owner)')
    await page.getByRole('button', { name: 'Edit Set' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Set' })).toBeVisible()
    await audit.check('/study-sets/{id} Edit Set dialog', 'dialog[open]')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Edit flashcard Ribosome' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Flashcard' })).toBeVisible()
    await audit.check('/study-sets/{id} Edit Flashcard dialog', 'dialog[open]')
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Export' }).click()
    await expect(page.getByRole('dialog', { name: 'Export Set' })).toBeVisible()
    await audit.check('/study-sets/{id} Export Set dialog', 'dialog[open]')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'Flashcards', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Flashcards' })).toBeVisible()
    await audit.check('/study-sets/{id} Flashcards view (owner)')
    for (const mode of ['learn', 'match', 'write']) {
      await audit.visit(`/study-sets/${seeded.publicSetId}/${mode}`, (p) => p.getByRole('heading', { level: 1 }), `/study-sets/{id}/${mode} (owner)`)
    }
    await audit.visit('/public-sets', (p) => setCard(p, seeded.publicTitle), '/public-sets (signed in)')
    await audit.visit('/dashboard', (p) => setCard(p, seeded.publicTitle), '/dashboard (signed in)')
    await expect(page).toHaveURL(/\/my-sets$/)

    audit.expectClean()
  })

  test('signed in: landing, profile, contact, legal, recovery and unknown pages', async ({ page, server }) => {
    const audit = new Audit(page)
    const account = await registerAccount(server)
    const tokens = await mailedTokens(server, account)
    await logIn(page, account)

    await audit.visit('/', heading('Features'), '/ (signed in)')
    await audit.visit('/my-sets', (p) => p.getByText('You have no study sets yet.'), '/my-sets (empty)')
    await audit.visit('/profile', heading('Profile', 1))
    await audit.visit('/contact', heading('Contact Us'), '/contact (signed in)')
    await audit.visit('/privacy-policy', heading('Privacy Policy', 1), '/privacy-policy (signed in)')
    await audit.visit('/terms-of-service', heading('Terms of Service', 1), '/terms-of-service (signed in)')
    await audit.visit('/forgot-password', heading('Forgot Password'), '/forgot-password (signed in)')
    await audit.visit(`/reset-password/${tokens.reset}`, heading('Reset Password'), '/reset-password/<token> (signed in)')
    await audit.visit('/verify-email/not-a-real-token', heading('Verification Failed'), '/verify-email/<bad> (signed in)')
    await audit.visit(`/confirm-email-change/${tokens.emailChange}`, heading('Confirm Email Change'), '/confirm-email-change/<token> (signed in)')
    // Signed in, /register and /login lead to My Sets.
    await audit.visit('/register', (p) => p.getByText('You have no study sets yet.'), '/register (signed in: My Sets)')
    await expect(page).toHaveURL(/\/my-sets$/)
    await audit.visit('/login', (p) => p.getByText('You have no study sets yet.'), '/login (signed in: My Sets)')
    await expect(page).toHaveURL(/\/my-sets$/)
    await audit.visit('/no-such-page', heading('Page Not Found'), 'unknown path (signed in)')

    audit.expectClean()
  })

  test('unverified account and the mobile menu at 375x667', async ({ page, server }) => {
    const audit = new Audit(page)
    const unverified = await registerAccount(server, { verified: false })
    const seeded = await seedSets(server)
    await page.setViewportSize({ width: 375, height: 667 })

    await audit.visit('/', heading('Features'), '/ (mobile, visitor)')
    await openMobileMenu(page)
    await audit.check('mobile menu open (visitor)')

    await logIn(page, unverified)
    await expect(page).toHaveURL(/\/pending-verification$/)
    await expect(heading('Verify Your Email')(page)).toBeVisible()
    await audit.check('/pending-verification (unverified)')
    await openMobileMenu(page)
    await audit.check('mobile menu open (unverified)')
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor()
    await page.locator('#mobile-menu').getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()

    await logIn(page, seeded.owner.account)
    await audit.visit(`/study-sets/${seeded.publicSetId}`, heading(seeded.publicTitle, 1), '/study-sets/{id} (mobile, owner)')
    await page.getByRole('button', { name: 'Set settings' }).click()
    await expect(page.getByRole('button', { name: 'Delete Set' }).last()).toBeVisible()
    await audit.check('/study-sets/{id} settings menu open (mobile)')
    await openMobileMenu(page)
    await audit.check('mobile menu open (signed in)')

    audit.expectClean()
  })
})

test('the axe check itself finds what it looks for: poor contrast, a missing name, only inside `include`', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body>
    <main><p style="color:#777;background:#888">faint words</p><button></button></main>
    <aside><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></aside></body></html>`)
  const rules = async (builder: ReturnType<typeof axeBuilder>) => (await builder.analyze()).violations.map((violation) => violation.id).sort()
  expect(await rules(axeBuilder(page).withTags(WCAG_TAGS))).toEqual(['button-name', 'color-contrast', 'image-alt'])
  expect(await rules(axeBuilder(page).withTags(WCAG_TAGS).include('main'))).toEqual(['button-name', 'color-contrast'])
  expect(await rules(axeBuilder(page).withRules(COLOUR_RULES))).toEqual(['color-contrast'])
  // axe is sent to a document once: a second check finds it there, a new document gets it again.
  expect(await page.evaluate(() => 'axe' in window)).toBe(true)
  await page.setContent('<!doctype html><html lang="en"><head><title>t</title></head><body><main><button></button></main></body></html>')
  expect(await rules(axeBuilder(page).include('main'))).toEqual(['button-name'])
})

test('keyboard: Tab reaches the skip link, the header and the main controls with a visible focus ring', async ({ page, server }) => {
  const account = await registerAccount(server)
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Log in to Cardwise' })).toBeVisible()

  /** Presses Tab until `target` has focus (at most `limit` times) and checks its focus ring. */
  const tabTo = async (target: Locator, limit = 30) => {
    for (let i = 0; i < limit; i += 1) {
      if (await target.evaluate((element) => element === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await expect(target).toBeFocused()
    const outline = await target.evaluate((element) => {
      const style = getComputedStyle(element)
      return { width: Number.parseFloat(style.outlineWidth), style: style.outlineStyle }
    })
    expect(outline.style).not.toBe('none')
    expect(outline.width).toBeGreaterThanOrEqual(2)
  }

  await tabTo(page.getByRole('link', { name: 'Skip to content' }), 1)
  await tabTo(page.getByRole('link', { name: 'Cardwise home' }))
  await tabTo(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Public Sets' }))
  await tabTo(page.getByLabel('Email or Username'))
  await page.keyboard.type(account.email)
  await tabTo(page.getByLabel('Password'))
  await page.keyboard.type(account.password)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/my-sets$/)

  await tabTo(page.getByRole('button', { name: 'Import Set' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Import Set' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Import Set' })).toBeFocused()
  await tabTo(page.getByRole('link', { name: 'Create Study Set' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/study-sets\/create$/)
  await tabTo(page.getByLabel('Title'))
  // The mobile menu: opened from the keyboard, its links reachable, Escape closes it and focus returns to the toggle.
  await page.setViewportSize({ width: 375, height: 667 })
  await page.goto('/my-sets')
  const toggle = page.getByRole('button', { name: 'Open menu' })
  await tabTo(toggle)
  await page.keyboard.press('Enter')
  await tabTo(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'My Sets' }))
  await page.keyboard.press('Escape')
  await expect(page.locator('#mobile-menu')).toBeHidden()
  await expect(toggle).toBeFocused()
})
