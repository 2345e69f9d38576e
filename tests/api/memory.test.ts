import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnswerResponse, DueItem } from '#shared/api/memory'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ProgressItem } from '#shared/api/study'
import { fitDueStudents } from '#server/features/memory/fit-job'
import { simulateLog } from '#server/features/memory/simulate'
import { silentLogger } from '#server/logger'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { addCards, createSet, invalid, setNotFound, unverified } from './sets-helpers'

/**
 * The memory model over HTTP (api.md, "Additions" > Memory): answers from every mode into one
 * review log and FSRS state, resent and offline answers, the due list and summary, settings,
 * stats and the CSV log. Scenario tables where a row reads as request in, status and body out.
 */

let app: TestApp
const getApp = () => app
let owner: Account
let student: Account
let newcomer: Account
let openSet: StudySet
let ownSet: StudySet
let openCards: Flashcard[]
let ownCards: Flashcard[]

const HOUR = 3_600_000
const DAY = 24 * HOUR

/**
 * The file's days are the learners' UTC days, and its scenarios move the clock on by minutes and
 * hours ("reviewedToday" an hour later): run in the last hours of a UTC day, that would cross
 * midnight. So the file starts early in a day: within 6 hours of midnight, the clock moves just
 * past it first.
 */
function startEarlyInTheDay(): void {
  const left = DAY - (app.clock.now().getTime() % DAY)
  if (left < 6 * HOUR) app.clock.advance(left + 60_000)
}

