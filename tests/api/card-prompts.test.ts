import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findCardToAnswer } from '#server/access/access.repo'
import type { AnswerResponse, DueItem } from '#shared/api/memory'
import type { Flashcard, ListResponse, StudySet } from '#shared/api/sets'
import type { ProgressItem } from '#shared/api/study'
import { cardMessages } from '#shared/messages'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { cardShape, createSet, invalid, setNotFound } from './sets-helpers'
import { cardHistories } from '#server/features/memory/fit'
import { reviewsFromCsv } from '#server/features/memory/review-log-reader'

/**
 * Cards that carry more (api.md, "Third round" > "Cards that carry more"): a card's kind, reverse and
 * read-only prompts; memory, progress, due items and the review log per card and prompt; and the refusals
 * (a cloze term without a deletion, reverse on a cloze card, a prompt the card lacks, someone else's set).
 */

let app: TestApp
const getApp = () => app
let owner: Account
let learner: Account
let stranger: Account
let openSet: StudySet
let privateSet: StudySet
let cloze: Flashcard
let both: Flashcard
let oneWay: Flashcard
let hidden: Flashcard

const DAY = 86_400_000

const addCard = async (account: Account, set: StudySet, body: Record<string, unknown>): Promise<Flashcard> => {
  const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: account.token, body })
  expect(response.status, response.text).toBe(201)
  return response.body
}

const answer = (account: Account, body: Record<string, unknown>, set: StudySet = openSet) =>
  app.api('POST', `/api/sets/${set.id}/answers`, { token: account.token, body: { correct: true, mode: 'write', ...body } })

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'promptowner' })
  learner = await createAccount(app, { username: 'promptlearner' })
  stranger = await createAccount(app, { username: 'promptstranger' })
  openSet = await createSet(app, owner, { title: 'Prompts', isPublic: true })
  privateSet = await createSet(app, owner, { title: 'Private prompts' })
  cloze = await addCard(owner, openSet, { kind: 'cloze', term: '{{c1::Paris}} is the capital of {{c2::France::country}}', definition: '' })
  both = await addCard(owner, openSet, { term: 'hund', definition: 'dog', reverse: true })
  oneWay = await addCard(owner, openSet, { term: 'katze', definition: 'cat' })
  hidden = await addCard(owner, privateSet, { term: 'maus', definition: 'mouse', reverse: true })
})
afterAll(() => app.close())

