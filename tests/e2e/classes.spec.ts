import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Classroom } from '#shared/api/classes'
import type { Flashcard } from '#shared/api/sets'
import { axeViolationsInBothThemes, fitsWidth } from './axe'
import { apiCall, apiLogIn, type E2EServer, expect, expectSignedOut, logIn, registerAccount, signIn, test, type TestAccount } from './fixtures'
import { acceptNextDialog, newOwner, type Owner } from './set-helpers'
import { createStudySet, definitionOf } from './study-helpers'

/**
 * The classroom in the browser (issue 20): a teacher makes a class, assigns a private set and
 * shares the join link; a student joins from the link in a browser of their own, finds the set in
 * My Sets, studies it; the teacher follows the progress, sorts it, downloads it, removes the student.
 */

const FRENCH: Array<[string, string]> = [
  ['être', 'to be'],
  ['avoir', 'to have'],
  ['aller', 'to go'],
  ['faire', 'to do'],
]

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** The progress table's body rows, each as its cells' texts. */
async function progressRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').locator('tbody tr')
  const found: string[][] = []
  for (const row of await rows.all()) found.push((await row.locator('th, td').allTextContents()).map((text) => text.trim()))
  return found
}

function columnHeader(page: Page, name: string): Locator {
  return page.getByRole('columnheader', { name })
}

