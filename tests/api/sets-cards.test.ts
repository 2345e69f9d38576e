import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { addCards, allCards, cardNotFound, cardShape, createSet, expectCards, getSet, invalid, rowsOfSet } from './sets-helpers'

/**
 * Flashcards: positions 1-based and dense, `cardCount` always the true number of cards (GET /api/openapi.json,
 * "Study sets and cards"), through adds, edits, deletes and concurrent requests; sorting and
 * pagination of the card list; card ids that are not of this set.
 */

let app: TestApp
const getApp = () => app
let owner: Account
let other: Account
beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'card_owner' })
  other = await createAccount(app, { username: 'card_other' })
})
afterAll(() => app.close())

describe('add, edit and delete keep positions dense and cardCount right', () => {
  let set: StudySet
  const cards: Record<string, Flashcard> = {}
  beforeAll(async () => {
    set = await createSet(app, owner, { title: 'Positions' })
  })
  const url = () => `/api/sets/${set.id}/cards`
  const cardUrl = (term: string) => () => `/api/sets/${set.id}/cards/${cards[term]?.id}`
  /** After this row, the set holds exactly these terms in this order (checked via API and database). */
  const thenCards = (terms: string[]) => () => expectCards(app, owner, set.id, terms)

  const add = (term: string, position: number, terms: string[]): ApiScenario => ({
    name: `add '${term}': 201 at position ${position}; cards ${terms.join(' ')}`,
    method: 'POST',
    url,
    token: () => owner.token,
    body: { term, definition: `definition of ${term}` },
    expectedStatus: 201,
    expectedBody: cardShape({ term, definition: `definition of ${term}`, position }),
    after: async (response: ApiResponse) => {
      cards[term] = response.body
      await thenCards(terms)()
    },
  })
  const remove = (name: string, term: string, terms: string[]): ApiScenario => ({
    name: `delete ${name} ('${term}'): 204; cards ${terms.join(' ')}`,
    method: 'DELETE',
    url: cardUrl(term),
    token: () => owner.token,
    expectedStatus: 204,
    after: thenCards(terms),
  })

  scenarios(getApp, [
    {
      name: 'a new set: no cards, cardCount 0',
      method: 'GET',
      url,
      token: () => owner.token,
      expectedStatus: 200,
      expectedBody: { items: [], page: 1, perPage: 30, totalItems: 0, totalPages: 0 },
      after: thenCards([]),
    },
    add('a', 1, ['a']),
    add('b', 2, ['a', 'b']),
    add('c', 3, ['a', 'b', 'c']),
    add('d', 4, ['a', 'b', 'c', 'd']),
    add('e', 5, ['a', 'b', 'c', 'd', 'e']),
    {
      name: 'add: position, id, cardCount and a study_set in the body are ignored',
      method: 'POST',
      url,
      token: () => owner.token,
      body: () => ({ term: 'f', definition: 'definition of f', position: 1, id: 'my-id', cardCount: 1, studySet: 'elsewhere', study_set: 'elsewhere' }),
      expectedStatus: 201,
      expectedBody: cardShape({ term: 'f', definition: 'definition of f', position: 6 }),
      after: async (response) => {
        cards.f = response.body
        expect(response.body.id).not.toBe('my-id')
        await thenCards(['a', 'b', 'c', 'd', 'e', 'f'])()
      },
    },
    {
      name: "edit the term of 'c': 200, same id and position",
      method: 'PATCH',
      url: cardUrl('c'),
      token: () => owner.token,
      body: { term: 'c2' },
      expectedStatus: 200,
      expectedBody: () => ({ ...cards.c, term: 'c2' }),
      after: thenCards(['a', 'b', 'c2', 'd', 'e', 'f']),
    },
    {
      name: 'edit the definition only: the term stays',
      method: 'PATCH',
      url: cardUrl('c'),
      token: () => owner.token,
      body: { definition: 'a new definition' },
      expectedStatus: 200,
      expectedBody: () => ({ ...cards.c, term: 'c2', definition: 'a new definition' }),
    },
    {
      name: 'edit with an empty body: 200, nothing changes',
      method: 'PATCH',
      url: cardUrl('c'),
      token: () => owner.token,
      body: {},
      expectedStatus: 200,
      expectedBody: () => ({ ...cards.c, term: 'c2', definition: 'a new definition' }),
      after: thenCards(['a', 'b', 'c2', 'd', 'e', 'f']),
    },
    {
      name: 'edit: a position in the body is ignored (cards are not reordered by PATCH)',
      method: 'PATCH',
      url: cardUrl('e'),
      token: () => owner.token,
      body: { position: 1, term: 'e2' },
      expectedStatus: 200,
      expectedBody: () => ({ ...cards.e, term: 'e2', position: 5 }),
      after: thenCards(['a', 'b', 'c2', 'd', 'e2', 'f']),
    },
    remove('the first card', 'a', ['b', 'c2', 'd', 'e2', 'f']),
    remove('a middle card', 'd', ['b', 'c2', 'e2', 'f']),
    remove('the last card', 'f', ['b', 'c2', 'e2']),
    add('g', 4, ['b', 'c2', 'e2', 'g']),
    {
      name: 'the deleted card again: 404 Flashcard not found, nothing changes',
      method: 'DELETE',
      url: cardUrl('d'),
      token: () => owner.token,
      expectedStatus: 404,
      expectedBody: cardNotFound,
      after: thenCards(['b', 'c2', 'e2', 'g']),
    },
    {
      name: 'editing a deleted card: 404 Flashcard not found',
      method: 'PATCH',
      url: cardUrl('a'),
      token: () => owner.token,
      body: { term: 'back from the dead' },
      expectedStatus: 404,
      expectedBody: cardNotFound,
      after: thenCards(['b', 'c2', 'e2', 'g']),
    },
    remove('the first card again', 'b', ['c2', 'e2', 'g']),
    remove('the first card again', 'c', ['e2', 'g']),
    remove('the last card again', 'g', ['e2']),
    remove('the only card', 'e', []),
    add('h', 1, ['h']),
  ])
})