beforeAll(async () => {
  app = await startTestApp()
  startEarlyInTheDay()
  owner = await createAccount(app, { username: 'memowner' })
  student = await createAccount(app, { username: 'memstudent' })
  newcomer = await createAccount(app, { username: 'memnewcomer', verified: false })
  openSet = await createSet(app, owner, { title: 'Open Memory', isPublic: true })
  ownSet = await createSet(app, owner, { title: 'Own Memory' })
  openCards = await addCards(app, owner, openSet.id, ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'])
  ownCards = await addCards(app, owner, ownSet.id, ['=SUM(A1)', 'own two'])
})
afterAll(() => app.close())

const card = (index: number) => openCards[index] as Flashcard
const answerUrl = (set: StudySet = openSet) => `/api/sets/${set.id}/answers`
const answer = (account: Account, body: Record<string, unknown>, set: StudySet = openSet) =>
  app.api('POST', answerUrl(set), { token: account.token, body: { correct: true, mode: 'learn', ...body } })

const logRows = (account: Account) =>
  app.db.selectFrom('review_log').selectAll().where('user_id', '=', account.id).orderBy('answered_at').orderBy('received_at').execute()
const memoryRow = (account: Account, cardId: string) =>
  app.db.selectFrom('card_memory').selectAll().where('user_id', '=', account.id).where('flashcard_id', '=', cardId).executeTakeFirst()

const memoryShape = (fields: Record<string, unknown> = {}) => ({
  due: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  stability: expect.any(Number),
  difficulty: expect.any(Number),
  retrievability: expect.any(Number),
  state: expect.any(String),
  reps: expect.any(Number),
  lapses: expect.any(Number),
  lastReview: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  ...fields,
})

describe('POST /api/sets/:id/answers: every mode feeds one review log and one memory state', () => {
  let learner: Account
  beforeAll(async () => {
    learner = await createAccount(app, { username: 'memlearner' })
  })
  const row = (name: string, body: Record<string, unknown>, rating: number, memory: Record<string, unknown>, progress: 'counted' | null): ApiScenario => ({
    name,
    method: 'POST',
    url: answerUrl,
    token: () => learner.token,
    body: () => ({ cardId: card(Number(body.card ?? 0)).id, ...body, card: undefined }),
    expectedStatus: 201,
    expectedBody: () => ({
      cardId: card(Number(body.card ?? 0)).id,
      prompt: 'f',
      progress: progress === null ? null : expect.objectContaining({ cardId: card(Number(body.card ?? 0)).id }),
      memory: memoryShape(memory),
      // No Learn session named; the due counts after the answer (the header shows them).
      session: null,
      summary: {
        dueNow: expect.any(Number),
        dueToday: expect.any(Number),
        reviewedToday: expect.any(Number),
        nextDue: expect.toBeOneOf([null, expect.any(String)]),
        goal: { target: 20, doneToday: expect.any(Number) },
      },
    }),
    after: async () => {
      const last = (await logRows(learner)).at(-1)
      expect(last).toMatchObject({ flashcard_id: card(Number(body.card ?? 0)).id, mode: body.mode, rating })
    },
  })
  scenarios(getApp, [
    row(
      'learn, right multiple choice: Hard, a learning card',
      { card: 0, mode: 'learn', correct: true },
      2,
      { state: 'learning', reps: 1, stability: 1.2931 },
      'counted',
    ),
    row('write, right: Good', { card: 1, mode: 'write', correct: true }, 3, { state: 'learning', reps: 1, stability: 2.3065 }, 'counted'),
    row('write, near miss: Hard', { card: 1, mode: 'write', correct: true, outcome: 'almost' }, 2, { state: 'learning', reps: 2 }, 'counted'),
    row('match, pair at once: Hard; no mastery counts', { card: 2, mode: 'match', correct: true }, 2, { state: 'learning', reps: 1 }, null),
    row('match, after a wrong drop: Again', { card: 2, mode: 'match', correct: false, outcome: 'after_miss' }, 1, { reps: 2 }, null),
    row('flashcards, Know it: Good; no mastery counts', { card: 3, mode: 'flashcards', correct: true }, 3, { stability: 2.3065 }, null),
    row('review, typed: Good', { card: 4, mode: 'review', correct: true, question: 'written' }, 3, { stability: 2.3065 }, 'counted'),
    row('test, true/false wrong: Again', { card: 5, mode: 'test', correct: false, question: 'true_false' }, 1, { stability: 0.212, lapses: 0 }, 'counted'),
    row(
      'a given rating wins: Easy graduates the learning card to review',
      { card: 0, mode: 'flashcards', correct: true, rating: 4 },
      4,
      { state: 'review', reps: 2 },
      'counted',
    ),
    {
      name: 'durationMs and the question kind are kept in the log',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(3).id, mode: 'learn', question: 'true_false', correct: true, durationMs: 2345 }),
      expectedStatus: 201,
      after: async () => {
        expect((await logRows(learner)).at(-1)).toMatchObject({ duration_ms: 2345, question: 'true_false', outcome: 'right', correct: 1 })
      },
    },
    {
      name: 'a written Learn answer (issue 31) is kept as written, a near miss as almost (Hard)',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(4).id, mode: 'learn', question: 'written', outcome: 'almost', correct: true }),
      expectedStatus: 201,
      after: async () => {
        expect((await logRows(learner)).at(-1)).toMatchObject({ question: 'written', outcome: 'almost', correct: 1, rating: 2 })
      },
    },
  ])

  it('Flashcards and Match leave the mastery counts alone; the progress list still shows their memory', async () => {
    const response = await app.api('GET', `/api/sets/${openSet.id}/progress`, { token: learner.token })
    const items = response.body.items as ProgressItem[]
    const byCard = new Map(items.map((item) => [item.cardId, item]))
    expect(byCard.get(card(2).id)).toMatchObject({ attempts: 0, memory: memoryShape({ reps: 2 }) })
    expect(byCard.get(card(1).id)).toMatchObject({ correct: 2, attempts: 2, memory: memoryShape({ reps: 2 }) })
    expect(items).toHaveLength(6)
    for (const item of items) expect(item.memory).not.toBeNull()
  })
})

describe('answers repeated in one session use short-term steps; a later day is a long-term review', () => {
  it('Good, Good ten minutes later graduates; the next day’s Good grows stability', async () => {
    const learner = await createAccount(app)
    const first = (await answer(learner, { cardId: card(0).id, mode: 'write' })).body as AnswerResponse
    expect(first.memory).toMatchObject({ state: 'learning', stability: 2.3065 })
    app.clock.advance(10 * 60_000)
    const second = (await answer(learner, { cardId: card(0).id, mode: 'write' })).body as AnswerResponse
    expect(second.memory.state).toBe('review')
    // Same day: FSRS-6's short-term formula masks a pass at 1, so stability stays.
    expect(second.memory.stability).toBeCloseTo(first.memory.stability, 6)
    app.clock.advance(3 * DAY)
    const third = (await answer(learner, { cardId: card(0).id, mode: 'write' })).body as AnswerResponse
    expect(third.memory.stability).toBeGreaterThan(second.memory.stability * 2)
    const log = await logRows(learner)
    expect(log.map((entry) => [entry.state, entry.elapsed_days])).toEqual([
      [0, 0],
      [1, 0],
      [2, 3],
    ])
  })
})