/** Answers the Learn question on show with its right option and waits until the answer is saved. */
async function answerRight(page: Page, cards: Flashcard[]): Promise<void> {
  const term = (await page.getByRole('main').getByRole('heading', { level: 2 }).textContent()) ?? ''
  const saved = page.waitForResponse((response) => /\/answers$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST')
  await page
    .getByRole('group', { name: term, exact: true })
    .getByRole('button')
    .filter({ has: page.getByText(definitionOf(cards, term), { exact: true }) })
    .click()
  await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible()
  expect((await saved).ok()).toBe(true)
}

interface ClassSetUp {
  teacher: Owner
  student: TestAccount
  studentToken: string
  klass: Classroom
  setId: string
}

/** A class with one private set assigned and one student in it, made through the API. */
async function classWithStudent(server: E2EServer): Promise<ClassSetUp> {
  const teacher = await newOwner(server)
  const { set } = await createStudySet(server, teacher, { title: 'French Verbs', cards: FRENCH })
  const klass = (await (await apiCall(server, 'POST', '/classes', { name: 'French 7B' }, teacher.token)).json()) as Classroom
  expect((await apiCall(server, 'POST', `/classes/${klass.id}/sets`, { setId: set.id }, teacher.token)).status).toBe(201)
  const student = await registerAccount(server)
  const studentToken = await apiLogIn(server, student)
  expect((await apiCall(server, 'POST', '/classes/join', { code: klass.joinCode }, studentToken)).status).toBe(200)
  return { teacher, student, studentToken, klass, setId: set.id }
}

test('a teacher shares a private set with a class; a student joins from the link, studies it, and loses it when removed', async ({
  browser,
  page,
  server,
  context,
}) => {
  // Two browsers, a Learn session and a dozen page loads: more than the default time on a busy machine.
  test.slow()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const teacherErrors = collectErrors(page)
  const teacher = await newOwner(server)
  const { set, cards } = await createStudySet(server, teacher, { title: 'French Verbs', cards: FRENCH })
  await createStudySet(server, teacher, { title: 'Spare Set', cards: [['un', 'one']] })
  const student = await registerAccount(server)

  // The teacher creates the class from the header's Classes link.
  await logIn(page, teacher.account)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Classes', exact: true }).click()
  await expect(page).toHaveURL(/\/classes$/)
  await expect(page.getByText('You teach no class yet.')).toBeVisible()
  await page.getByLabel('Class name').fill('French 7B')
  await page.getByRole('button', { name: 'Create Class' }).click()
  await expect(page).toHaveURL(/\/classes\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'French 7B' })).toBeVisible()
  await expect(page.getByText('You teach this class · 0 students')).toBeVisible()

  // Assigns the private set from the picker of My Sets.
  await page.getByLabel('Set to assign').selectOption({ label: 'French Verbs' })
  await page.getByRole('button', { name: 'Assign Set' }).click()
  const assigned = page.getByRole('region', { name: 'Assigned sets' })
  await expect(assigned.getByRole('link', { name: 'French Verbs' })).toBeVisible()
  await expect(page.getByLabel('Set to assign')).toHaveValue(/.+/)
  await expect(page.getByLabel('Set to assign').getByRole('option')).toHaveText(['Spare Set'])

  // Copies the join link.
  const code = (await page.getByTestId('join-code').textContent()) ?? ''
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
  await page.getByRole('button', { name: 'Copy Link' }).click()
  await expect(page.getByText('Link copied.')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toBe(`${server.url}/classes/join/${code}`)

  // The student, in a browser of their own, opens the link signed out: logs in and comes back to join.
  const studentContext = await browser.newContext({ baseURL: server.url })
  const studentPage = await studentContext.newPage()
  const studentErrors = collectErrors(studentPage)
  await studentPage.goto(link)
  await expect(studentPage).toHaveURL(/\/login$/)
  await studentPage.getByLabel('Email or Username').fill(student.email)
  await studentPage.getByLabel('Password').fill(student.password)
  await studentPage.getByRole('button', { name: 'Login' }).click()
  await expect(studentPage.getByRole('heading', { level: 1, name: 'French 7B' })).toBeVisible()
  await expect(studentPage).toHaveURL(new RegExp(`/classes/(?!join)[^/]+$`))
  await expect(studentPage.getByText(`Teacher: ${teacher.account.username}`)).toBeVisible()

  // The set is under My Sets, "Classes".
  await studentPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Sets', exact: true }).click()
  const classSets = studentPage.getByRole('region', { name: 'Classes' })
  await expect(classSets.getByRole('link', { name: 'French 7B' })).toBeVisible()
  await classSets.getByRole('link', { name: 'French Verbs' }).click()
  await expect(studentPage.getByRole('heading', { level: 1, name: 'French Verbs', exact: true })).toBeVisible()

  // Studies it in Learn: two right answers are saved.
  await studentPage.goto(`/study-sets/${set.id}/learn`)
  await answerRight(studentPage, cards)
  await studentPage.getByRole('button', { name: 'Next Card' }).click()
  await answerRight(studentPage, cards)

  // The class page shows the student their own progress.
  await studentPage.goto(page.url().replace(server.url, ''))
  await expect(studentPage.getByRole('region', { name: 'Assigned sets' }).getByText('2 of 4')).toBeVisible()

  // The teacher sees the student's row; assigns a second set for a second row, and sorts.
  await page.reload()
  await expect(page.getByText('You teach this class · 1 student')).toBeVisible()
  await page.getByLabel('Set to assign').selectOption({ label: 'Spare Set' })
  await page.getByRole('button', { name: 'Assign Set' }).click()
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2)
  const username = student.username
  expect((await progressRows(page)).map((row) => row.slice(0, 7))).toEqual([
    [username, 'French Verbs', '2 / 4', '2', '0', '0', expect.stringMatching(/^\d+$/)],
    [username, 'Spare Set', '0 / 1', '0', '0', '0', '0'],
  ])
  expect((await progressRows(page))[1]?.[7]).toBe('Never')
  await expect(columnHeader(page, 'Student')).toHaveAttribute('aria-sort', 'ascending')
  await columnHeader(page, 'Set').getByRole('button').click()
  await expect(columnHeader(page, 'Set')).toHaveAttribute('aria-sort', 'ascending')
  await expect(columnHeader(page, 'Student')).toHaveAttribute('aria-sort', 'none')
  await columnHeader(page, 'Set').getByRole('button').click()
  await expect(columnHeader(page, 'Set')).toHaveAttribute('aria-sort', 'descending')
  expect((await progressRows(page)).map((row) => row[1])).toEqual(['Spare Set', 'French Verbs'])
  await columnHeader(page, 'Cards studied').getByRole('button').click()
  expect((await progressRows(page)).map((row) => row[1])).toEqual(['Spare Set', 'French Verbs'])
  await columnHeader(page, 'Cards studied').getByRole('button').click()
  await expect(columnHeader(page, 'Cards studied')).toHaveAttribute('aria-sort', 'descending')
  expect((await progressRows(page)).map((row) => row[1])).toEqual(['French Verbs', 'Spare Set'])

  // "Download CSV" saves the same rows as a file.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
  expect(csv).toContain(username)
  expect(csv).toContain('French Verbs')
  expect(csv).toContain('Spare Set')

  // The teacher removes the student, who can no longer open the private set.
  const confirmed = acceptNextDialog(page)
  await page.getByRole('button', { name: `Remove ${username}` }).click()
  expect(await confirmed).toContain(username)
  await expect(page.getByText('No student has joined yet.')).toBeVisible()
  await expect(page.getByText('You teach this class · 0 students')).toBeVisible()
  await studentPage.goto(`/study-sets/${set.id}/learn`)
  await expect(studentPage.getByRole('heading', { name: 'Study set not found' })).toBeVisible()
  await studentPage.goto('/my-sets')
  await expect(studentPage.getByRole('heading', { level: 1, name: 'My Sets' })).toBeVisible()
  await expect(studentPage.getByRole('region', { name: 'Classes' })).toHaveCount(0)

  expect(teacherErrors).toEqual([])
  expect(studentErrors).toEqual([])
  await studentContext.close()
})

