import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { CardProgress, LearningSession } from '#shared/api/study'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'
import { addCards, cardNotFound, createSet, invalid, setNotFound, unauthenticated } from './sets-helpers'

/**
 * The study-record routes (docs/study-rules.md, 'Records'): learning sessions, answers and per-card
 * progress, match results. Records belong to the caller and are kept only on sets they may read.
 */

let app: TestApp
let owner: Account
let student: Account
let unverifiedStudent: Account
let publicSet: StudySet
let privateSet: StudySet
let publicCards: Flashcard[]
let privateCards: Flashcard[]

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'owner' })
  student = await createAccount(app, { username: 'student' })
  unverifiedStudent = await createAccount(app, { username: 'newcomer', verified: false })
  publicSet = await createSet(app, owner, { title: 'Public Chemistry', isPublic: true })
  privateSet = await createSet(app, owner, { title: 'Private Notes' })
  publicCards = await addCards(app, owner, publicSet.id, ['H', 'He', 'Li', 'Be', 'B'])
  privateCards = await addCards(app, owner, privateSet.id, ['secret'])
})

afterAll(async () => {
  await app.close()
})

const answer = (account: Account | undefined, setId: string, cardId: string, correct: boolean, mode = 'learn') =>
  app.api('POST', `/api/sets/${setId}/answers`, { token: account?.token, body: { cardId, correct, mode } })

const progress = (account: Account | undefined, setId: string) => app.api('GET', `/api/sets/${setId}/progress`, { token: account?.token })

async function answerMany(account: Account, setId: string, cardId: string, rights: number, wrongs: number): Promise<void> {
  for (let i = 0; i < rights; i++) expect((await answer(account, setId, cardId, true)).status).toBe(201)
  for (let i = 0; i < wrongs; i++) expect((await answer(account, setId, cardId, false)).status).toBe(201)
}

function progressOf(items: CardProgress[], cardId: string): CardProgress | undefined {
  return items.find((item) => item.cardId === cardId)
}

