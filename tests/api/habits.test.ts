import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_STUDY_OPTIONS, type Folder, type FolderCard } from '#shared/api/habits'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { habitMessages } from '#shared/messages'
import { sendDueReminders } from '#server/features/reminders/reminders.service'
import { silentLogger } from '#server/logger'
import { createMailer, type Mailer } from '#server/mail/mailer'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'
import { addCards, createSet, invalid, setNotFound } from './sets-helpers'

/**
 * Issue 31 over HTTP, on SQLite and PostgreSQL: settings (goal, time zone, reminders), streaks and
 * the goal across day boundaries in Pacific/Auckland and America/Los_Angeles, reminder emails
 * (one per day however many checks run at once, none with nothing due, none after unsubscribing),
 * folders (cycles, depth, privacy, readable sets only, deleting) and studying a folder or several
 * sets as one, and study options per set.
 */

let app: TestApp
let owner: Account
let stranger: Account
let openSet: StudySet
let privateSet: StudySet
let openCards: Flashcard[]
let privateCards: Flashcard[]

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const folderNotFound = apiError(404, 'not_found', habitMessages.folderNotFound)

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'habitowner' })
  stranger = await createAccount(app, { username: 'habitstranger' })
  openSet = await createSet(app, owner, { title: 'Open Habits', isPublic: true })
  privateSet = await createSet(app, owner, { title: 'Private Habits' })
  openCards = await addCards(app, owner, openSet.id, ['one', 'two', 'three'])
  privateCards = await addCards(app, owner, privateSet.id, ['secret a', 'secret b'])
})
afterAll(() => app.close())

const get = (account: Account, url: string) => app.api('GET', url, { token: account.token })
const patchSettings = (account: Account, body: unknown) => app.api('PATCH', '/api/users/me/settings', { token: account.token, body })
const answer = (account: Account, set: StudySet, card: Flashcard, answeredAt: Date, correct = true) =>
  app.api('POST', `/api/sets/${set.id}/answers`, {
    token: account.token,
    body: { cardId: card.id, mode: 'flashcards', correct, answeredAt: answeredAt.toISOString() },
  })

/** Moves the test clock to `minutesAfter` minutes past the next midnight in `timeZone`. */
function moveClockPastMidnight(timeZone: string, minutesAfter: number): Date {
  const hourOf = (time: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(time))
  const minuteOf = (time: Date) => Number(new Intl.DateTimeFormat('en-GB', { timeZone, minute: '2-digit' }).format(time))
  let time = new Date(Math.ceil(app.clock.now().getTime() / MINUTE) * MINUTE + MINUTE)
  while (!(hourOf(time) === 0 && minuteOf(time) === 0)) time = new Date(time.getTime() + MINUTE)
  const target = time.getTime() + minutesAfter * MINUTE
  app.clock.advance(target - app.clock.now().getTime())
  return app.clock.now()
}

