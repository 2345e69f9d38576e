import type { Page } from '@playwright/test'
import type { Flashcard } from '#shared/api/sets'
import { axeViolations, fitsWidth, shownTheme } from './axe'
import { apiCall, expect, logIn, signIn, test } from './fixtures'
import { createSet, newOwner, type Owner } from './set-helpers'
import { COLUMN, reviewLog } from './study-helpers'

/**
 * Issue 26 in the browser at 360 px: a cloze card and a reverse card studied in every mode (Flashcards, Learn, Write,
 * Match, Test, Review), each prompt asked as it should be, answers logged per prompt, "Answer with", the editor's Cloze
 * button, reverse toggle and preview, and axe clean in both themes.
 */

const PHONE = { width: 360, height: 740 }
const CLOZE = '{{c1::Paris}} is the capital of {{c2::France}}'
/** Each prompt's question and answer as the modes ask it. */
const ASKED = new Map([
  ['[...] is the capital of France', 'Paris'],
  ['Paris is the capital of [...]', 'France'],
  ['hund', 'dog'],
  ['dog', 'hund'],
])

async function addCard(owner: Owner, setId: string, body: Record<string, unknown>, server: Parameters<typeof apiCall>[0]): Promise<Flashcard> {
  const response = await apiCall(server, 'POST', `/sets/${setId}/cards`, body, owner.token)
  expect(response.status).toBe(201)
  return (await response.json()) as Flashcard
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([])
  expect(await fitsWidth(page)).toBe(true)
}

/** The prompts answered in `mode` today (the answers set up days ago to make prompts due are left out), sorted. */
const loggedPrompts = async (server: Parameters<typeof reviewLog>[0], owner: Owner, mode: string) =>
  (await reviewLog(server, owner))
    .filter((row) => row[COLUMN.mode] === mode && Date.parse(row[0] ?? '') > Date.now() - 86_400_000)
    .map((row) => row[COLUMN.prompt])
    .sort()