describe('clientId: an answer sent twice is kept once', () => {
  let learner: Account
  let first: AnswerResponse
  beforeAll(async () => {
    learner = await createAccount(app)
  })
  scenarios(getApp, [
    {
      name: 'first: 201',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(1).id, mode: 'learn', correct: true, clientId: 'queue-1_A' }),
      expectedStatus: 201,
      after: (response) => {
        first = response.body
      },
    },
    {
      name: 'again, even with another body: 200, the same result, nothing changed',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      before: () => app.clock.advance(HOUR),
      body: () => ({ cardId: card(1).id, mode: 'learn', correct: false, clientId: 'queue-1_A' }),
      expectedStatus: 200,
      // What the first answer did to the card; the due counts are those of now (an hour on, the same day: startEarlyInTheDay).
      expectedBody: () => ({ ...first, summary: expect.objectContaining({ reviewedToday: 1 }) }),
      after: async () => {
        expect(await logRows(learner)).toHaveLength(1)
        expect(await memoryRow(learner, card(1).id)).toMatchObject({ reps: 1 })
        const counts = await app.db.selectFrom('study_progress').selectAll().where('user_id', '=', learner.id).execute()
        expect(counts).toEqual([expect.objectContaining({ correct_count: 1, incorrect_count: 0 })])
      },
    },
    {
      name: 'another student may use the same id',
      method: 'POST',
      url: answerUrl,
      token: () => student.token,
      body: () => ({ cardId: card(1).id, mode: 'learn', correct: true, clientId: 'queue-1_A' }),
      expectedStatus: 201,
    },
    ...(
      [
        ['', 'empty'],
        ['x'.repeat(65), '65 characters'],
        ['has space', 'a space'],
        ['ü', 'a non-ASCII letter'],
        [12, 'a number'],
      ] as const
    ).map(
      ([clientId, what]): ApiScenario => ({
        name: `a clientId with ${what}: 400`,
        method: 'POST',
        url: answerUrl,
        token: () => learner.token,
        body: () => ({ cardId: card(1).id, mode: 'learn', correct: true, clientId }),
        expectedStatus: 400,
        expectedBody: invalid({ clientId: 'clientId must be 1 to 64 letters, digits, _ or -.' }),
      }),
    ),
  ])

  it('five concurrent requests with one clientId: one 201, four 200 with its body, one log row', async () => {
    const racer = await createAccount(app)
    const body = { cardId: card(2).id, mode: 'write', correct: true, clientId: 'race-1' }
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.api('POST', answerUrl(), { token: racer.token, body })))
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 201])
    const created = responses.find((response) => response.status === 201)?.body
    for (const response of responses) expect(response.body).toEqual(created)
    expect(await logRows(racer)).toHaveLength(1)
    expect(await memoryRow(racer, card(2).id)).toMatchObject({ reps: 1 })
    const writes = await app.db.selectFrom('write_results').select('id').where('user_id', '=', racer.id).execute()
    expect(writes).toHaveLength(1)
  })

  it('answers to one card sent at once, in waves: each 201 and kept, none lost to a deadlock', async () => {
    const racer = await createAccount(app)
    const body = { cardId: card(3).id, mode: 'learn', correct: true }
    // The first wave finds no memory row, later waves find one: the two paths once locked rows in opposite orders.
    for (let wave = 0; wave < 3; wave++) {
      const responses = await Promise.all(Array.from({ length: 8 }, () => app.api('POST', answerUrl(), { token: racer.token, body })))
      for (const response of responses) expect(response.status, response.text).toBe(201)
    }
    expect(await logRows(racer)).toHaveLength(24)
    expect(await memoryRow(racer, card(3).id)).toMatchObject({ reps: 24 })
    const progress = await app.db.selectFrom('study_progress').select('correct_count').where('user_id', '=', racer.id).executeTakeFirstOrThrow()
    expect(progress.correct_count).toBe(24)
  })
})