test('joining with a typed code, a wrong code, leaving, renaming, a new code and deleting', async ({ browser, page, server }) => {
  test.slow()
  const { teacher, klass } = await classWithStudent(server)
  const other = await registerAccount(server)
  await signIn(page, other)
  await page.goto('/classes')
  await page.getByLabel('Join code').fill('XXXX-XXXX')
  await page.getByRole('button', { name: 'Join Class' }).click()
  await expect(page.getByText('No class has this join code. Check it with your teacher.')).toBeVisible()
  await page.getByLabel('Join code').fill(`${klass.joinCode?.slice(0, 4).toLowerCase()}-${klass.joinCode?.slice(4).toLowerCase()}`)
  await page.getByRole('button', { name: 'Join Class' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'French 7B' })).toBeVisible()
  await page.goto('/classes')
  await expect(page.getByRole('region', { name: 'Classes I joined' }).getByRole('link', { name: 'French 7B' })).toBeVisible()
  await page.getByRole('link', { name: 'French 7B' }).click()
  const left = acceptNextDialog(page)
  await page.getByRole('button', { name: 'Leave Class' }).click()
  expect(await left).toContain('Leave French 7B?')
  await expect(page).toHaveURL(/\/classes$/)
  await expect(page.getByText('You have not joined a class yet.')).toBeVisible()

  // The teacher renames, gives a new code (the old link then fails), and deletes the class.
  const { context: teacherContext, page: teacherPage } = await (async () => {
    const context = await browser.newContext({ baseURL: server.url })
    const opened = await context.newPage()
    await logIn(opened, teacher.account)
    return { context, page: opened }
  })()
  await teacherPage.goto(`/classes/${klass.id}`)
  await teacherPage.getByRole('button', { name: 'Rename' }).click()
  const dialog = teacherPage.getByRole('dialog', { name: 'Rename class' })
  await dialog.getByLabel('Class name').fill('French 8B')
  await dialog.getByRole('button', { name: 'Save Name' }).click()
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'French 8B' })).toBeVisible()
  const regenerated = acceptNextDialog(teacherPage)
  await teacherPage.getByRole('button', { name: 'New Code' }).click()
  await regenerated
  await expect(teacherPage.getByTestId('join-code')).not.toHaveText(klass.joinCode ?? '')
  await page.goto(`/classes/join/${klass.joinCode}`)
  await expect(page.getByRole('heading', { name: 'Could not join the class' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveText('No class has this join code. Check it with your teacher.')

  const deleted = acceptNextDialog(teacherPage)
  await teacherPage.getByRole('button', { name: 'Delete Class' }).click()
  await deleted
  await expect(teacherPage).toHaveURL(/\/classes$/)
  await expect(teacherPage.getByText('You teach no class yet.')).toBeVisible()
  await teacherPage.goto(`/classes/${klass.id}`)
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'Class not found' })).toBeVisible()
  await teacherContext.close()
})