describe('a card id of another set, or of a deleted card: 404 Flashcard not found', () => {
  let mine: StudySet
  let mySecond: StudySet
  let othersPublic: StudySet
  let myCard: Flashcard
  let secondCard: Flashcard
  let othersCard: Flashcard
  let deletedCard: Flashcard
  beforeAll(async () => {
    mine = await createSet(app, owner, { title: 'Mine' })
    mySecond = await createSet(app, owner, { title: 'My second' })
    othersPublic = await createSet(app, other, { title: 'Theirs', isPublic: true })
    ;[myCard, deletedCard] = (await addCards(app, owner, mine.id, ['mine', 'deleted'])) as [Flashcard, Flashcard]
    ;[secondCard] = (await addCards(app, owner, mySecond.id, ['second'])) as [Flashcard]
    ;[othersCard] = (await addCards(app, other, othersPublic.id, ['theirs'])) as [Flashcard]
    expect((await app.api('DELETE', `/api/sets/${mine.id}/cards/${deletedCard.id}`, { token: owner.token })).status).toBe(204)
  })

  const unchanged = async () => {
    await expectCards(app, owner, mine.id, ['mine'])
    await expectCards(app, owner, mySecond.id, ['second'])
    await expectCards(app, other, othersPublic.id, ['theirs'])
  }
  const rows: ApiScenario[] = []
  for (const [what, cardId] of [
    ['a card of my other set', () => secondCard.id],
    ["a card of someone else's public set", () => othersCard.id],
    ['a deleted card', () => deletedCard.id],
    ['an id that never existed', () => 'no-such-card'],
  ] as const) {
    rows.push(
      {
        name: `PATCH ${what} through my set: 404`,
        method: 'PATCH',
        url: () => `/api/sets/${mine.id}/cards/${cardId()}`,
        token: () => owner.token,
        body: { term: 'hijacked' },
        expectedStatus: 404,
        expectedBody: cardNotFound,
        after: unchanged,
      },
      {
        name: `DELETE ${what} through my set: 404`,
        method: 'DELETE',
        url: () => `/api/sets/${mine.id}/cards/${cardId()}`,
        token: () => owner.token,
        expectedStatus: 404,
        expectedBody: cardNotFound,
        after: unchanged,
      },
    )
  }
  rows.push({
    name: 'control: my own card through my set: 200',
    method: 'PATCH',
    url: () => `/api/sets/${mine.id}/cards/${myCard.id}`,
    token: () => owner.token,
    body: { definition: 'still mine' },
    expectedStatus: 200,
    expectedBody: () => ({ ...myCard, definition: 'still mine' }),
  })
  scenarios(getApp, rows)
})