test('a cloze card and a reverse card in every mode at 360 px, answers logged per prompt, axe clean', async ({ page, server }) => {
  test.slow()
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Capitals', isPublic: true })
  const cloze = await addCard(owner, set.id, { kind: 'cloze', term: CLOZE, definition: 'Since 508' }, server)
  const hund = await addCard(owner, set.id, { term: 'hund', definition: 'dog', reverse: true }, server)
  await page.setViewportSize(PHONE)
  await logIn(page, owner.account)

  // Review (first, before the other modes give every prompt a memory of today): each prompt falls due on its own and
  // is asked as the prompt says.
  const answeredAt = new Date(Date.now() - 3 * 86_400_000).toISOString()
  for (const [cardId, prompt] of [
    [cloze.id, 'c2'],
    [hund.id, 'r'],
  ]) {
    const response = await apiCall(server, 'POST', `/sets/${set.id}/answers`, { cardId, prompt, mode: 'write', correct: false, answeredAt }, owner.token)
    expect(response.status).toBe(201)
  }
  await page.goto('/review')
  await page.getByRole('radio', { name: 'Typing' }).check()
  const reviewCard = page.getByRole('region', { name: 'Card to review' })
  const seen: string[] = []
  for (let card = 0; card < 2; card++) {
    await expect(page.getByText(`Card ${card + 1} of`)).toBeVisible()
    const text = (await reviewCard.textContent()) ?? ''
    const entry = [...ASKED].find(([question]) => text.includes(question) && !(question === 'hund' && text.includes('dog')))
    expect(entry, text).toBeDefined()
    seen.push(entry?.[0] ?? '')
    await reviewCard.getByLabel('Type the definition').fill(entry?.[1] ?? '')
    await reviewCard.getByRole('button', { name: 'Check Answer' }).click()
    if (card === 0) await expectAccessible(page)
    await page.getByRole('button', { name: 'Next card' }).click()
  }
  expect(seen.sort()).toEqual(['Paris is the capital of [...]', 'dog'].sort())
  await expect.poll(() => loggedPrompts(server, owner, 'review')).toEqual(['c2', 'r'])

  // Flashcards: the front blanks the deletion, the back fills it in, highlighted, with the extra; the reverse asks dog.
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await expect(page.getByRole('group', { name: 'Answer with' })).toBeVisible()
  await expect(flashcards.getByText('1 / 4')).toBeVisible()
  await expect(flashcards.getByText('[...] is the capital of France', { exact: true })).toBeVisible()
  await flashcards.getByRole('button', { name: /capital/ }).click()
  await expect(flashcards.locator('mark')).toHaveText('Paris')
  await expect(flashcards.getByText('Since 508', { exact: true })).toBeVisible()
  await expectAccessible(page)
  await flashcards.getByRole('button', { name: 'Know it' }).click()
  await flashcards.getByRole('button', { name: 'Know it' }).click()
  await flashcards.getByRole('button', { name: 'Know it' }).click()
  await expect(flashcards.getByText('dog', { exact: true }).first()).toBeVisible()
  await flashcards.getByRole('button', { name: 'Know it' }).click()
  await expect(page.getByRole('region', { name: 'Round summary' })).toBeVisible()
  await expect.poll(() => loggedPrompts(server, owner, 'flashcards')).toEqual(['c1', 'c2', 'f', 'r'])

  // Learn: each prompt once, its answer among the choices.
  await page.goto(`/study-sets/${set.id}/learn`)
  for (let question = 0; question < 4; question++) {
    const asked = ((await page.getByRole('main').getByRole('heading', { level: 2 }).textContent()) ?? '').trim()
    const answer = ASKED.get(asked)
    expect(answer, asked).toBeDefined()
    if (question === 0) await expectAccessible(page)
    await page
      .getByRole('group', { name: asked, exact: true })
      .getByRole('button')
      .filter({ has: page.getByText(answer as string, { exact: true }) })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
    await page.getByRole('button', { name: /^(Next Card|Finish Batch)$/ }).click()
  }
  await expect.poll(() => loggedPrompts(server, owner, 'learn')).toEqual(['c1', 'c2', 'f', 'r'])

  // Write: type the deletion; "Answer with: Term" asks only the reverse of the basic card (and the cloze prompts).
  await page.goto(`/study-sets/${set.id}/write`)
  await page.getByRole('radio', { name: 'Term' }).check()
  await expect(page.getByText(/Card 1\/3/)).toBeVisible()
  for (let card = 0; card < 3; card++) {
    const asked = ((await page.getByRole('region', { name: 'Term' }).textContent()) ?? '').trim()
    const entry = [...ASKED].find(([question]) => asked.includes(question))
    expect(entry, asked).toBeDefined()
    expect(entry?.[0]).not.toBe('hund')
    const box = page.getByPlaceholder('Type your answer here...')
    await box.fill(entry?.[1] ?? '')
    await box.press('Enter')
    await expect(page.getByText('Correct!', { exact: true })).toBeVisible()
    if (card === 0) await expectAccessible(page)
    await page.keyboard.press('Enter')
  }
  await expect.poll(() => loggedPrompts(server, owner, 'write')).toEqual(['c1', 'c2', 'r'])

  // Match: the blanked text pairs with its deletion, dog with hund. Write's "Term" is kept for the set (issue 31): back to Both.
  await page.goto(`/study-sets/${set.id}/match`)
  await expect(page.getByRole('radio', { name: 'Term' })).toBeChecked()
  await page.getByRole('radio', { name: 'Both' }).check()
  await page.getByRole('button', { name: 'Start Game' }).click()
  const terms = page.getByRole('list', { name: 'Terms' })
  const definitions = page.getByRole('list', { name: 'Definitions' })
  await expect(terms.getByRole('button')).toHaveCount(4)
  await expectAccessible(page)
  for (const [question, answer] of ASKED) {
    await terms.getByRole('button', { name: question, exact: true }).click()
    await definitions.getByRole('button', { name: answer, exact: true }).click()
  }
  await expect.poll(() => loggedPrompts(server, owner, 'match')).toEqual(['c1', 'c2', 'f', 'r'])

  // Test: written questions ask the blanked text and the reverse, marked right when the deletion is typed.
  await page.goto(`/study-sets/${set.id}/test`)
  for (const kind of ['Multiple choice', 'True/False', 'Matching']) await page.getByRole('checkbox', { name: kind }).uncheck()
  await page.getByRole('button', { name: 'Start Test' }).click()
  for (const [question, answer] of ASKED) {
    const field = page.getByRole('textbox', { name: `Written ${question}`, exact: true })
    await field.fill(answer)
  }
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Submit Test' }).click()
  await expect(page.getByText('Your score: 100%')).toBeVisible()
  await expect.poll(() => loggedPrompts(server, owner, 'test')).toEqual(['c1', 'c2', 'f', 'r'])
})