test('on the desktop, the classes page starts and stops sharing and shows the address', async ({ page, server }) => {
  // A stand-in for the preload bridge (main/preload.ts): a browser has none.
  await page.addInitScript(() => {
    let status: { sharing: boolean; url?: string } = { sharing: false }
    const listeners = new Set<(next: typeof status) => void>()
    const set = (next: typeof status) => {
      status = next
      for (const listener of listeners) listener(status)
      return Promise.resolve(status)
    }
    Object.assign(window, {
      cardwiseDesktop: {
        platform: 'linux',
        sharing: {
          status: () => Promise.resolve(status),
          start: () => set({ sharing: true, url: 'http://192.168.1.23:51234' }),
          stop: () => set({ sharing: false }),
          onChange: (listener: (next: typeof status) => void) => {
            listeners.add(listener)
            return () => listeners.delete(listener)
          },
        },
      },
    })
  })
  const account = await registerAccount(server)
  await signIn(page, account)
  await page.goto('/classes')
  const panel = page.getByRole('region', { name: 'Share with my class' })
  await panel.getByRole('button', { name: 'Share with my class' }).click()
  await expect(panel.getByRole('status')).toHaveText('Sharing on http://192.168.1.23:51234')
  await panel.getByRole('button', { name: 'Stop Sharing' }).click()
  await expect(panel.getByRole('status')).toHaveCount(0)
  await expect(panel.getByRole('button', { name: 'Share with my class' })).toBeVisible()
})