describe('a card has a kind, may be asked in reverse, and lists its prompts', () => {
  it('answers kind, reverse and prompts on every card', () => {
    expect(cloze).toEqual(
      cardShape({ term: '{{c1::Paris}} is the capital of {{c2::France::country}}', definition: '', kind: 'cloze', reverse: false, prompts: ['c1', 'c2'] }),
    )
    expect(both).toEqual(cardShape({ term: 'hund', definition: 'dog', reverse: true, prompts: ['f', 'r'] }))
    expect(oneWay).toEqual(cardShape({ term: 'katze', definition: 'cat', kind: 'basic', reverse: false, prompts: ['f'] }))
  })

  const post = (name: string, body: Record<string, unknown>, status: number, expected: unknown): ApiScenario => ({
    name,
    method: 'POST',
    url: () => `/api/sets/${openSet.id}/cards`,
    token: () => owner.token,
    body,
    expectedStatus: status,
    ...(status === 201 ? { expectedContent: expected as object } : { expectedBody: expected }),
  })
  scenarios(getApp, [
    post('a cloze number used twice is one prompt', { kind: 'cloze', term: '{{c2::a}} and {{c2::b}}, {{c1::c}}' }, 201, {
      prompts: ['c1', 'c2'],
      definition: '',
    }),
    post(
      'a cloze term without a deletion: 400 on term',
      { kind: 'cloze', term: 'Paris is the capital of France' },
      400,
      invalid({ term: cardMessages.clozeWithoutDeletion }),
    ),
    post('a cloze number past 50 is no deletion', { kind: 'cloze', term: '{{c51::Paris}}' }, 400, invalid({ term: cardMessages.clozeWithoutDeletion })),
    post('an empty cloze term: the spec message', { kind: 'cloze', term: '' }, 400, invalid({ term: 'Term cannot be empty.' })),
    post(
      'reverse on a cloze card: 400 on reverse',
      { kind: 'cloze', term: '{{c1::x}}', reverse: true },
      400,
      invalid({ reverse: cardMessages.reverseOnCloze }),
    ),
    post('an unknown kind: 400', { kind: 'image', term: 'a', definition: 'b' }, 400, invalid({ kind: cardMessages.kind })),
    post('reverse not a boolean: 400', { term: 'a', definition: 'b', reverse: 'yes' }, 400, invalid({ reverse: cardMessages.reverseNotBoolean })),
    post('a basic card still needs its definition', { term: 'a', definition: '' }, 400, invalid({ definition: 'Definition cannot be empty.' })),
  ])

  it('PATCH turns reverse on and off, and a card into a cloze card (reverse then off)', async () => {
    const card = await addCard(owner, openSet, { term: 'pferd', definition: 'horse' })
    const url = `/api/sets/${openSet.id}/cards/${card.id}`
    const on = await app.api('PATCH', url, { token: owner.token, body: { reverse: true } })
    expect(on.body).toMatchObject({ reverse: true, prompts: ['f', 'r'] })
    const toCloze = await app.api('PATCH', url, { token: owner.token, body: { kind: 'cloze', term: 'a {{c1::horse}}' } })
    expect(toCloze.status, toCloze.text).toBe(200)
    expect(toCloze.body).toMatchObject({ kind: 'cloze', reverse: false, prompts: ['c1'], definition: 'horse' })
    const noDeletion = await app.api('PATCH', url, { token: owner.token, body: { term: 'a horse' } })
    expect(noDeletion.body).toEqual(invalid({ term: cardMessages.clozeWithoutDeletion }))
    const reverseCloze = await app.api('PATCH', url, { token: owner.token, body: { reverse: true } })
    expect(reverseCloze.body).toEqual(invalid({ reverse: cardMessages.reverseOnCloze }))
  })
})