describe('sort and pagination of the card list', () => {
  let set: StudySet
  const terms = ['t1', 't2', 't3', 't4', 't5', 't6', 't7']
  beforeAll(async () => {
    set = await createSet(app, owner, { title: 'Paging', isPublic: true })
    await addCards(app, owner, set.id, terms)
  })
  const page = (name: string, query: string, expected: { terms: string[]; page: number; perPage: number; totalPages: number }): ApiScenario => ({
    name: `${query || '(no query)'}: ${name}`,
    method: 'GET',
    url: () => `/api/sets/${set.id}/cards${query ? `?${query}` : ''}`,
    expectedStatus: 200,
    expectedContent: { page: expected.page, perPage: expected.perPage, totalItems: 7, totalPages: expected.totalPages },
    after: (response) => {
      expect(response.body.items.map((card: Flashcard) => card.term)).toEqual(expected.terms)
      expect(response.body.items.map((card: Flashcard) => card.position)).toEqual(expected.terms.map((term) => Number(term.slice(1))))
    },
  })
  const badQuery = (query: string, fields: Record<string, string>): ApiScenario => ({
    name: `${query}: 400`,
    method: 'GET',
    url: () => `/api/sets/${set.id}/cards?${query}`,
    expectedStatus: 400,
    expectedBody: invalid(fields),
  })
  const reversed = [...terms].reverse()
  scenarios(getApp, [
    page('defaults: page 1, 30 per page, by position', '', { terms, page: 1, perPage: 30, totalPages: 1 }),
    page('ascending', 'sort=position', { terms, page: 1, perPage: 30, totalPages: 1 }),
    page('descending', 'sort=-position', { terms: reversed, page: 1, perPage: 30, totalPages: 1 }),
    page('first page of three', 'perPage=3', { terms: ['t1', 't2', 't3'], page: 1, perPage: 3, totalPages: 3 }),
    page('second page', 'perPage=3&page=2', { terms: ['t4', 't5', 't6'], page: 2, perPage: 3, totalPages: 3 }),
    page('last, short page', 'perPage=3&page=3', { terms: ['t7'], page: 3, perPage: 3, totalPages: 3 }),
    page('past the end: empty, totals still right', 'perPage=3&page=4', { terms: [], page: 4, perPage: 3, totalPages: 3 }),
    page('descending, second page', 'sort=-position&perPage=3&page=2', { terms: ['t4', 't3', 't2'], page: 2, perPage: 3, totalPages: 3 }),
    page('the page size the "next position" lookup uses', 'sort=-position&perPage=1', { terms: ['t7'], page: 1, perPage: 1, totalPages: 7 }),
    page('perPage 500 is allowed', 'perPage=500', { terms, page: 1, perPage: 500, totalPages: 1 }),
    page('perPage 7: exactly one page', 'perPage=7', { terms, page: 1, perPage: 7, totalPages: 1 }),
    badQuery('perPage=501', { perPage: 'Must be at most 500.' }),
    badQuery('perPage=0', { perPage: 'Must be at least 1.' }),
    badQuery('perPage=-5', { perPage: 'Must be at least 1.' }),
    badQuery('perPage=abc', { perPage: 'Must be a whole number.' }),
    badQuery('perPage=2.5', { perPage: 'Must be a whole number.' }),
    badQuery('page=0', { page: 'Must be at least 1.' }),
    badQuery('page=abc', { page: 'Must be a whole number.' }),
    badQuery('sort=term', { sort: 'Sort must be position or -position.' }),
    badQuery('sort=created', { sort: 'Sort must be position or -position.' }),
  ])
})