test('a browser shows no sharing button', async ({ page, server }) => {
  const account = await registerAccount(server)
  await signIn(page, account)
  await page.goto('/classes')
  await expect(page.getByRole('heading', { level: 2, name: 'Create a class' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Share with my class' })).toHaveCount(0)
})

test('the class pages pass axe in both themes, 360px wide', async ({ browser, page, server }) => {
  test.slow()
  await page.setViewportSize({ width: 360, height: 740 })
  const { teacher, student, klass } = await classWithStudent(server)
  const views: Record<string, string[]> = {}
  const widths: Record<string, boolean> = {}

  await signIn(page, teacher.account)
  await page.goto('/classes')
  await expect(page.getByRole('region', { name: 'Classes I teach' }).getByRole('link', { name: 'French 7B' })).toBeVisible()
  views.classes = await axeViolationsInBothThemes(page)
  widths.classes = await fitsWidth(page)
  await page.goto(`/classes/${klass.id}`)
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1)
  views.teacher = await axeViolationsInBothThemes(page)
  widths.teacher = await fitsWidth(page)
  await page.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('dialog', { name: 'Rename class' })).toBeVisible()
  views.rename = await axeViolationsInBothThemes(page)

  const studentContext = await browser.newContext({ baseURL: server.url, viewport: page.viewportSize() })
  const studentPage = await studentContext.newPage()
  await signIn(studentPage, student)
  await studentPage.goto(`/classes/${klass.id}`)
  await expect(studentPage.getByRole('region', { name: 'Assigned sets' }).getByText('0 of 4')).toBeVisible()
  views.student = await axeViolationsInBothThemes(studentPage)
  widths.student = await fitsWidth(studentPage)
  await studentPage.goto('/my-sets')
  await expect(studentPage.getByRole('region', { name: 'Classes' }).getByRole('link', { name: 'French Verbs' })).toBeVisible()
  views.mySets = await axeViolationsInBothThemes(studentPage)
  widths.mySets = await fitsWidth(studentPage)
  await studentContext.close()

  expect(views).toEqual({ classes: [], teacher: [], rename: [], student: [], mySets: [] })
  expect(widths).toEqual({ classes: true, teacher: true, student: true, mySets: true })
})

test.describe('a newcomer', () => {
  // Registers the fixed username new_student.
  test.use({ ownServer: true })

  test('a join link opened without an account survives Create an account, the emailed verification and login: the newcomer lands in the class', async ({
    page,
    server,
  }) => {
    const teacher = await newOwner(server)
    const created = await apiCall(server, 'POST', '/classes', { name: 'Newcomers 9C' }, teacher.token)
    const klass = (await created.json()) as Classroom
    const link = `/classes/join/${klass.joinCode}`

    await page.goto(link)
    await expect(page).toHaveURL(/\/login$/)
    await page.getByRole('link', { name: 'Create an account' }).click()
    // Exact labels: until the register form shows, the login form's "Email or Username" matches a loose "Username".
    await page.getByLabel('Username', { exact: true }).fill('new_student')
    await page.getByLabel('Email', { exact: true }).fill('new_student@example.org')
    await page.getByLabel('Password', { exact: true }).fill('a fresh password')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible()

    // The verification link is opened as from the mail: a fresh page load, no app state carried over.
    const token = await server.waitForLink('new_student@example.org', 'verify-email')
    await page.goto(`/verify-email/${token}`)
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible()
    // Registered on this device: verifying signs the newcomer in, and the way on is the class.
    await page.getByRole('link', { name: 'Start studying' }).click()

    await expect(page).toHaveURL(new RegExp(`/classes/${klass.id}$`))
    await expect(page.getByRole('heading', { name: 'Newcomers 9C', level: 1 })).toBeVisible()
    // Joined once: a later sign-in goes to the usual page.
    const members = await (await apiCall(server, 'GET', `/classes/${klass.id}`, undefined, teacher.token)).json()
    expect(members.members).toEqual([{ id: expect.any(String), username: 'new_student' }])
    await page.getByRole('button', { name: 'Logout' }).click()
    // Signed out once the header offers Login: a page loaded before that would still find the session.
    await expectSignedOut(page)
    await logIn(page, { email: 'new_student@example.org', password: 'a fresh password' })
    await expect(page).toHaveURL(/\/my-sets$/)
  })
})

test('a due date: the teacher sets it, the student sees it, and the table says who studied every card by then, in any mode', async ({
  browser,
  page,
  server,
}) => {
  test.slow()
  const teacher = await newOwner(server)
  const { set, cards } = await createStudySet(server, teacher, { title: 'Irregular Verbs', cards: FRENCH })
  const klass = (await (await apiCall(server, 'POST', '/classes', { name: 'Homework 8B' }, teacher.token)).json()) as Classroom
  const student = await registerAccount(server)
  const studentToken = await apiLogIn(server, student)
  expect((await apiCall(server, 'POST', '/classes/join', { code: klass.joinCode }, studentToken)).status).toBe(200)

  // The teacher assigns the set due in a week.
  const inAWeek = new Date(Date.now() + 7 * 86_400_000)
  const day = `${inAWeek.getFullYear()}-${String(inAWeek.getMonth() + 1).padStart(2, '0')}-${String(inAWeek.getDate()).padStart(2, '0')}`
  await signIn(page, teacher.account)
  await page.goto(`/classes/${klass.id}`)
  await page.getByLabel('Set to assign').selectOption({ label: 'Irregular Verbs' })
  await page.getByLabel('Due date (optional)').fill(day)
  await page.getByRole('button', { name: 'Assign Set' }).click()
  const assigned = page.getByRole('region', { name: 'Assigned sets' })
  await expect(assigned.getByText(/^Due (?!date)/)).toBeVisible()
  await expect(columnHeader(page, 'Done by due date')).toBeVisible()
  await expect.poll(() => progressRows(page)).toEqual([[student.username, 'Irregular Verbs', '0 / 4', '0', '0', '0', '0', 'Never', 'No']])

  // The student sees the date on My Sets and on the class page.
  const studentContext = await browser.newContext({ baseURL: server.url })
  const studentPage = await studentContext.newPage()
  await signIn(studentPage, student)
  await studentPage.goto('/my-sets')
  await expect(studentPage.getByRole('region', { name: 'Classes' }).getByText(/^Due (?!date)/)).toBeVisible()
  await studentPage.goto(`/classes/${klass.id}`)
  await expect(studentPage.getByText(/^Due (?!date)/)).toBeVisible()
  await studentContext.close()

  // The student goes through every card in Flashcards (a mode that does not count toward mastery).
  for (const card of cards) {
    const answered = await apiCall(server, 'POST', `/sets/${set.id}/answers`, { cardId: card.id, correct: true, mode: 'flashcards' }, studentToken)
    expect(answered.status).toBe(201)
  }
  await page.reload()
  // Cards studied counts them (Mastered does not), and they were all answered before the due date.
  await expect
    .poll(async () => (await progressRows(page))[0]?.filter((_, column) => column === 2 || column === 3 || column === 8))
    .toEqual(['4 / 4', '0', 'Yes'])
})

test('a set opened from the class page goes back to the class (issue 32)', async ({ page, server }) => {
  const { student, klass } = await classWithStudent(server)
  await signIn(page, student)
  await page.goto(`/classes/${klass.id}`)
  await page.getByRole('link', { name: 'French Verbs', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'French Verbs' })).toBeVisible()
  const back = page.getByRole('link', { name: 'Back to French 7B' })
  await expect(back).toHaveAttribute('href', `/classes/${klass.id}`)
  await back.click()
  await expect(page).toHaveURL(new RegExp(`/classes/${klass.id}$`))
})