describe('answers and progress', () => {
  it('computes each card’s counts, rate and status at the thresholds (80% mastered, 50% learning)', async () => {
    const learner = await createAccount(app)
    const [exactly80, justBelow80, exactly50, justBelow50, neverRight] = publicCards as [Flashcard, Flashcard, Flashcard, Flashcard, Flashcard]
    await answerMany(learner, publicSet.id, exactly80.id, 4, 1)
    await answerMany(learner, publicSet.id, justBelow80.id, 3, 1)
    await answerMany(learner, publicSet.id, exactly50.id, 1, 1)
    await answerMany(learner, publicSet.id, justBelow50.id, 2, 3)
    await answerMany(learner, publicSet.id, neverRight.id, 0, 2)

    const response = await progress(learner, publicSet.id)
    expect(response.status).toBe(200)
    const items = response.body.items as CardProgress[]
    expect(items).toHaveLength(5)
    expect(progressOf(items, exactly80.id)).toMatchObject({ correct: 4, incorrect: 1, attempts: 5, masteryRate: 0.8, status: 'mastered' })
    expect(progressOf(items, justBelow80.id)).toMatchObject({ correct: 3, incorrect: 1, attempts: 4, masteryRate: 0.75, status: 'learning' })
    expect(progressOf(items, exactly50.id)).toMatchObject({ correct: 1, incorrect: 1, attempts: 2, masteryRate: 0.5, status: 'learning' })
    expect(progressOf(items, justBelow50.id)).toMatchObject({ correct: 2, incorrect: 3, attempts: 5, masteryRate: 0.4, status: 'needs_review' })
    expect(progressOf(items, neverRight.id)).toMatchObject({ correct: 0, incorrect: 2, attempts: 2, masteryRate: 0, status: 'needs_review' })
  })

  it('answers with the card’s new progress and lists the most recently reviewed first', async () => {
    const learner = await createAccount(app)
    const [first, second] = publicCards as [Flashcard, Flashcard]
    const one = await answer(learner, publicSet.id, first.id, true)
    expect(one.status).toBe(201)
    expect(one.body).toEqual({
      cardId: first.id,
      prompt: 'f',
      progress: { cardId: first.id, prompt: 'f', correct: 1, incorrect: 0, attempts: 1, masteryRate: 1, status: 'mastered', lastReviewed: expect.any(String) },
      memory: expect.objectContaining({ state: 'learning', reps: 1 }),
      session: null,
      // The learning step's card falls due within the learn-ahead limit (20 minutes): due now, none after it.
      summary: { dueNow: 1, dueToday: 1, reviewedToday: 1, nextDue: null, goal: { target: 20, doneToday: 1 } },
    })
    app.clock.advance(1000)
    await answer(learner, publicSet.id, second.id, false)
    app.clock.advance(1000)
    await answer(learner, publicSet.id, first.id, false)
    const items = (await progress(learner, publicSet.id)).body.items as CardProgress[]
    expect(items.map((item) => item.cardId)).toEqual([first.id, second.id])
    expect(items[0]).toMatchObject({ correct: 1, incorrect: 1 })
    expect(Date.parse(items[0]?.lastReviewed ?? '')).toBeGreaterThan(Date.parse(items[1]?.lastReviewed ?? ''))
  })

  it('keeps each student’s progress apart', async () => {
    const alice = await createAccount(app)
    const bob = await createAccount(app)
    const card = publicCards[0] as Flashcard
    await answerMany(alice, publicSet.id, card.id, 2, 0)
    expect((await progress(bob, publicSet.id)).body).toEqual({ items: [] })
    expect((await progress(alice, publicSet.id)).body.items).toHaveLength(1)
  })

  it('keeps a write result for each Write answer, and none for Learn', async () => {
    const learner = await createAccount(app)
    const card = publicCards[1] as Flashcard
    await answer(learner, publicSet.id, card.id, true, 'write')
    await answer(learner, publicSet.id, card.id, false, 'write')
    await answer(learner, publicSet.id, card.id, true, 'learn')
    const rows = await app.db
      .selectFrom('write_results')
      .select(['flashcard_id', 'correct_count', 'incorrect_count'])
      .where('user_id', '=', learner.id)
      .orderBy('completed_at')
      .execute()
    expect(rows).toEqual([
      { flashcard_id: card.id, correct_count: 1, incorrect_count: 0 },
      { flashcard_id: card.id, correct_count: 0, incorrect_count: 1 },
    ])
    expect((await progress(learner, publicSet.id)).body.items[0]).toMatchObject({ correct: 2, incorrect: 1, attempts: 3 })
  })

  it('lets an unverified student record answers on a public set', async () => {
    const card = publicCards[2] as Flashcard
    expect((await answer(unverifiedStudent, publicSet.id, card.id, true)).status).toBe(201)
    expect((await progress(unverifiedStudent, publicSet.id)).body.items).toHaveLength(1)
  })

  it('lets the owner study their private set', async () => {
    const card = privateCards[0] as Flashcard
    expect((await answer(owner, privateSet.id, card.id, true)).status).toBe(201)
    expect((await progress(owner, privateSet.id)).body.items).toEqual([expect.objectContaining({ cardId: card.id })])
  })

  it('refuses visitors, other people’s private sets, unknown sets and cards of another set', async () => {
    const card = publicCards[0] as Flashcard
    expect((await answer(undefined, publicSet.id, card.id, true)).body).toEqual(unauthenticated)
    expect((await progress(undefined, publicSet.id)).body).toEqual(unauthenticated)
    expect((await answer(student, privateSet.id, (privateCards[0] as Flashcard).id, true)).body).toEqual(setNotFound)
    expect((await progress(student, privateSet.id)).body).toEqual(setNotFound)
    expect((await answer(student, 'nosuchset', card.id, true)).body).toEqual(setNotFound)
    // The set is checked before the card: a private set stays hidden whatever card is named.
    expect((await answer(student, privateSet.id, card.id, true)).body).toEqual(setNotFound)
    expect((await answer(student, 'nosuchset', 'nosuchcard', true)).body).toEqual(setNotFound)
    expect((await answer(owner, publicSet.id, (privateCards[0] as Flashcard).id, true)).body).toEqual(cardNotFound)
    expect((await answer(owner, publicSet.id, 'nosuchcard', true)).body).toEqual(cardNotFound)
    const stored = await app.db.selectFrom('study_progress').select('user_id').where('study_set_id', '=', privateSet.id).execute()
    expect(stored.map((row) => row.user_id)).toEqual([owner.id])
  })

  it('validates the answer body', async () => {
    const card = publicCards[0] as Flashcard
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ correct: true, mode: 'learn' }, { cardId: 'cardId is required.' }],
      [{ cardId: card.id, correct: 'yes', mode: 'learn' }, { correct: 'correct must be true or false.' }],
      [{ cardId: card.id, correct: true, mode: 'dance' }, { mode: "mode must be 'learn', 'write', 'match', 'flashcards', 'review' or 'test'." }],
      [{ cardId: card.id, correct: true }, { mode: "mode must be 'learn', 'write', 'match', 'flashcards', 'review' or 'test'." }],
    ]
    for (const [body, fields] of cases) {
      const response = await app.api('POST', `/api/sets/${publicSet.id}/answers`, { token: student.token, body })
      expect(response.body).toEqual(invalid(fields))
    }
  })

  it('drops the records with the card, the set, and the account', async () => {
    const set = await createSet(app, owner, { title: 'Short lived', isPublic: true })
    const [kept, doomed] = (await addCards(app, owner, set.id, ['kept', 'doomed'])) as [Flashcard, Flashcard]
    const learner = await createAccount(app)
    await answer(learner, set.id, kept.id, true, 'write')
    await answer(learner, set.id, doomed.id, true, 'write')
    await app.api('POST', `/api/sets/${set.id}/learning-sessions`, { token: learner.token, body: { totalCards: 2 } })
    await app.api('POST', `/api/sets/${set.id}/match-results`, { token: learner.token, body: { timeTaken: 3, correctMatches: 2, incorrectMatches: 0 } })

    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${doomed.id}`, { token: owner.token })).status).toBe(204)
    expect((await progress(learner, set.id)).body.items.map((item: CardProgress) => item.cardId)).toEqual([kept.id])

    expect((await app.api('DELETE', `/api/sets/${set.id}`, { token: owner.token })).status).toBe(204)
    for (const table of ['study_progress', 'write_results', 'learning_sessions', 'match_results'] as const) {
      const rows = await app.db.selectFrom(table).select('study_set_id').where('study_set_id', '=', set.id).execute()
      expect(rows, table).toEqual([])
    }

    await answer(learner, publicSet.id, (publicCards[0] as Flashcard).id, true)
    expect((await app.api('DELETE', '/api/users/me', { token: learner.token, body: { password: learner.password } })).status).toBe(204)
    const left = await app.db.selectFrom('study_progress').select('user_id').where('user_id', '=', learner.id).execute()
    expect(left).toEqual([])
  })
})

describe('learning sessions', () => {
  const start = (account: Account | undefined, setId: string, totalCards: unknown = 5) =>
    app.api('POST', `/api/sets/${setId}/learning-sessions`, { token: account?.token, body: { totalCards } })
  const update = (account: Account | undefined, sessionId: string, body: unknown) =>
    app.api('PATCH', `/api/learning-sessions/${sessionId}`, { token: account?.token, body })

  it('opens in progress, takes counts, and completes with an end time', async () => {
    const started = await start(student, publicSet.id)
    expect(started.status).toBe(201)
    const session = started.body as LearningSession
    expect(session).toEqual({
      id: expect.any(String),
      status: 'in_progress',
      startTime: expect.any(String),
      endTime: null,
      totalCards: 5,
      correctCount: 0,
      incorrectCount: 0,
    })

    const counted = await update(student, session.id, { correctCount: 3, incorrectCount: 1 })
    expect(counted.status).toBe(200)
    expect(counted.body).toMatchObject({ status: 'in_progress', correctCount: 3, incorrectCount: 1, endTime: null })

    app.clock.advance(60_000)
    const completed = await update(student, session.id, { correctCount: 5, status: 'completed' })
    expect(completed.body).toEqual({ ...session, status: 'completed', correctCount: 5, incorrectCount: 1, endTime: expect.any(String) })
    expect(Date.parse(completed.body.endTime) - Date.parse(session.startTime)).toBeGreaterThanOrEqual(60_000)
  })

  it('completed by 6 requests at once: exactly one 200, the others 409, one end time', async () => {
    const session = (await start(student, publicSet.id)).body as LearningSession
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => update(student, session.id, { correctCount: index, status: 'completed' })))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409])
    const winner = answers.find((answer) => answer.status === 200)?.body as LearningSession
    const stored = await app.db.selectFrom('learning_sessions').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow()
    expect({ correct: stored.correct_count, end: stored.end_time, status: stored.status }).toEqual({
      correct: winner.correctCount,
      end: winner.endTime,
      status: 'completed',
    })
  })

  it('closes a completed session to further changes (restart opens a new one)', async () => {
    const session = (await start(student, publicSet.id)).body as LearningSession
    await update(student, session.id, { status: 'completed' })
    expect((await update(student, session.id, { correctCount: 1 })).body).toEqual(apiError(409, 'conflict', 'This learning session is already completed.'))
    const next = await start(student, publicSet.id)
    expect(next.status).toBe(201)
    expect(next.body.id).not.toBe(session.id)
  })

  it('belongs to its student: others, visitors and unknown ids get no session', async () => {
    const session = (await start(student, publicSet.id)).body as LearningSession
    const sessionNotFound = apiError(404, 'not_found', 'Learning session not found')
    expect((await update(owner, session.id, { correctCount: 1 })).body).toEqual(sessionNotFound)
    expect((await update(undefined, session.id, { correctCount: 1 })).body).toEqual(unauthenticated)
    expect((await update(student, 'nosuchsession', { correctCount: 1 })).body).toEqual(sessionNotFound)
    const stored = await app.db.selectFrom('learning_sessions').select('correct_count').where('id', '=', session.id).executeTakeFirstOrThrow()
    expect(stored.correct_count).toBe(0)
  })

  it('is only opened on a set the caller may read, and not by visitors', async () => {
    expect((await start(student, privateSet.id)).body).toEqual(setNotFound)
    expect((await start(undefined, publicSet.id)).body).toEqual(unauthenticated)
    expect((await start(owner, privateSet.id)).status).toBe(201)
  })

  it('is no longer found once its set turns private to the student', async () => {
    const set = await createSet(app, owner, { title: 'Soon private', isPublic: true })
    const session = (await start(student, set.id)).body as LearningSession
    await app.api('PATCH', `/api/sets/${set.id}`, { token: owner.token, body: { isPublic: false } })
    expect((await update(student, session.id, { status: 'completed' })).body).toEqual(setNotFound)
  })

  it('validates counts and status', async () => {
    expect((await start(student, publicSet.id, -1)).body).toEqual(invalid({ totalCards: 'totalCards cannot be negative.' }))
    expect((await start(student, publicSet.id, 2.5)).body).toEqual(invalid({ totalCards: 'totalCards must be a whole number.' }))
    expect((await start(student, publicSet.id, '5')).body).toEqual(invalid({ totalCards: 'totalCards must be a whole number.' }))
    const session = (await start(student, publicSet.id)).body as LearningSession
    expect((await update(student, session.id, { status: 'paused' })).body).toEqual(invalid({ status: "status must be 'in_progress' or 'completed'." }))
    expect((await update(student, session.id, { correctCount: 1e9 })).body).toEqual(invalid({ correctCount: 'correctCount is too large.' }))
  })
})

describe('one request per answer', () => {
  const start = async (account: Account, setId: string) =>
    (await app.api('POST', `/api/sets/${setId}/learning-sessions`, { token: account.token, body: { totalCards: 3 } })).body as LearningSession
  const learnAnswer = (account: Account, setId: string, body: Record<string, unknown>) =>
    app.api('POST', `/api/sets/${setId}/answers`, { token: account.token, body: { mode: 'learn', ...body } })

  it('a Learn answer with its session counts in the session and answers the session and the due counts', async () => {
    const learner = await createAccount(app)
    const session = await start(learner, publicSet.id)
    const [first, second] = publicCards as [Flashcard, Flashcard]
    const right = await learnAnswer(learner, publicSet.id, { cardId: first.id, correct: true, sessionId: session.id, clientId: 'one-request-1' })
    expect(right.status).toBe(201)
    expect(right.body.session).toMatchObject({ id: session.id, status: 'in_progress', correctCount: 1, incorrectCount: 0 })
    const summary = (await app.api('GET', '/api/review/summary', { token: learner.token })).body
    expect(right.body.summary).toEqual(summary)
    expect(right.body.summary.reviewedToday).toBe(1)

    const wrong = await learnAnswer(learner, publicSet.id, { cardId: second.id, correct: false, sessionId: session.id })
    expect(wrong.body.session).toMatchObject({ correctCount: 1, incorrectCount: 1 })
    // A resend (the offline queue's) is kept once: the session is not counted twice.
    const resent = await learnAnswer(learner, publicSet.id, { cardId: first.id, correct: true, sessionId: session.id, clientId: 'one-request-1' })
    expect(resent.status).toBe(200)
    expect(resent.body.session).toMatchObject({ correctCount: 1, incorrectCount: 1 })
    // The PATCH still works for completing it; an answer after that is kept and leaves the counts.
    expect((await app.api('PATCH', `/api/learning-sessions/${session.id}`, { token: learner.token, body: { status: 'completed' } })).status).toBe(200)
    const late = await learnAnswer(learner, publicSet.id, { cardId: second.id, correct: true, sessionId: session.id })
    expect(late.status).toBe(201)
    expect(late.body.session).toMatchObject({ status: 'completed', correctCount: 1, incorrectCount: 1 })
  })

  it('an answer without a session says so with a null session; a session of another mode, set or student is refused', async () => {
    const learner = await createAccount(app)
    const [card] = publicCards as [Flashcard]
    const plain = await app.api('POST', `/api/sets/${publicSet.id}/answers`, { token: learner.token, body: { cardId: card.id, correct: true, mode: 'write' } })
    expect(plain.status).toBe(201)
    expect(plain.body.session).toBeNull()
    expect(plain.body.summary).toEqual(expect.objectContaining({ dueNow: expect.any(Number), reviewedToday: 1 }))

    const session = await start(learner, publicSet.id)
    const write = await app.api('POST', `/api/sets/${publicSet.id}/answers`, {
      token: learner.token,
      body: { cardId: card.id, correct: true, mode: 'write', sessionId: session.id },
    })
    expect(write.body).toEqual(invalid({ sessionId: 'sessionId is only for Learn answers.' }))
    const other = await createAccount(app)
    const theirs = await learnAnswer(other, publicSet.id, { cardId: card.id, correct: true, sessionId: session.id })
    const sessionNotFound = apiError(404, 'not_found', 'Learning session not found')
    expect(theirs.body).toEqual(sessionNotFound)
    const ownOtherSet = await createSet(app, learner, { title: 'Mine' })
    const [mine] = await addCards(app, learner, ownOtherSet.id, ['x'])
    const wrongSet = await learnAnswer(learner, ownOtherSet.id, { cardId: mine?.id, correct: true, sessionId: session.id })
    expect(wrongSet.body).toEqual(sessionNotFound)
    // Nothing of a refused answer is kept: the card has no second answer.
    const kept = (await progress(learner, publicSet.id)).body as { items: CardProgress[] }
    expect(progressOf(kept.items, card.id)?.attempts).toBe(1)
  })
})

describe('match results', () => {
  const save = (account: Account | undefined, setId: string, body: unknown) =>
    app.api('POST', `/api/sets/${setId}/match-results`, { token: account?.token, body })

  it('saves a finished game for the caller', async () => {
    const response = await save(student, publicSet.id, { timeTaken: 42, correctMatches: 10, incorrectMatches: 3 })
    expect(response.status).toBe(201)
    expect(response.body).toEqual({ id: expect.any(String), timeTaken: 42, correctMatches: 10, incorrectMatches: 3, created: expect.any(String) })
    const row = await app.db.selectFrom('match_results').selectAll().where('id', '=', response.body.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ user_id: student.id, study_set_id: publicSet.id, time_taken: 42, correct_matches: 10, incorrect_matches: 3 })
  })

  it('is refused to visitors and on sets the caller may not read, and validated', async () => {
    const body = { timeTaken: 1, correctMatches: 1, incorrectMatches: 0 }
    expect((await save(undefined, publicSet.id, body)).body).toEqual(unauthenticated)
    expect((await save(student, privateSet.id, body)).body).toEqual(setNotFound)
    expect((await save(student, publicSet.id, { ...body, timeTaken: -3 })).body).toEqual(invalid({ timeTaken: 'timeTaken cannot be negative.' }))
    expect((await save(student, publicSet.id, { ...body, timeTaken: 86_401 })).body).toEqual(invalid({ timeTaken: 'timeTaken is too large.' }))
    expect((await save(student, publicSet.id, { timeTaken: 1 })).body).toEqual(
      invalid({ correctMatches: 'correctMatches must be a whole number.', incorrectMatches: 'incorrectMatches must be a whole number.' }),
    )
    expect((await save(student, publicSet.id, { ...body, clientId: 'no spaces' })).body).toEqual(
      invalid({ clientId: 'clientId must be 1 to 64 letters, digits, _ or -.' }),
    )
    expect((await save(student, publicSet.id, { ...body, answeredAt: '2999-01-01T00:00:00Z' })).body).toEqual(
      invalid({ answeredAt: 'answeredAt cannot be in the future.' }),
    )
  })

  it('keeps a result sent again with the same clientId once (the offline queue resends), and takes its answeredAt', async () => {
    const playedAt = new Date(Date.now() - 3_600_000).toISOString()
    const body = { timeTaken: 17, correctMatches: 6, incorrectMatches: 1, clientId: 'match-resend_1', answeredAt: playedAt }
    const first = await save(owner, publicSet.id, body)
    expect(first.status).toBe(201)
    expect(first.body.created).toBe(playedAt)
    const again = await save(owner, publicSet.id, { ...body, timeTaken: 99 })
    expect(again.status).toBe(200)
    expect(again.body).toEqual(first.body)
    // The same id from another student is theirs.
    expect((await save(student, publicSet.id, body)).status).toBe(201)
    const rows = await app.db
      .selectFrom('match_results')
      .select('time_taken')
      .where('user_id', '=', owner.id)
      .where('client_id', '=', 'match-resend_1')
      .execute()
    expect(rows).toEqual([{ time_taken: 17 }])
  })
})