describe('answeredAt: offline answers keep their real time', () => {
  let learner: Account
  beforeAll(async () => {
    learner = await createAccount(app)
  })
  const at = (offsetMs: number) => new Date(app.clock.now().getTime() + offsetMs).toISOString()
  scenarios(getApp, [
    {
      name: 'an hour in the future: 400',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(0).id, mode: 'learn', correct: true, answeredAt: at(HOUR) }),
      expectedStatus: 400,
      expectedBody: invalid({ answeredAt: 'answeredAt cannot be in the future.' }),
    },
    {
      name: '31 days ago: 400',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(0).id, mode: 'learn', correct: true, answeredAt: at(-31 * DAY) }),
      expectedStatus: 400,
      expectedBody: invalid({ answeredAt: 'answeredAt cannot be more than 30 days ago.' }),
    },
    ...(['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', 1700000000000] as const).map(
      (value): ApiScenario => ({
        name: `answeredAt ${JSON.stringify(value)}: 400`,
        method: 'POST',
        url: answerUrl,
        token: () => learner.token,
        body: () => ({ cardId: card(0).id, mode: 'learn', correct: true, answeredAt: value }),
        expectedStatus: 400,
        expectedBody: invalid({ answeredAt: 'answeredAt must be an ISO date and time.' }),
      }),
    ),
    {
      name: 'nothing was kept from the refused ones',
      method: 'GET',
      url: () => `/api/sets/${openSet.id}/progress`,
      token: () => learner.token,
      expectedStatus: 200,
      expectedBody: { items: [] },
    },
    {
      name: 'ten days ago, with an offset: 201, logged at that time',
      method: 'POST',
      url: answerUrl,
      token: () => learner.token,
      body: () => ({ cardId: card(0).id, mode: 'write', correct: true, answeredAt: at(-10 * DAY).replace('Z', '+00:00') }),
      expectedStatus: 201,
      after: async () => {
        const [entry] = await logRows(learner)
        expect(Date.parse(entry?.answered_at ?? '')).toBeCloseTo(app.clock.now().getTime() - 10 * DAY, -4)
      },
    },
  ])

  it('an older answer arriving after newer ones is merged in time order (the state is the replay of the log)', async () => {
    const a = await createAccount(app)
    const b = await createAccount(app)
    const times = [-20 * DAY, -12 * DAY, -3 * DAY].map(at)
    const ratings = [4, 1, 3]
    // a sends them in order; b sends the last first, then the two older ones.
    for (const i of [0, 1, 2]) await answer(a, { cardId: card(4).id, mode: 'flashcards', rating: ratings[i], answeredAt: times[i] })
    for (const i of [2, 0, 1]) await answer(b, { cardId: card(4).id, mode: 'flashcards', rating: ratings[i], answeredAt: times[i] })
    const strip = (row: Record<string, unknown> | undefined) => ({ ...row, user_id: undefined })
    expect(strip(await memoryRow(b, card(4).id))).toEqual(strip(await memoryRow(a, card(4).id)))
    const fields = (rows: Awaited<ReturnType<typeof logRows>>) => rows.map((row) => [row.answered_at, row.state, row.elapsed_days, row.stability, row.due])
    expect(fields(await logRows(b))).toEqual(fields(await logRows(a)))
    expect(await memoryRow(a, card(4).id)).toMatchObject({ reps: 3, lapses: 1 })
  })
})

describe('the answer body is validated', () => {
  const bad = (name: string, body: Record<string, unknown>, fields: Record<string, string>): ApiScenario => ({
    name,
    method: 'POST',
    url: answerUrl,
    token: () => student.token,
    body: () => ({ cardId: card(0).id, correct: true, mode: 'learn', ...body }),
    expectedStatus: 400,
    expectedBody: invalid(fields),
  })
  scenarios(getApp, [
    bad('rating 5', { rating: 5 }, { rating: 'rating must be 1, 2, 3 or 4.' }),
    bad('rating 2.5', { rating: 2.5 }, { rating: 'rating must be 1, 2, 3 or 4.' }),
    bad('rating "3"', { rating: '3' }, { rating: 'rating must be 1, 2, 3 or 4.' }),
    bad('a matching question in Learn', { question: 'matching' }, { question: "learn asks 'multiple_choice' or 'true_false' or 'written' questions." }),
    bad('almost on a Learn choice', { outcome: 'almost' }, { outcome: "'almost' is not an outcome of a multiple choice question." }),
    bad('almost with correct: false', { mode: 'write', correct: false, outcome: 'almost' }, { outcome: "'almost' goes with correct: true." }),
    bad('after_miss in Write', { mode: 'write', correct: false, outcome: 'after_miss' }, { outcome: "'after_miss' is not an outcome of a written question." }),
    bad('a negative durationMs', { durationMs: -1 }, { durationMs: 'durationMs cannot be negative.' }),
    bad('an unknown mode', { mode: 'quiz' }, { mode: "mode must be 'learn', 'write', 'match', 'flashcards', 'review' or 'test'." }),
  ])
})