describe('settings: daily goal, time zone, reminders', () => {
  it('has the defaults, takes any subset and keeps the rest', async () => {
    const learner = await createAccount(app)
    expect((await get(learner, '/api/users/me/settings')).body).toMatchObject({ desiredRetention: 0.9, dailyGoal: 20, timeZone: 'UTC', reminderEmail: null })
    expect((await patchSettings(learner, { dailyGoal: 35 })).body).toMatchObject({ desiredRetention: 0.9, dailyGoal: 35, timeZone: 'UTC', reminderEmail: null })
    expect((await patchSettings(learner, { timeZone: 'Pacific/Auckland', reminderEmail: 18 })).body).toMatchObject({
      desiredRetention: 0.9,
      dailyGoal: 35,
      timeZone: 'Pacific/Auckland',
      reminderEmail: 18,
    })
    expect((await patchSettings(learner, { desiredRetention: 0.85 })).body).toMatchObject({
      desiredRetention: 0.85,
      dailyGoal: 35,
      timeZone: 'Pacific/Auckland',
      reminderEmail: 18,
    })
    expect((await patchSettings(learner, {})).status).toBe(200)
    expect((await patchSettings(learner, { reminderEmail: null })).body).toMatchObject({ reminderEmail: null, dailyGoal: 35 })
  })

  it.each([
    [{ dailyGoal: -1 }, { dailyGoal: 'dailyGoal must be between 0 and 1000.' }],
    [{ dailyGoal: 1001 }, { dailyGoal: 'dailyGoal must be between 0 and 1000.' }],
    [{ dailyGoal: 2.5 }, { dailyGoal: 'dailyGoal must be a whole number.' }],
    [{ timeZone: 'Mars/Olympus' }, { timeZone: habitMessages.timeZoneInvalid }],
    [{ timeZone: 3 }, { timeZone: habitMessages.timeZoneInvalid }],
    [{ reminderEmail: 24 }, { reminderEmail: 'reminderEmail must be null or an hour from 0 to 23.' }],
    [{ reminderEmail: '8' }, { reminderEmail: 'reminderEmail must be null or an hour from 0 to 23.' }],
  ])('%j: 400 with the field named', async (body, fields) => {
    const response = await patchSettings(owner, body)
    expect(response.status).toBe(400)
    expect(response.body).toEqual(invalid(fields))
  })
})

describe('streak and goal in the student time zone', () => {
  for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles']) {
    it(`counts days at midnight in ${timeZone}, not UTC`, async () => {
      const learner = await createAccount(app)
      // 30 minutes after midnight where the student lives: an answer 40 minutes ago was yesterday
      // there, one 10 minutes ago today; in UTC both fall on the same day.
      const now = moveClockPastMidnight(timeZone, 30)
      await answer(learner, openSet, openCards[0] as Flashcard, new Date(now.getTime() - 40 * MINUTE))
      await answer(learner, openSet, openCards[1] as Flashcard, new Date(now.getTime() - 10 * MINUTE))
      await answer(learner, openSet, openCards[2] as Flashcard, new Date(now.getTime() - 5 * MINUTE))
      const utc = (await get(learner, '/api/users/me/stats')).body
      expect(utc.streak).toEqual({ current: 1, longest: 1 })
      expect(utc.goal).toEqual({ target: 20, doneToday: 3 })

      await patchSettings(learner, { timeZone, dailyGoal: 5 })
      const local = (await get(learner, '/api/users/me/stats')).body
      expect(local.streak).toEqual({ current: 2, longest: 2 })
      expect(local.goal).toEqual({ target: 5, doneToday: 2 })
      // The header's progress comes with the review summary.
      expect((await get(learner, '/api/review/summary')).body.goal).toEqual({ target: 5, doneToday: 2 })
      expect(local.activity).toHaveLength(365)
      expect(local.activity.slice(-2).map((day: { reviews: number }) => day.reviews)).toEqual([1, 2])

      // Two days on, with nothing answered since: the streak is over, the longest stays.
      app.clock.advance(48 * HOUR)
      const later = (await get(learner, '/api/users/me/stats')).body
      expect(later.streak).toEqual({ current: 0, longest: 2 })
      expect(later.goal).toEqual({ target: 5, doneToday: 0 })
    })
  }
})

