import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudySet } from '#shared/api/sets'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { addCards, cardNotFound, createSet, setNotFound } from './sets-helpers'

/*
 * Issue 28: statements per request on the read routes most traffic takes. Who the caller is (one
 * statement for a signed-in request), then the set with whether the caller may read it and what
 * the route lists (one: a cards page reads its set in the same statement): no separate access
 * check, no count beside a total already known.
 * The counts are the SQL the database is sent, recorded by the test app (TestApp.statementsOf).
 */

let app: TestApp
let owner: Account
let set: StudySet
let unstudied: StudySet
beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'trips_owner' })
  set = await createSet(app, owner, { title: 'Round trips', isPublic: true })
  const [first] = await addCards(app, owner, set.id, ['a', 'b', 'c'])
  const answered = await app.api('POST', `/api/sets/${set.id}/answers`, { token: owner.token, body: { cardId: first?.id, correct: true, mode: 'write' } })
  expect(answered.status).toBe(201)
  unstudied = await createSet(app, owner, { title: 'Never studied', isPublic: true })
  await createSet(app, owner, { title: 'Second' })
  await createSet(app, owner, { title: 'Third' })
})
afterAll(() => app.close())

async function statementsOf(url: string, token?: string): Promise<number> {
  let status = 0
  const statements = await app.statementsOf(async () => {
    status = (await app.api('GET', url, { token })).status
  })
  expect(status, url).toBe(200)
  return statements.length
}

