import type { Locator, Page } from '@playwright/test'
import { expect, registerAccount, signIn, test } from './fixtures'

const FEATURES = ['Create & Organize', 'Multiple Study Modes', 'Import & Export', 'Classes & Sharing', 'Study Offline', 'Mobile Friendly']
const STEPS = ['Create your study sets', 'Choose a study mode', 'Track your progress']
const QUESTIONS: { question: string; answerExcerpt: string }[] = [
  { question: 'Is Cardwise free to use?', answerExcerpt: 'Every account is free' },
  { question: 'How do I share a study set with others?', answerExcerpt: 'choose Make Public' },
  { question: 'Which study modes are there?', answerExcerpt: 'drag each term onto its definition' },
  { question: 'Can I import flashcards I already have?', answerExcerpt: 'JSON or CSV file of up to 5 MB and 500 cards' },
  { question: 'Does Cardwise work on my phone?', answerExcerpt: 'install Cardwise on your home screen' },
]

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const hero = (page: Page) => section(page, 'Study smarter with Cardwise')
const faq = (page: Page) => section(page, 'Frequently Asked Questions')

/** The answer panel a question's button controls (found by id, so it is found even while hidden). */
async function answerOf(button: Locator): Promise<Locator> {
  const id = await button.getAttribute('aria-controls')
  expect(id).toBeTruthy()
  return button.page().locator(`[id="${id}"]`)
}

test('a visitor sees the hero, six features, three steps, five questions and a sign-up call to action', async ({ page }) => {
  await page.goto('/')

  await expect(hero(page).getByRole('heading', { level: 1 })).toHaveText('Study smarter with Cardwise')
  await expect(hero(page).getByRole('link')).toHaveText(['Login', 'Register', 'Browse Public Sets'])
  await expect(hero(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login')
  await expect(hero(page).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register')
  await expect(hero(page).getByRole('link', { name: 'Browse Public Sets' })).toHaveAttribute('href', '/public-sets')
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to My Sets' })).toHaveCount(0)

  const features = section(page, 'Features')
  await expect(features.getByRole('listitem')).toHaveCount(6)
  await expect(features.getByRole('heading', { level: 3 })).toHaveText(FEATURES)
  for (const card of await features.getByRole('listitem').all()) {
    // Every card has its sentence, not just a title.
    await expect(card.getByRole('paragraph')).toHaveText(/\w+ \w+ \w+.*\.$/)
  }

  const steps = section(page, 'How It Works').getByRole('listitem')
  await expect(steps).toHaveCount(3)
  await expect(section(page, 'How It Works').getByRole('heading', { level: 3 })).toHaveText(STEPS)

  const questions = faq(page).getByRole('button')
  await expect(questions).toHaveText(QUESTIONS.map((entry) => entry.question))
  for (const button of await questions.all()) {
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(await answerOf(button)).toBeHidden()
  }

  const closing = section(page, 'Ready to start studying?')
  const signUp = closing.getByRole('link', { name: 'Sign Up for Free' })
  await expect(signUp).toHaveAttribute('href', '/register')
  await signUp.click()
  await expect(page).toHaveURL(/\/register$/)
})

test('each FAQ item opens and closes its own answer, by mouse and by keyboard', async ({ page }) => {
  await page.goto('/')

  for (const { question, answerExcerpt } of QUESTIONS) {
    const button = faq(page).getByRole('button', { name: question })
    const answer = await answerOf(button)
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(answer).toBeHidden()

    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(answer).toBeVisible()
    await expect(answer).toContainText(answerExcerpt)
    // The open answer is a region named by its question.
    await expect(faq(page).getByRole('region', { name: question })).toContainText(answerExcerpt)

    await button.click()
    await expect(button).toHaveAttribute('aria-expanded', 'false')
    await expect(answer).toBeHidden()
  }

  // Items are independent: opening one leaves the others as they were.
  const first = faq(page).getByRole('button', { name: QUESTIONS[0]!.question })
  const last = faq(page).getByRole('button', { name: QUESTIONS[4]!.question })
  await first.click()
  await last.click()
  await expect(first).toHaveAttribute('aria-expanded', 'true')
  await expect(last).toHaveAttribute('aria-expanded', 'true')
  await expect(await answerOf(first)).toBeVisible()

  // They are real buttons: Enter and Space toggle them.
  await first.focus()
  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('aria-expanded', 'false')
  await expect(await answerOf(first)).toBeHidden()
  await page.keyboard.press('Space')
  await expect(first).toHaveAttribute('aria-expanded', 'true')
})

test('a signed-in student gets buttons to My Sets and Public Sets, and a Go to My Sets call to action', async ({ page, server }) => {
  const account = await registerAccount(server)
  await signIn(page, account)
  await page.goto('/')

  await expect(hero(page).getByText(`Welcome back, ${account.username}!`)).toBeVisible()
  await expect(hero(page).getByRole('link')).toHaveText(['Go to My Sets', 'Browse Public Sets'])
  await expect(hero(page).getByRole('link', { name: 'Go to My Sets' })).toHaveAttribute('href', '/my-sets')
  await expect(hero(page).getByRole('link', { name: 'Browse Public Sets' })).toHaveAttribute('href', '/public-sets')
  const main = page.getByRole('main')
  for (const name of ['Login', 'Register', 'Sign Up for Free']) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveCount(0)
  }

  const closing = section(page, 'Ready for your next study session?')
  const goToMySets = closing.getByRole('link', { name: 'Go to My Sets' })
  await expect(goToMySets).toHaveAttribute('href', '/my-sets')
  await goToMySets.click()
  await expect(page).toHaveURL(/\/my-sets$/)
  await expect(page.getByRole('heading', { name: 'My Sets' })).toBeVisible()
})

test.describe('section entrances', () => {
  // The specs run with reduced motion (playwright.config.ts); the entrances are what this tests.
  test.use({ reducedMotion: 'no-preference' })

  test('a section below the fold waits hidden, fades in once it is scrolled to, and stays', async ({ page }) => {
    await page.goto('/')
    // The hero is never held back.
    await expect(hero(page)).toHaveCSS('opacity', '1')
    await expect(faq(page)).toHaveCSS('opacity', '0')

    await faq(page).scrollIntoViewIfNeeded()
    await expect(faq(page)).toHaveCSS('opacity', '1')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect(faq(page)).toHaveCSS('opacity', '1')
  })

  test('with reduced motion nothing is held back', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    for (const name of ['Features', 'How It Works', 'Frequently Asked Questions', 'Ready to start studying?']) {
      await expect(section(page, name)).toHaveCSS('opacity', '1')
      await expect(section(page, name)).toHaveCSS('transform', 'none')
    }
  })

  test('without IntersectionObserver the content simply shows', async ({ page }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'IntersectionObserver')
    })
    await page.goto('/')
    for (const name of ['Features', 'How It Works', 'Frequently Asked Questions', 'Ready to start studying?']) {
      await expect(section(page, name)).toHaveCSS('opacity', '1')
    }
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('the landing page fits the screen without sideways scrolling', async ({ page }) => {
    await page.goto('/')
    await expect(hero(page).getByRole('link', { name: 'Register' })).toBeVisible()
    await expect(section(page, 'Features').getByRole('listitem')).toHaveCount(6)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBe(0)
  })
})