describe('GET /api/review/summary and /api/review/due', () => {
  let reviewer: Account
  beforeAll(async () => {
    // Start just after midnight UTC, so "today" has room on both sides.
    const now = app.clock.now()
    const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
    app.clock.advance(nextMidnight - now.getTime() + HOUR)
    reviewer = await createAccount(app)
    // Three cards of the open set and one of the owner's, made public for now.
    expect((await app.api('PATCH', `/api/sets/${ownSet.id}`, { token: owner.token, body: { isPublic: true } })).status).toBe(200)
    await answer(reviewer, { cardId: card(0).id, mode: 'write', correct: false }) // Again: due in a minute
    await answer(reviewer, { cardId: card(1).id, mode: 'write', correct: true }) // Good: due in 10 minutes
    await answer(reviewer, { cardId: card(2).id, mode: 'flashcards', correct: true, rating: 4 }) // Easy: due in days
    await answer(reviewer, { cardId: (ownCards[0] as Flashcard).id, mode: 'write', correct: false }, ownSet)
    app.clock.advance(2 * 60_000)
  })

  const summary = (expected: Record<string, unknown>, name: string): ApiScenario => ({
    name,
    method: 'GET',
    url: '/api/review/summary',
    token: () => reviewer.token,
    expectedStatus: 200,
    expectedBody: expected,
  })
  const dueIds = (response: { body: { items: DueItem[] } }) => response.body.items.map((item) => item.card.id)

  scenarios(getApp, [
    // Learn-ahead (20 minutes): the Good card, due in ten, is asked with the two Again ones.
    summary(
      { dueNow: 3, dueToday: 3, reviewedToday: 4, nextDue: expect.any(String), goal: { target: 20, doneToday: 4 } },
      'three due now (the Again ones, and the Good one within 20 minutes), four reviewed today',
    ),
    {
      name: 'the due list: most overdue first, then the cards due within 20 minutes, with the set and the predicted recall',
      method: 'GET',
      url: '/api/review/due',
      token: () => reviewer.token,
      expectedStatus: 200,
      expectedContent: { page: 1, perPage: 30, totalItems: 3, totalPages: 1 },
      after: (response) => {
        expect(dueIds(response)).toEqual([card(0).id, (ownCards[0] as Flashcard).id, card(1).id])
        expect(response.body.items[0]).toEqual({
          card: {
            id: card(0).id,
            term: 'alpha',
            definition: 'alpha means something',
            position: 1,
            created: expect.any(String),
            termImage: null,
            definitionImage: null,
            termAudio: null,
            definitionAudio: null,
            kind: 'basic',
            reverse: false,
            prompts: ['f'],
            guid: card(0).guid,
          },
          prompt: 'f',
          set: { id: openSet.id, title: 'Open Memory', termLanguage: null, definitionLanguage: null },
          due: expect.any(String),
          retrievability: expect.any(Number),
        })
        // Failed two minutes ago: FSRS's recall now, just below 1 (not the whole-day count's 1).
        const recall = (response.body.items[0] as DueItem).retrievability
        expect(recall).toBeLessThan(1)
        expect(recall).toBeGreaterThan(0.99)
      },
    },
    {
      name: 'one set only',
      method: 'GET',
      url: () => `/api/review/due?setId=${ownSet.id}`,
      token: () => reviewer.token,
      expectedStatus: 200,
      after: (response) => {
        expect(dueIds(response)).toEqual([(ownCards[0] as Flashcard).id])
      },
    },
    {
      name: 'paged',
      method: 'GET',
      url: '/api/review/due?perPage=1&page=2',
      token: () => reviewer.token,
      expectedStatus: 200,
      expectedContent: { page: 2, perPage: 1, totalItems: 3, totalPages: 3 },
      after: (response) => {
        expect(dueIds(response)).toEqual([(ownCards[0] as Flashcard).id])
      },
    },
    {
      name: 'its owner makes the set private',
      method: 'PATCH',
      url: () => `/api/sets/${ownSet.id}`,
      token: () => owner.token,
      body: { isPublic: false },
      expectedStatus: 200,
    },
    summary({ dueNow: 2, dueToday: 2, reviewedToday: 4, nextDue: expect.any(String), goal: { target: 20, doneToday: 4 } }, 'its card has left the counts'),
    {
      name: 'and the due list',
      method: 'GET',
      url: '/api/review/due',
      token: () => reviewer.token,
      expectedStatus: 200,
      expectedContent: { totalItems: 2 },
      after: (response) => {
        expect(dueIds(response)).toEqual([card(0).id, card(1).id])
        expect(response.text).not.toContain('SUM')
      },
    },
    {
      name: 'asking for that set is 404, as for any set the caller may not read',
      method: 'GET',
      url: () => `/api/review/due?setId=${ownSet.id}`,
      token: () => reviewer.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'a bad page: 400',
      method: 'GET',
      url: '/api/review/due?perPage=501',
      token: () => reviewer.token,
      expectedStatus: 400,
      expectedBody: invalid({ perPage: 'perPage must be at most 500.' }),
    },
    {
      name: 'eleven minutes on, the Good card is due in earnest, the counts the same',
      method: 'GET',
      url: '/api/review/summary',
      token: () => reviewer.token,
      before: () => app.clock.advance(10 * 60_000),
      expectedStatus: 200,
      // The Easy card, days away, is the next to fall due.
      expectedBody: { dueNow: 2, dueToday: 2, reviewedToday: 4, nextDue: expect.any(String), goal: { target: 20, doneToday: 4 } },
      after: async (response) => {
        const progress = await app.api('GET', `/api/sets/${openSet.id}/progress`, { token: reviewer.token })
        const easy = progress.body.items.find((item: { cardId: string }) => item.cardId === card(2).id)
        expect(response.body.nextDue).toBe(easy.memory.due)
      },
    },
    {
      name: 'the next day nothing was reviewed today',
      method: 'GET',
      url: '/api/review/summary',
      token: () => reviewer.token,
      before: () => app.clock.advance(DAY),
      expectedStatus: 200,
      expectedContent: { reviewedToday: 0 },
    },
  ])
})