test('the editor: Cloze wraps the selection in the next number, a live preview of each prompt, reverse per card and for the whole set', async ({
  page,
  server,
}) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Editor', isPublic: false })
  await page.setViewportSize(PHONE)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  const form = page.getByRole('form', { name: 'Add flashcard' })
  const term = form.getByLabel('Term', { exact: true })
  const preview = form.getByRole('region', { name: 'Preview of what the card asks' })

  // Tab still goes Term -> Definition.
  await term.fill('Water boils at 100 degrees')
  await term.press('Tab')
  await expect(form.getByLabel('Definition', { exact: true })).toBeFocused()

  // Select "100", press Cloze: {{c1::100}}; then "Water": {{c2::Water}}.
  await term.evaluate((input: HTMLInputElement) => input.setSelectionRange(15, 18))
  await form.getByRole('button', { name: 'Cloze' }).click()
  await expect(term).toHaveValue('Water boils at {{c1::100}} degrees')
  await term.evaluate((input: HTMLInputElement) => input.setSelectionRange(0, 5))
  await form.getByRole('button', { name: 'Cloze' }).click()
  await expect(term).toHaveValue('{{c2::Water}} boils at {{c1::100}} degrees')
  await expect(preview.getByRole('listitem')).toHaveText([
    'Water boils at [...] degrees → answer: Water boils at 100 degrees',
    '[...] boils at 100 degrees → answer: Water boils at 100 degrees',
  ])
  await expect(form.getByRole('checkbox', { name: 'Also ask in reverse' })).toBeDisabled()
  await expectAccessible(page)
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(term).toHaveValue('')

  // A basic card asked in reverse: the preview shows both ways.
  await term.fill('katze')
  await form.getByLabel('Definition', { exact: true }).fill('cat')
  await form.getByRole('checkbox', { name: 'Also ask in reverse' }).check()
  await expect(preview.getByRole('listitem')).toHaveText(['katze → answer: cat', 'cat → answer: katze'])
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(term).toHaveValue('')

  const stored = async () => {
    const response = await apiCall(server, 'GET', `/sets/${set.id}/cards`, undefined, owner.token)
    return ((await response.json()) as { items: Flashcard[] }).items.map((card) => [card.kind, card.reverse, card.prompts.join(' ')])
  }
  await expect.poll(stored).toEqual([
    ['cloze', false, 'c1 c2'],
    ['basic', true, 'f r'],
  ])

  // One more one-way card, then "Add reverse to all cards" (in the phone's Set settings menu).
  await term.fill('maus')
  await form.getByLabel('Definition', { exact: true }).fill('mouse')
  await form.getByRole('button', { name: 'Add Flashcard' }).click()
  await expect(term).toHaveValue('')
  await page.getByRole('button', { name: 'Set settings' }).click()
  await page.getByRole('button', { name: 'Add reverse to all cards' }).click()
  await expect(page.getByText('Every card is now also asked in reverse (definition to term).')).toBeVisible()
  expect(await stored()).toEqual([
    ['cloze', false, 'c1 c2'],
    ['basic', true, 'f r'],
    ['basic', true, 'f r'],
  ])
})

test('light theme: the cloze back and "Answer with" are axe clean at 360 px', async ({ page, server }) => {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('theme', 'light')
    } catch {
      // about:blank has no storage.
    }
  })
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Light', isPublic: true })
  await addCard(owner, set.id, { kind: 'cloze', term: CLOZE, definition: 'Since 508' }, server)
  await addCard(owner, set.id, { term: 'hund', definition: 'dog', reverse: true }, server)
  await page.setViewportSize(PHONE)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await expect.poll(() => shownTheme(page)).toBe('light')
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await flashcards.getByRole('button', { name: /capital/ }).click()
  await expect(flashcards.locator('mark')).toHaveText('Paris')
  await expectAccessible(page)
  await page.goto(`/study-sets/${set.id}/write`)
  await expect(page.getByRole('group', { name: 'Answer with' })).toBeVisible()
  await expectAccessible(page)
  // The editor's preview on the owner's page.
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('form', { name: 'Add flashcard' }).getByLabel('Term', { exact: true }).fill('{{c1::x}} y')
  await expect(page.getByRole('region', { name: 'Preview of what the card asks' }).getByRole('listitem')).toHaveCount(1)
  await expectAccessible(page)
})

test('a cloze card’s filled back and its extra draw their formulas in Flashcards', async ({ page, server }) => {
  const owner = await newOwner(server)
  const set = await createSet(server, owner, { title: 'Circles' })
  await addCard(owner, set.id, { kind: 'cloze', term: 'A circle’s area is {{c1::\\(\\pi r^2\\)}}', definition: 'Its perimeter is \\(2 \\pi r\\)' }, server)
  await signIn(page, owner.account)
  await page.goto(`/study-sets/${set.id}`)
  await page.getByRole('navigation', { name: 'Study modes' }).getByRole('button', { name: 'Flashcards' }).click()
  const flashcards = page.getByRole('region', { name: 'Flashcards' })
  await flashcards.getByRole('button', { name: /circle/ }).click()
  await expect(flashcards.locator('mark').getByRole('math', { name: '\\pi r^2' })).toBeVisible()
  await expect(flashcards.getByRole('math', { name: '2 \\pi r' })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
})