describe('memory, progress, due items and the review log are per card and prompt', () => {
  it('answers each prompt with its own memory; f stays the default', async () => {
    const forward = await answer(learner, { cardId: both.id })
    expect(forward.status, forward.text).toBe(201)
    expect(forward.body).toMatchObject({ cardId: both.id, prompt: 'f', progress: { prompt: 'f', correct: 1, attempts: 1 }, memory: { reps: 1 } })
    const reverse = await answer(learner, { cardId: both.id, prompt: 'r', correct: false })
    expect(reverse.status, reverse.text).toBe(201)
    // A memory of its own: its first review, and counts of its own.
    expect(reverse.body).toMatchObject({ cardId: both.id, prompt: 'r', progress: { prompt: 'r', correct: 0, incorrect: 1, attempts: 1 }, memory: { reps: 1 } })
    const again = (await answer(learner, { cardId: both.id, prompt: 'f' })).body as AnswerResponse
    expect(again.memory.reps).toBe(2)
    for (const prompt of ['c1', 'c2', 'c2']) expect((await answer(learner, { cardId: cloze.id, prompt, mode: 'learn' })).status).toBe(201)

    const rows = await app.db
      .selectFrom('card_memory')
      .select(['flashcard_id', 'prompt', 'reps'])
      .where('user_id', '=', learner.id)
      .orderBy('flashcard_id')
      .orderBy('prompt')
      .execute()
    expect(rows.map((row) => [row.flashcard_id === cloze.id ? 'cloze' : 'both', row.prompt, row.reps]).sort()).toEqual(
      [
        ['both', 'f', 2],
        ['both', 'r', 1],
        ['cloze', 'c1', 1],
        ['cloze', 'c2', 2],
      ].sort(),
    )
  })

  it('lists progress items per prompt', async () => {
    const progress = await app.api('GET', `/api/sets/${openSet.id}/progress`, { token: learner.token })
    const items = (progress.body.items as ProgressItem[]).map((item) => [item.cardId, item.prompt, item.correct, item.incorrect, item.memory?.reps])
    expect(items.sort()).toEqual(
      [
        [both.id, 'f', 2, 0, 2],
        [both.id, 'r', 0, 1, 1],
        [cloze.id, 'c1', 1, 0, 1],
        [cloze.id, 'c2', 2, 0, 2],
      ].sort(),
    )
  })

  it("counts a card's mastery once, its prompts' answers added up (a set never counts more cards than it has)", async () => {
    const stats = await app.api('GET', '/api/users/me/stats?days=7', { token: learner.token })
    // hund: f 2 right, r 1 wrong (2 of 3: learning); the cloze card: c1 1 of 1, c2 2 of 2 (mastered).
    expect(stats.body.sets).toEqual([expect.objectContaining({ setId: openSet.id, mastered: 1, learning: 1, needsReview: 0 })])
  })

  it('lists due items per prompt, each naming its prompt', async () => {
    app.clock.advance(6 * DAY)
    try {
      const due = await app.api('GET', `/api/review/due?setId=${openSet.id}`, { token: learner.token })
      expect(due.status).toBe(200)
      const body = due.body as ListResponse<DueItem>
      expect(body.items.map((item) => `${item.card.term.slice(0, 4)}:${item.prompt}`).sort()).toEqual(['hund:f', 'hund:r', '{{c1:c1', '{{c1:c2'].sort())
      expect(body.totalItems).toBe(4)
      expect(body.items.find((item) => item.prompt === 'r')?.card).toMatchObject({ id: both.id, prompts: ['f', 'r'] })
    } finally {
      app.clock.advance(-6 * DAY)
    }
  })

  it('keeps the prompt in the review log and its CSV', async () => {
    const log = await app.db.selectFrom('review_log').select(['flashcard_id', 'prompt']).where('user_id', '=', learner.id).orderBy('answered_at').execute()
    expect(log.map((row) => row.prompt)).toEqual(['f', 'r', 'f', 'c1', 'c2', 'c2'])
    const csv = await app.api('GET', '/api/users/me/review-log?format=csv', { token: learner.token })
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^review_time,card_id,prompt,set_id,/)
    expect(lines[2]).toContain(`,${both.id},r,${openSet.id},`)
    // eval:memory reads this CSV as one history per card prompt.
    expect([...cardHistories(reviewsFromCsv(csv.text)).values()].map((history) => history.length).sort()).toEqual([1, 1, 2, 2])
    expect(cardHistories(reviewsFromCsv(csv.text)).has(`${both.id}:r`)).toBe(true)
  })

  it("turning reverse off forgets the r prompt's memory and progress, the log stays", async () => {
    const card = await addCard(owner, openSet, { term: 'vogel', definition: 'bird', reverse: true })
    await answer(learner, { cardId: card.id, prompt: 'r' })
    const off = await app.api('PATCH', `/api/sets/${openSet.id}/cards/${card.id}`, { token: owner.token, body: { reverse: false } })
    expect(off.body).toMatchObject({ reverse: false, prompts: ['f'] })
    expect(await app.db.selectFrom('card_memory').select('prompt').where('flashcard_id', '=', card.id).execute()).toEqual([])
    expect(await app.db.selectFrom('study_progress').select('prompt').where('flashcard_id', '=', card.id).execute()).toEqual([])
    expect(await app.db.selectFrom('review_log').select('prompt').where('flashcard_id', '=', card.id).execute()).toEqual([{ prompt: 'r' }])
  })

  it("an edit dropping a prompt waits for an answer under way: the answer's first memory of that prompt does not outlive it", async () => {
    const card = await addCard(owner, openSet, { term: 'fisch', definition: 'fish', reverse: true })
    let finish = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    let locked = () => {}
    const cardLocked = new Promise<void>((resolve) => {
      locked = resolve
    })
    // An answer under way to the r prompt, as the answer route runs it: the card read (and locked)
    // with its reading rule by the route's own statement, then the prompt's first memory written.
    const answering = app.db.transaction().execute(async (trx) => {
      expect(await findCardToAnswer(trx, openSet.id, card.id, learner.id)).toMatchObject({ readable: 1, reverse: 1 })
      await trx
        .insertInto('card_memory')
        .values({
          user_id: learner.id,
          flashcard_id: card.id,
          prompt: 'r',
          study_set_id: openSet.id,
          stability: 1,
          difficulty: 5,
          due: new Date().toISOString(),
          reps: 1,
          lapses: 0,
          state: 1,
          last_review: new Date().toISOString(),
          learning_steps: 0,
          scheduled_days: 0,
        })
        .execute()
      locked()
      await held
    })
    await cardLocked
    const editing = app.api('PATCH', `/api/sets/${openSet.id}/cards/${card.id}`, { token: owner.token, body: { reverse: false } })
    try {
      // On PostgreSQL the edit's update of the card waits on the answer's lock of it (SQLite
      // runs one write transaction at a time: the edit waits for the answer's whole transaction).
      if (app.dialect === 'postgres')
        await expect
          .poll(async () =>
            Number(
              (
                await sql<{ n: number | string }>`select count(*) as n from pg_stat_activity
                  where datname = current_database() and wait_event_type = 'Lock' and query like 'update "flashcards"%'`.execute(app.db)
              ).rows[0]?.n,
            ),
          )
          .toBe(1)
    } finally {
      finish()
    }
    await answering
    const edited = await editing
    expect(edited.status, edited.text).toBe(200)
    expect(edited.body).toMatchObject({ reverse: false, prompts: ['f'] })
    expect(await app.db.selectFrom('card_memory').select('prompt').where('flashcard_id', '=', card.id).execute()).toEqual([])
  })
})