describe('GET and PATCH /api/users/me/settings', () => {
  let learner: Account
  beforeAll(async () => {
    learner = await createAccount(app)
  })
  const settings = (desiredRetention: number, reviewCount: number) => ({
    desiredRetention,
    parameters: 'default',
    parametersFittedAt: null,
    reviewCount,
    reviewsForPersonalParameters: 400,
    dailyGoal: 20,
    timeZone: 'UTC',
    reminderEmail: null,
    locale: null,
  })
  const patch = (name: string, body: unknown, status: number, expected: unknown, token = () => learner.token): ApiScenario => ({
    name,
    method: 'PATCH',
    url: '/api/users/me/settings',
    token,
    body,
    expectedStatus: status,
    expectedBody: expected,
  })
  const range = 'desiredRetention must be between 0.80 and 0.97.'
  scenarios(getApp, [
    { name: 'the defaults', method: 'GET', url: '/api/users/me/settings', token: () => learner.token, expectedStatus: 200, expectedBody: settings(0.9, 0) },
    patch('0.85: 200', { desiredRetention: 0.85 }, 200, settings(0.85, 0)),
    patch('0.97: 200', { desiredRetention: 0.97 }, 200, settings(0.97, 0)),
    patch('0.79: 400', { desiredRetention: 0.79 }, 400, invalid({ desiredRetention: range })),
    patch('0.98: 400', { desiredRetention: 0.98 }, 400, invalid({ desiredRetention: range })),
    patch('a string: 400', { desiredRetention: '0.9' }, 400, invalid({ desiredRetention: 'desiredRetention must be a number.' })),
    patch('an unverified user: 403', { desiredRetention: 0.85 }, 403, unverified, () => newcomer.token),
    { name: 'kept', method: 'GET', url: '/api/users/me/settings', token: () => learner.token, expectedStatus: 200, expectedBody: settings(0.97, 0) },
  ])

  it('a higher desired retention schedules the next review sooner', async () => {
    const relaxed = await createAccount(app)
    const strict = await createAccount(app)
    await app.api('PATCH', '/api/users/me/settings', { token: relaxed.token, body: { desiredRetention: 0.8 } })
    await app.api('PATCH', '/api/users/me/settings', { token: strict.token, body: { desiredRetention: 0.95 } })
    const dueAfterEasy = async (account: Account) =>
      Date.parse(((await answer(account, { cardId: card(5).id, mode: 'flashcards', rating: 4 })).body as AnswerResponse).memory.due)
    expect(await dueAfterEasy(strict)).toBeLessThan(await dueAfterEasy(relaxed))
  })
})