describe('concurrent requests', () => {
  it('20 adds at once to one set: positions 1..20 each exactly once, cardCount 20', async () => {
    const set = await createSet(app, owner, { title: 'Rush' })
    const terms = Array.from({ length: 20 }, (_, index) => `card ${index + 1}`)
    const responses = await Promise.all(
      terms.map((term) => app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term, definition: 'same time' } })),
    )
    expect(responses.map((response) => response.status)).toEqual(terms.map(() => 201))
    const positions = responses.map((response) => response.body.position as number).sort((a, b) => a - b)
    expect(positions).toEqual(terms.map((_, index) => index + 1))

    const cards = await allCards(app, set.id, owner.token)
    expect(cards.map((card) => card.position)).toEqual(positions)
    expect(cards.map((card) => card.term).sort()).toEqual([...terms].sort())
    // Each answer names the position the card really has.
    for (const response of responses) expect(cards.find((card) => card.id === response.body.id)?.position).toBe(response.body.position)
    expect((await getSet(app, set.id, owner.token)).cardCount).toBe(20)
    expect((await rowsOfSet(app, set.id)).cards).toBe(20)
  })

  it('10 deletes at once (every other card): 204 each, the rest close up in order, cardCount 10', async () => {
    const set = await createSet(app, owner, { title: 'Thinning' })
    const cards = await addCards(
      app,
      owner,
      set.id,
      Array.from({ length: 20 }, (_, index) => `c${String(index + 1).padStart(2, '0')}`),
    )
    const doomed = cards.filter((_, index) => index % 2 === 0)
    const kept = cards.filter((_, index) => index % 2 === 1).map((card) => card.term)
    const responses = await Promise.all(doomed.map((card) => app.api('DELETE', `/api/sets/${set.id}/cards/${card.id}`, { token: owner.token })))
    expect(responses.map((response) => response.status)).toEqual(doomed.map(() => 204))
    await expectCards(app, owner, set.id, kept)
  })

  it('the same card deleted 5 times at once: one 204, four 404, cardCount drops by one', async () => {
    const set = await createSet(app, owner, { title: 'Twice' })
    const cards = await addCards(app, owner, set.id, ['x', 'y', 'z'])
    const target = cards[1] as Flashcard
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.api('DELETE', `/api/sets/${set.id}/cards/${target.id}`, { token: owner.token })))
    expect(responses.map((response) => response.status).sort()).toEqual([204, 404, 404, 404, 404])
    for (const response of responses.filter((r) => r.status === 404)) expect(response.body).toEqual(cardNotFound)
    await expectCards(app, owner, set.id, ['x', 'z'])
  })

  it('adds and deletes mixed at once: dense positions and a true cardCount afterwards', async () => {
    const set = await createSet(app, owner, { title: 'Churn' })
    const cards = await addCards(app, owner, set.id, ['k1', 'k2', 'k3', 'k4', 'k5', 'k6'])
    const deletes = [cards[0], cards[2], cards[5]].map((card) => app.api('DELETE', `/api/sets/${set.id}/cards/${card?.id}`, { token: owner.token }))
    const adds = ['n1', 'n2', 'n3', 'n4'].map((term) => app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term, definition: 'new' } }))
    const responses = await Promise.all([...deletes, ...adds])
    expect(responses.map((response) => response.status)).toEqual([204, 204, 204, 201, 201, 201, 201])
    const after = await allCards(app, set.id, owner.token)
    expect(after.map((card) => card.position)).toEqual([1, 2, 3, 4, 5, 6, 7])
    // The survivors keep their order; the new cards come after them in some order.
    expect(after.slice(0, 3).map((card) => card.term)).toEqual(['k2', 'k4', 'k5'])
    expect(
      after
        .slice(3)
        .map((card) => card.term)
        .sort(),
    ).toEqual(['n1', 'n2', 'n3', 'n4'])
    await expectCards(
      app,
      owner,
      set.id,
      after.map((card) => card.term),
    )
  })

  it('set edits and card edits racing the deletion of the set: each 200 or 404 (never 500)', async () => {
    const set = await createSet(app, owner, { title: 'Vanishing', tags: 'a' })
    const [card] = await addCards(app, owner, set.id, ['only'])
    const edits = Array.from({ length: 10 }, (_, index) =>
      index % 2 === 0
        ? app.api('PATCH', `/api/sets/${set.id}`, { token: owner.token, body: { title: `Renamed ${index}`, tags: `t${index}` } })
        : app.api('PATCH', `/api/sets/${set.id}/cards/${card?.id}`, { token: owner.token, body: { term: `edited ${index}` } }),
    )
    const [removed, ...edited] = await Promise.all([app.api('DELETE', `/api/sets/${set.id}`, { token: owner.token }), ...edits])
    expect(removed?.status).toBe(204)
    for (const response of edited) expect([200, 404], response.text).toContain(response.status)
    expect(await rowsOfSet(app, set.id)).toEqual({ sets: 0, cards: 0, tags: 0 })
  })

  it('answers racing the deletion of their card: each 201 or 404 (never 500)', async () => {
    const set = await createSet(app, owner, { title: 'Answered', isPublic: true })
    const [doomed] = await addCards(app, owner, set.id, ['doomed', 'kept'])
    const answers = Array.from({ length: 12 }, () =>
      app.api('POST', `/api/sets/${set.id}/answers`, { token: owner.token, body: { cardId: doomed?.id, mode: 'learn', correct: true } }),
    )
    const [removed, ...answered] = await Promise.all([app.api('DELETE', `/api/sets/${set.id}/cards/${doomed?.id}`, { token: owner.token }), ...answers])
    expect(removed?.status).toBe(204)
    for (const response of answered) expect([201, 404], response.text).toContain(response.status)
  })

  it('adds racing the deletion of their set: each is 201 or 404 (never 500), and no card outlives the set', async () => {
    const set = await createSet(app, owner, { title: 'Sinking' })
    await addCards(app, owner, set.id, ['first'])
    const adds = Array.from({ length: 20 }, (_, index) =>
      app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: `late ${index}`, definition: 'too late' } }),
    )
    const removal = app.api('DELETE', `/api/sets/${set.id}`, { token: owner.token })
    const [removed, ...added] = await Promise.all([removal, ...adds])
    expect(removed?.status).toBe(204)
    for (const response of added) {
      expect([201, 404], response.text).toContain(response.status)
      if (response.status === 404) expect(response.body).toEqual({ error: { status: 404, code: 'not_found', message: 'Study set not found' } })
    }
    expect(await rowsOfSet(app, set.id)).toEqual({ sets: 0, cards: 0, tags: 0 })
  })
})