describe('refusals of the answer route', () => {
  const refuse = (name: string, body: () => Record<string, unknown>, status: number, expected: unknown, token = () => learner.token): ApiScenario => ({
    name,
    method: 'POST',
    url: () => `/api/sets/${(body().set as StudySet | undefined)?.id ?? openSet.id}/answers`,
    token,
    body: () => ({ correct: true, mode: 'learn', ...body(), set: undefined }),
    expectedStatus: status,
    expectedBody: expected,
  })
  scenarios(getApp, [
    refuse('r of a card without reverse: 400 on prompt', () => ({ cardId: oneWay.id, prompt: 'r' }), 400, invalid({ prompt: cardMessages.promptNotOfCard })),
    refuse('f of a cloze card: 400 on prompt', () => ({ cardId: cloze.id, prompt: 'f' }), 400, invalid({ prompt: cardMessages.promptNotOfCard })),
    refuse('a deletion the cloze card lacks: 400', () => ({ cardId: cloze.id, prompt: 'c3' }), 400, invalid({ prompt: cardMessages.promptNotOfCard })),
    refuse('a cloze card answered without a prompt (f by default): 400', () => ({ cardId: cloze.id }), 400, invalid({ prompt: cardMessages.promptNotOfCard })),
    refuse('a prompt of no known shape: 400', () => ({ cardId: both.id, prompt: 'c0' }), 400, invalid({ prompt: cardMessages.promptShape })),
    refuse('a prompt that is not text: 400', () => ({ cardId: both.id, prompt: 1 }), 400, invalid({ prompt: cardMessages.promptShape })),
    refuse(
      "someone else's private set, even with a prompt its card has: 404",
      () => ({ cardId: hidden.id, prompt: 'r', set: privateSet }),
      404,
      setNotFound,
      () => stranger.token,
    ),
  ])

  it('changes nothing when refused', async () => {
    const rows = await app.db.selectFrom('review_log').select('id').where('user_id', '=', stranger.id).execute()
    expect(rows).toEqual([])
    const owners = await answer(owner, { cardId: hidden.id, prompt: 'r' }, privateSet)
    expect(owners.status).toBe(201)
  })
})