describe('personal parameters, fitted in the background once a student has 400 reviews', () => {
  it('the settings say personal, with the fit time, and answers are scheduled with them', async () => {
    const learner = await createAccount(app)
    // 400+ answers through the API would take minutes: a synthetic log goes straight into the table.
    const log = simulateLog({ settings: { desiredRetention: 0.9, weights: null }, cards: openCards.length, days: 25, seed: 5 })
    const now = app.clock.now().getTime()
    const shift = now - 26 * DAY - (log[0]?.at.getTime() ?? 0)
    let extra = 0
    while (log.length < 420) log.push({ ...(log[extra++ % log.length] as (typeof log)[number]) })
    await app.db
      .insertInto('review_log')
      .values(
        log.map((review, i) => ({
          id: `fit-${learner.id}-${i}`,
          user_id: learner.id,
          flashcard_id: card(Number(review.cardId.slice(4))).id,
          study_set_id: openSet.id,
          mode: 'review',
          question: 'self_graded',
          outcome: review.rating > 1 ? 'right' : 'wrong',
          correct: review.rating > 1 ? 1 : 0,
          rating: review.rating,
          duration_ms: null,
          answered_at: new Date(review.at.getTime() + shift).toISOString(),
          received_at: new Date(now).toISOString(),
          client_id: null,
          state: 0,
          elapsed_days: 0,
          scheduled_days: 0,
          stability: 1,
          difficulty: 5,
          due: new Date(now).toISOString(),
          response: null,
        })),
      )
      .execute()
    const before = await app.api('GET', '/api/users/me/settings', { token: learner.token })
    expect(before.body).toMatchObject({ parameters: 'default', parametersFittedAt: null, reviewCount: log.length })

    expect(await fitDueStudents({ db: app.db, clock: app.clock, logger: silentLogger })).toEqual([learner.id])
    const after = await app.api('GET', '/api/users/me/settings', { token: learner.token })
    expect(after.body).toMatchObject({ parameters: 'personal', parametersFittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    const stored = await app.db.selectFrom('user_settings').select('parameters').where('user_id', '=', learner.id).executeTakeFirstOrThrow()
    expect(JSON.parse(stored.parameters ?? '[]')).toHaveLength(21)
  }, 60_000)
})

describe('GET /api/users/me/stats and /api/users/me/review-log', () => {
  let learner: Account
  beforeAll(async () => {
    learner = await createAccount(app)
    await answer(learner, { cardId: card(0).id, mode: 'learn', correct: true, answeredAt: new Date(app.clock.now().getTime() - 2 * DAY).toISOString() })
    await answer(learner, { cardId: card(0).id, mode: 'write', correct: false, durationMs: 4000 })
    await answer(learner, { cardId: card(1).id, mode: 'write', correct: true })
    await answer(learner, { cardId: (ownCards[0] as Flashcard).id, mode: 'write', correct: true }, ownSet).then((response) => {
      // The owner's set is private by now: the learner cannot answer there.
      expect(response.status).toBe(404)
    })
  })

  it('reviews per day (oldest first), a 14-day forecast and the predicted retention', async () => {
    const response = await app.api('GET', '/api/users/me/stats?days=3', { token: learner.token })
    expect(response.status).toBe(200)
    const day = (offset: number) => new Date(app.clock.now().getTime() + offset * DAY).toISOString().slice(0, 10)
    expect(response.body.reviewsPerDay).toEqual([
      { day: day(-2), reviews: 1, correct: 1 },
      { day: day(-1), reviews: 0, correct: 0 },
      { day: day(0), reviews: 2, correct: 1 },
    ])
    expect(response.body.dueForecast).toHaveLength(14)
    expect(response.body.dueForecast[0]).toEqual({ day: day(0), due: 2 })
    expect(response.body.dueForecast.reduce((sum: number, entry: { due: number }) => sum + entry.due, 0)).toBe(2)
    expect(response.body.retention).toBe(1)
    // card 0: one right, one wrong (50%, learning); card 1: one right (mastered).
    expect(response.body.sets).toEqual([{ setId: openSet.id, title: 'Open Memory', cardCount: expect.any(Number), mastered: 1, learning: 1, needsReview: 0 }])
    expect((await app.api('GET', '/api/users/me/stats', { token: learner.token })).body.reviewsPerDay).toHaveLength(30)
  })

  it('an account with no reviews: zeros and a null retention', async () => {
    const fresh = await createAccount(app)
    const response = await app.api('GET', '/api/users/me/stats?days=1', { token: fresh.token })
    expect(response.body).toEqual({
      reviewsPerDay: [{ day: expect.any(String), reviews: 0, correct: 0 }],
      dueForecast: expect.any(Array),
      retention: null,
      sets: [],
      streak: { current: 0, longest: 0 },
      goal: { target: 20, doneToday: 0 },
      activity: expect.any(Array),
    })
    expect(response.body.activity).toHaveLength(365)
    expect((await app.api('GET', '/api/review/summary', { token: fresh.token })).body).toEqual({
      dueNow: 0,
      dueToday: 0,
      reviewedToday: 0,
      nextDue: null,
      goal: { target: 20, doneToday: 0 },
    })
  })

  it.each([
    ['days=0', { days: 'days must be at least 1.' }],
    ['days=366', { days: 'days must be at most 365.' }],
    ['days=abc', { days: 'days must be a whole number.' }],
  ])('stats?%s: 400', async (query, fields) => {
    expect((await app.api('GET', `/api/users/me/stats?${query}`, { token: learner.token })).body).toEqual(invalid(fields))
  })

  it('the review log as a CSV attachment, one row per review, oldest first', async () => {
    const response = await app.api('GET', '/api/users/me/review-log?format=csv', { token: learner.token })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="cardwise-review-log.csv"')
    const lines = response.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'review_time,card_id,prompt,set_id,set_title,term,mode,question,outcome,correct,rating,state_before,elapsed_days,scheduled_days,stability_after,difficulty_after,due_after,duration_ms',
    )
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(new RegExp(`^[^,]+,${card(0).id},f,${openSet.id},Open Memory,alpha,learn,multiple_choice,right,1,2,new,0,0,1.2931,`))
    expect(lines[2]).toMatch(/,write,written,wrong,0,1,learning,2,0,[\d.]+,[\d.]+,[^,]+,4000$/)
    expect((await app.api('GET', '/api/users/me/review-log?format=xml', { token: learner.token })).body).toEqual(invalid({ format: "format must be 'csv'." }))
  })

  it('a term that looks like a formula is made inert; a set made private since keeps its rows without its text', async () => {
    expect((await app.api('PATCH', `/api/sets/${ownSet.id}`, { token: owner.token, body: { isPublic: true } })).status).toBe(200)
    const reader = await createAccount(app)
    await answer(reader, { cardId: (ownCards[0] as Flashcard).id, mode: 'write', correct: true }, ownSet)
    const visible = await app.api('GET', '/api/users/me/review-log', { token: reader.token })
    expect(visible.text).toContain(`,Own Memory,'=SUM(A1),write,`)
    expect((await app.api('PATCH', `/api/sets/${ownSet.id}`, { token: owner.token, body: { isPublic: false } })).status).toBe(200)
    const hidden = await app.api('GET', '/api/users/me/review-log', { token: reader.token })
    expect(hidden.text.trimEnd().split('\r\n')).toHaveLength(2)
    expect(hidden.text).not.toContain('Own Memory')
    expect(hidden.text).not.toContain('SUM')
  })
})

describe('deleting the card, the set or the account deletes the log and the memory', () => {
  it('goes with each', async () => {
    const set = await createSet(app, owner, { title: 'Short Memory', isPublic: true })
    const [kept, doomed] = (await addCards(app, owner, set.id, ['kept', 'doomed'])) as [Flashcard, Flashcard]
    const learner = await createAccount(app)
    for (const target of [kept, doomed]) await answer(learner, { cardId: target.id, mode: 'write' }, set)
    await app.api('PATCH', '/api/users/me/settings', { token: learner.token, body: { desiredRetention: 0.85 } })
    const tables = ['review_log', 'card_memory'] as const
    const rows = async (table: (typeof tables)[number], column: 'study_set_id' | 'user_id', value: string) =>
      (await app.db.selectFrom(table).select('flashcard_id').where(column, '=', value).execute()).map((row) => row.flashcard_id)

    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${doomed.id}`, { token: owner.token })).status).toBe(204)
    for (const table of tables) expect(await rows(table, 'study_set_id', set.id), table).toEqual([kept.id])

    expect((await app.api('DELETE', `/api/sets/${set.id}`, { token: owner.token })).status).toBe(204)
    for (const table of tables) expect(await rows(table, 'study_set_id', set.id), table).toEqual([])

    await answer(learner, { cardId: card(0).id, mode: 'write' })
    expect((await app.api('DELETE', '/api/users/me', { token: learner.token, body: { password: learner.password } })).status).toBe(204)
    for (const table of tables) expect(await rows(table, 'user_id', learner.id), table).toEqual([])
    expect(await app.db.selectFrom('user_settings').select('user_id').where('user_id', '=', learner.id).execute()).toEqual([])
  })
})