describe('reminder emails', () => {
  let mailer: Mailer
  beforeAll(() => {
    mailer = createMailer({ smtpUrl: app.inbox.url, from: 'Cardwise <no-reply@example.org>', dataDir: '/nonexistent', logger: silentLogger })
  })
  afterAll(() => mailer.close())
  const check = () => sendDueReminders({ db: app.db, clock: app.clock, logger: silentLogger, mailer, publicUrl: 'http://127.0.0.1:9' })

  /** A student with reminders at `hour` (UTC) and `due` cards failed three days ago (so due now). */
  async function student(hour: number, due: number) {
    const account = await createAccount(app)
    await patchSettings(account, { reminderEmail: hour })
    const answered = new Date(app.clock.now().getTime() - 3 * 24 * HOUR)
    for (const card of openCards.slice(0, due)) await answer(account, openSet, card, answered, false)
    return account
  }

  it('one email at the chosen hour to a student with due cards who answered nothing today, however many checks run at once', async () => {
    moveClockPastMidnight('UTC', 9 * 60 + 5) // 09:05 UTC
    const late = await student(10, 3)
    const due = await student(9, 3)
    const sent = await Promise.all([check(), check(), check()])
    expect(sent.flat()).toEqual([due.id])
    expect(app.inbox.allTo(due.email)).toHaveLength(1)
    expect(app.inbox.allTo(late.email)).toHaveLength(0)
    const mail = app.inbox.lastTo(due.email)
    expect(mail?.subject).toBe('3 cards are due')
    expect(mail?.text).toContain('http://127.0.0.1:9/review')
    const token = (await app.db.selectFrom('user_settings').select('reminder_token').where('user_id', '=', due.id).executeTakeFirstOrThrow()).reminder_token
    expect(token).toMatch(/^[\w-]{32}$/)
    expect(mail?.text).toContain(`http://127.0.0.1:9/reminders/unsubscribe?token=${token}`)
    const headers = mail?.raw.replace(/\r?\n\s+/g, ' ')
    expect(headers).toContain(`List-Unsubscribe: <http://127.0.0.1:9/api/reminders/unsubscribe?token=${token}>`)
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')

    // Later checks that day send nothing more; the next day (still not answered) sends again.
    expect(await check()).toEqual([])
    app.clock.advance(HOUR)
    expect(await check()).toEqual([late.id])
    expect(app.inbox.allTo(due.email)).toHaveLength(1)
    app.clock.advance(24 * HOUR)
    expect((await check()).sort()).toEqual([due.id, late.id].sort())
  })

  it('none when nothing is due, none once answered today, none after unsubscribing', async () => {
    moveClockPastMidnight('UTC', 12 * 60)
    const nothingDue = await student(8, 0)
    const answeredToday = await student(8, 2)
    await answer(answeredToday, openSet, openCards[2] as Flashcard, new Date(app.clock.now().getTime() - MINUTE))
    const leaving = await student(8, 2)
    const token = (await app.db.selectFrom('user_settings').select('reminder_token').where('user_id', '=', leaving.id).executeTakeFirstOrThrow()).reminder_token
    // Signed out, as a mail client does it (RFC 8058: a form body), then as the page does: 204 both times.
    const first = await fetch(`${app.url}/api/reminders/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(first.status).toBe(204)
    expect((await app.api('POST', `/api/reminders/unsubscribe?token=${token}`)).status).toBe(204)
    expect((await get(leaving, '/api/users/me/settings')).body.reminderEmail).toBeNull()
    // (The students of the test above, due again on this new day, are the only ones sent to.)
    const sent = await check()
    for (const account of [nothingDue, answeredToday, leaving]) {
      expect(sent).not.toContain(account.id)
      expect(app.inbox.allTo(account.email)).toHaveLength(0)
    }
  })

  it('an unknown or missing token: a clear error', async () => {
    expect((await app.api('POST', '/api/reminders/unsubscribe?token=nobodys')).body).toEqual(apiError(404, 'not_found', habitMessages.reminderTokenInvalid))
    expect((await app.api('POST', '/api/reminders/unsubscribe')).body).toEqual(invalid({ token: habitMessages.reminderTokenInvalid }))
  })
})

describe('folders', () => {
  const create = (account: Account, body: unknown) => app.api('POST', '/api/folders', { token: account.token, body })
  const folder = async (account: Account, name: string, parentId?: string) => {
    const response = await create(account, { name, parentId })
    expect(response.status, response.text).toBe(201)
    return response.body as Folder
  }

  it('nests up to five levels and refuses cycles', async () => {
    const me = await createAccount(app)
    const levels: Folder[] = []
    for (let level = 1; level <= 5; level++) levels.push(await folder(me, `Level ${level}`, levels.at(-1)?.id))
    expect(levels[1]).toEqual({ id: expect.any(String), name: 'Level 2', parentId: levels[0]?.id, setCount: 0 })
    expect((await create(me, { name: 'Level 6', parentId: levels[4]?.id })).body).toEqual(invalid({ parentId: habitMessages.folderTooDeep }))
    const top = levels[0] as Folder
    const bottom = levels[4] as Folder
    const move = (id: string, parentId: string | null) => app.api('PATCH', `/api/folders/${id}`, { token: me.token, body: { parentId } })
    expect((await move(top.id, bottom.id)).body).toEqual(invalid({ parentId: habitMessages.folderCycle }))
    expect((await move(top.id, top.id)).body).toEqual(invalid({ parentId: habitMessages.folderCycle }))
    const other = await folder(me, 'Other')
    expect((await move(top.id, other.id)).body).toEqual(invalid({ parentId: habitMessages.folderTooDeep }))
    expect((await move(bottom.id, null)).body).toEqual({ ...bottom, parentId: null })
    expect((await app.api('PATCH', `/api/folders/${other.id}`, { token: me.token, body: { name: ' Renamed ' } })).body).toEqual({ ...other, name: 'Renamed' })
    expect((await create(me, { name: '' })).body).toEqual(invalid({ name: habitMessages.folderNameRequired }))
    expect((await create(me, { name: 'x'.repeat(101) })).body).toEqual(invalid({ name: habitMessages.folderNameLength }))
    expect((await create(me, { name: 'Lost', parentId: 'nope' })).body).toEqual(folderNotFound)
  })

  it('is private to its owner: 404 to anyone else, even as a parent', async () => {
    const mine = await folder(owner, 'Semester 1')
    for (const [method, url] of [
      ['GET', `/api/folders/${mine.id}`],
      ['PATCH', `/api/folders/${mine.id}`],
      ['DELETE', `/api/folders/${mine.id}`],
      ['GET', `/api/folders/${mine.id}/cards`],
      ['PUT', `/api/folders/${mine.id}/sets/${openSet.id}`],
      ['DELETE', `/api/folders/${mine.id}/sets/${openSet.id}`],
    ] as const) {
      const response = await app.api(method, url, { token: stranger.token, body: method === 'PATCH' ? { name: 'Mine now' } : undefined })
      expect(response.body, `${method} ${url}`).toEqual(folderNotFound)
    }
    expect((await create(stranger, { name: 'Inside', parentId: mine.id })).body).toEqual(folderNotFound)
    expect((await get(stranger, '/api/folders')).body.items.map((item: Folder) => item.id)).not.toContain(mine.id)
    expect((await app.api('GET', `/api/folders/${mine.id}`)).status).toBe(401)
  })

  it('holds any set the caller may read (their own, public, assigned to their class), not others', async () => {
    const teacher = await createAccount(app)
    const student = await createAccount(app)
    const classSet = await createSet(app, teacher, { title: 'Class only' })
    await addCards(app, teacher, classSet.id, ['class a'])
    const klass = (await app.api('POST', '/api/classes', { token: teacher.token, body: { name: 'Biology 7' } })).body
    expect((await app.api('POST', '/api/classes/join', { token: student.token, body: { code: klass.joinCode } })).status).toBe(200)
    expect((await app.api('POST', `/api/classes/${klass.id}/sets`, { token: teacher.token, body: { setId: classSet.id } })).status).toBeLessThan(300)
    const ownSet = await createSet(app, student, { title: 'My own' })
    const box = await folder(student, 'Biology')
    const put = (setId: string) => app.api('PUT', `/api/folders/${box.id}/sets/${setId}`, { token: student.token })
    for (const setId of [ownSet.id, openSet.id, classSet.id, classSet.id]) expect((await put(setId)).status).toBe(204)
    expect((await put(privateSet.id)).body).toEqual(setNotFound)
    const shown = (await get(student, `/api/folders/${box.id}`)).body
    expect(shown.setCount).toBe(3)
    expect(shown.sets.map((set: StudySet) => set.title)).toEqual(['My own', 'Open Habits', 'Class only'])
    // The class set goes off the class: the folder keeps it but no longer shows or studies it.
    expect((await app.api('DELETE', `/api/classes/${klass.id}/sets/${classSet.id}`, { token: teacher.token })).status).toBe(204)
    const after = (await get(student, `/api/folders/${box.id}`)).body
    expect(after.sets.map((set: StudySet) => set.title)).toEqual(['My own', 'Open Habits'])
    const cards = (await get(student, `/api/folders/${box.id}/cards`)).body
    expect(cards.items.map((card: FolderCard) => card.term)).toEqual(['one', 'two', 'three'])
    expect(JSON.stringify(cards)).not.toContain('class a')
  })

  it('studies a folder and its sub-folders as one set, answers going to each card own set; deleting it keeps the sets', async () => {
    const me = await createAccount(app)
    const mine = await createSet(app, me, { title: 'Cells' })
    const myCards = await addCards(app, me, mine.id, ['cell', 'nucleus'])
    const semester = await folder(me, 'Semester 1')
    const biology = await folder(me, 'Biology', semester.id)
    await app.api('PUT', `/api/folders/${semester.id}/sets/${openSet.id}`, { token: me.token })
    await app.api('PUT', `/api/folders/${biology.id}/sets/${mine.id}`, { token: me.token })
    await app.api('PUT', `/api/folders/${biology.id}/sets/${openSet.id}`, { token: me.token })
    const all = (await get(me, `/api/folders/${semester.id}/cards?perPage=500`)).body
    expect(all).toMatchObject({ page: 1, perPage: 500, totalItems: 5, totalPages: 1 })
    expect(all.items.map((card: FolderCard) => [card.term, card.setId])).toEqual([
      ['one', openSet.id],
      ['two', openSet.id],
      ['three', openSet.id],
      ['cell', mine.id],
      ['nucleus', mine.id],
    ])
    // Pages cut across sets.
    const page2 = (await get(me, `/api/folders/${semester.id}/cards?perPage=2&page=2`)).body
    expect(page2).toMatchObject({ page: 2, perPage: 2, totalItems: 5, totalPages: 3 })
    expect(page2.items.map((card: FolderCard) => card.term)).toEqual(['three', 'cell'])
    expect((await get(me, `/api/folders/${semester.id}/cards?perPage=2&page=3`)).body.items.map((card: FolderCard) => card.term)).toEqual(['nucleus'])
    expect((await get(me, `/api/folders/${semester.id}/cards?perPage=0`)).body).toEqual(invalid({ perPage: 'perPage must be at least 1.' }))

    // An answer to a folder card goes to its own set.
    const card = all.items[3] as FolderCard
    expect((await answer(me, mine, myCards[0] as Flashcard, app.clock.now())).status).toBe(201)
    const logged = await app.db.selectFrom('review_log').select(['study_set_id']).where('user_id', '=', me.id).where('flashcard_id', '=', card.id).execute()
    expect(logged).toEqual([{ study_set_id: mine.id }])

    // Review of the folder: the due cards of its sets (and sub-folders'), nobody else's folder.
    const outside = await createSet(app, me, { title: 'Outside' })
    const [outsideCard] = await addCards(app, me, outside.id, ['elsewhere'])
    await answer(me, outside, outsideCard as Flashcard, new Date(app.clock.now().getTime() - 3 * 24 * HOUR), false)
    await answer(me, mine, myCards[1] as Flashcard, new Date(app.clock.now().getTime() - 3 * 24 * HOUR), false)
    const due = (await get(me, `/api/review/due?folderId=${semester.id}`)).body
    // (cell, answered just now, falls due within the learn-ahead 20 minutes.)
    expect(due.items.map((item: { card: Flashcard }) => item.card.term)).toEqual(['nucleus', 'cell'])
    expect(due.totalItems).toBe(2)
    expect((await get(me, `/api/review/summary?folderId=${semester.id}`)).body).toMatchObject({ dueNow: 2 })
    expect((await get(me, '/api/review/summary')).body).toMatchObject({ dueNow: 3 })
    expect((await get(stranger, `/api/review/due?folderId=${semester.id}`)).body).toEqual(folderNotFound)

    const listed = (await get(me, '/api/folders')).body.items
    expect(listed).toEqual([
      { id: biology.id, name: 'Biology', parentId: semester.id, setCount: 2 },
      { id: semester.id, name: 'Semester 1', parentId: null, setCount: 1 },
    ])
    expect((await get(me, `/api/folders/${semester.id}`)).body.folders).toEqual([{ id: biology.id, name: 'Biology', parentId: semester.id, setCount: 2 }])
    expect((await app.api('DELETE', `/api/folders/${biology.id}/sets/${openSet.id}`, { token: me.token })).status).toBe(204)
    expect((await app.api('DELETE', `/api/folders/${semester.id}`, { token: me.token })).status).toBe(204)
    expect((await get(me, '/api/folders')).body.items).toEqual([])
    expect((await get(me, `/api/sets/${mine.id}`)).status).toBe(200)
    expect((await get(me, `/api/sets/${openSet.id}`)).status).toBe(200)
  })

  it('studies several sets together ("Study together"), each readable', async () => {
    const together = (await get(owner, `/api/study-together/cards?setIds=${privateSet.id},${openSet.id}`)).body
    expect(together.items.map((card: FolderCard) => [card.term, card.setId])).toEqual([
      ...privateCards.map((card) => [card.term, privateSet.id]),
      ...openCards.map((card) => [card.term, openSet.id]),
    ])
    expect((await get(stranger, `/api/study-together/cards?setIds=${openSet.id},${privateSet.id}`)).body).toEqual(setNotFound)
    expect((await get(stranger, '/api/study-together/cards?setIds=')).body).toEqual(invalid({ setIds: 'setIds must list set ids, separated by commas.' }))
  })
})

describe('study options per set per student', () => {
  it('starts from the defaults, keeps each change, and is each student own', async () => {
    const url = `/api/sets/${openSet.id}/study-options`
    expect((await get(stranger, url)).body).toEqual(DEFAULT_STUDY_OPTIONS)
    const changed = await app.api('PATCH', url, { token: stranger.token, body: { answerWith: 'both', learnQuestionTypes: ['written'], starredOnly: true } })
    expect(changed.body).toEqual({ ...DEFAULT_STUDY_OPTIONS, answerWith: 'both', learnQuestionTypes: ['written'], starredOnly: true })
    await app.api('PATCH', url, { token: stranger.token, body: { shuffle: true } })
    expect((await get(stranger, url)).body).toEqual({
      ...DEFAULT_STUDY_OPTIONS,
      answerWith: 'both',
      learnQuestionTypes: ['written'],
      starredOnly: true,
      shuffle: true,
    })
    expect((await get(owner, url)).body).toEqual(DEFAULT_STUDY_OPTIONS)
    expect((await get(stranger, `/api/sets/${privateSet.id}/study-options`)).body).toEqual(setNotFound)
    expect((await app.api('PATCH', url, { token: stranger.token, body: { answerWith: 'sideways' } })).body).toEqual(
      invalid({ answerWith: 'answerWith must be one of definition, term, both.' }),
    )
    expect((await app.api('PATCH', url, { token: stranger.token, body: { testQuestionTypes: [] } })).body).toEqual(
      invalid({ testQuestionTypes: 'testQuestionTypes needs at least one question type.' }),
    )
  })
})