describe('statements per request', () => {
  it.each([
    ['a set, signed in: the caller, then the set with its reading rule', () => `/api/sets/${set.id}`, true, 2],
    ['a set, visitor: the set with its reading rule', () => `/api/sets/${set.id}`, false, 1],
    [
      'its cards, signed in: the caller, then the page with its set’s reading rule and cardCount (the total)',
      () => `/api/sets/${set.id}/cards?perPage=2`,
      true,
      2,
    ],
    ['its cards, visitor: the page with its set', () => `/api/sets/${set.id}/cards?perPage=2`, false, 1],
    ['my sets: the caller, then the page with its total', () => '/api/sets?perPage=2', true, 2],
    ['my sets with a tag filter', () => '/api/sets?perPage=2&tag=none', true, 2],
    ['progress: the caller, then its counts and its memory (with the settings), each asking the reading rule', () => `/api/sets/${set.id}/progress`, true, 3],
    ['progress of a set never studied: the set alone then tells an empty list from a 404', () => `/api/sets/${unstudied.id}/progress`, true, 4],
  ])('%s', async (_, url, signedIn, expected) => {
    expect(await statementsOf(url(), signedIn ? owner.token : undefined)).toBe(expected)
  })

  it('public search with words: on PostgreSQL the page and its total in one statement (SQLite counts on its full-text index apart)', async () => {
    expect(await statementsOf('/api/sets/public?search=round%20tri')).toBe(app.dialect === 'postgres' ? 1 : 2)
    const past = await app.api('GET', '/api/sets/public?search=round&page=5&perPage=1')
    expect(past.body).toMatchObject({ items: [], page: 5, totalItems: 1 })
    const found = await app.api('GET', '/api/sets/public?search=round&perPage=1')
    expect(found.body).toMatchObject({ items: [{ id: set.id, title: 'Round trips' }], totalItems: 1 })
    expect(found.body.items[0]).not.toHaveProperty('matching')
  })

  it('an answer: the caller; in one transaction (after its lock on PostgreSQL) one read of the settings, memory and a resend, the card with its reading rule, and the writes; then the due counts in one statement', async () => {
    const [card] = await addCards(app, owner, unstudied.id, ['answered'])
    let status = 0
    const statements = await app.statementsOf(async () => {
      const body = { cardId: card?.id, correct: true, mode: 'write', clientId: 'trips-1' }
      status = (await app.api('POST', `/api/sets/${unstudied.id}/answers`, { token: owner.token, body })).status
    })
    expect(status).toBe(201)
    const inTransaction = statements.slice(statements.indexOf('begin') + 1, statements.indexOf('commit'))
    // The lock, then the card read with the set's reading rule in the same query (was two queries).
    expect(inTransaction.filter((text) => /\bfrom "flashcards"/.test(text) && !/^insert|^update/.test(text))).toHaveLength(1)
    expect(inTransaction.filter((text) => /pg_advisory_xact_lock/.test(text))).toHaveLength(app.dialect === 'postgres' ? 1 : 0)
    // Due now and due later today in one query (was two); the settings read once, in the transaction (was twice), in
    // the same statement as the card prompt's memory (was a locking update of its own) and the resend check (was the
    // first statement, before the lock).
    expect(statements.filter((text) => /from "card_memory" where "user_id" = \S+ and "due" <=/.test(text))).toHaveLength(1)
    const state = statements.filter((text) => /"user_settings"/.test(text))
    expect(state).toHaveLength(1)
    expect(state[0]).toMatch(/left join "user_settings".*left join "card_memory".*left join "review_log"/)
    expect(inTransaction.indexOf(state[0] as string)).toBe(app.dialect === 'postgres' ? 1 : 0)
    expect(statements.filter((text) => /^update "card_memory"|from "review_log" where "user_id" = \S+ and "client_id"/.test(text))).toEqual([])
    // The header's numbers in one statement after the transaction (was four): due now and later today, the answers of
    // the UTC day and of the student's own day (a range, no longer every answer of two days grouped by minute), the next due.
    // The sets studied and no longer readable are taken off in the same statement (was one of their own).
    const counted = statements.filter((text) => /from "card_memory"/.test(text) && /from "review_log"/.test(text))
    expect(counted).toHaveLength(1)
    expect(counted[0]).toMatch(/min\("card_memory"\."due"\)/)
    expect(counted[0]).toMatch(/^with recursive "studied"/)
    expect(statements.filter((text) => /substr\(answered_at/.test(text))).toEqual([])
    // The caller, begin, (lock), state, card, progress, write result, memory, review log, commit, due counts (was 13 and 14).
    expect(statements).toHaveLength(app.dialect === 'postgres' ? 11 : 10)
    const resent = await app.api('POST', `/api/sets/${unstudied.id}/answers`, {
      token: owner.token,
      body: { cardId: card?.id, correct: true, mode: 'write', clientId: 'trips-1' },
    })
    expect(resent.status).toBe(200)
    const wrongSet = await app.api('POST', `/api/sets/${set.id}/answers`, { token: owner.token, body: { cardId: card?.id, correct: true, mode: 'write' } })
    expect(wrongSet.body).toEqual(cardNotFound)
  })

  it('a private set is still 404 to another user and to a visitor', async () => {
    const stranger = await createAccount(app, { username: 'trips_stranger' })
    const hidden = await createSet(app, owner, { title: 'Hidden' })
    for (const token of [stranger.token, undefined]) {
      for (const url of [`/api/sets/${hidden.id}`, `/api/sets/${hidden.id}/cards`]) {
        expect((await app.api('GET', url, { token })).body).toEqual(setNotFound)
      }
    }
    expect((await app.api('GET', `/api/sets/${hidden.id}/progress`, { token: stranger.token })).body).toEqual(setNotFound)
    // Progress kept on a set that turned private is not the student's to read any more: 404 too.
    const turned = await createSet(app, stranger, { title: 'Soon private', isPublic: true })
    const [card] = await addCards(app, stranger, turned.id, ['x'])
    const answer = await app.api('POST', `/api/sets/${turned.id}/answers`, { token: owner.token, body: { cardId: card?.id, correct: false, mode: 'write' } })
    expect(answer.status).toBe(201)
    expect((await app.api('GET', `/api/sets/${turned.id}/progress`, { token: owner.token })).body).toMatchObject({ items: [{ cardId: card?.id }] })
    expect((await app.api('PATCH', `/api/sets/${turned.id}`, { token: stranger.token, body: { isPublic: false } })).status).toBe(200)
    expect((await app.api('GET', `/api/sets/${turned.id}/progress`, { token: owner.token })).body).toEqual(setNotFound)
  })

  it('the totals are the true numbers: a page past the end of my sets still has its total, the cards’ total follows adds and deletes', async () => {
    const mine = await app.api('GET', '/api/sets?page=9&perPage=2', { token: owner.token })
    expect(mine.body).toMatchObject({ items: [], page: 9, perPage: 2, totalItems: 5 })
    const [added] = await addCards(app, owner, set.id, ['d'])
    expect((await app.api('GET', `/api/sets/${set.id}/cards?perPage=1`)).body).toMatchObject({ totalItems: 4, totalPages: 4 })
    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${added?.id}`, { token: owner.token })).status).toBe(204)
    expect((await app.api('GET', `/api/sets/${set.id}/cards?page=7&perPage=1`)).body).toMatchObject({ items: [], totalItems: 3 })
    const empty = await createSet(app, owner, { title: 'No cards yet', isPublic: true })
    expect((await app.api('GET', `/api/sets/${empty.id}/cards`)).body).toMatchObject({ items: [], totalItems: 0, totalPages: 0 })
  })
})
