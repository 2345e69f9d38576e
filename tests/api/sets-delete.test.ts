import { afterAll, beforeAll, describe, expect } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { addCards, createSet, expectCards, rowsOfSet, setNotFound, unauthenticated } from './sets-helpers'

/**
 * Deleting a set takes its cards and tags with it (DELETE /api/sets/:id); deleting an
 * account takes its sets, their cards and tags (DELETE /api/users/me: "everything it owns").
 */

let app: TestApp
const getApp = () => app
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

describe('DELETE /api/sets/:id removes the set, its cards and its tags', () => {
  let owner: Account
  let doomed: StudySet
  let kept: StudySet
  let doomedCards: Flashcard[]
  beforeAll(async () => {
    owner = await createAccount(app, { username: 'set_owner' })
    doomed = await createSet(app, owner, { title: 'Doomed', tags: 'gone, shared', isPublic: true })
    doomedCards = await addCards(app, owner, doomed.id, ['one', 'two', 'three'])
    kept = await createSet(app, owner, { title: 'Kept', tags: 'shared', isPublic: true })
    await addCards(app, owner, kept.id, ['stays'])
  })

  scenarios(getApp, [
    {
      name: 'before: the rows are there',
      method: 'GET',
      url: () => `/api/sets/${doomed.id}`,
      expectedStatus: 200,
      after: async () => {
        expect(await rowsOfSet(app, doomed.id)).toEqual({ sets: 1, cards: 3, tags: 2 })
      },
    },
    {
      name: 'delete: 204, and no row of the set, its cards or its tags is left',
      method: 'DELETE',
      url: () => `/api/sets/${doomed.id}`,
      token: () => owner.token,
      expectedStatus: 204,
      after: async () => {
        expect(await rowsOfSet(app, doomed.id)).toEqual({ sets: 0, cards: 0, tags: 0 })
        const byId = await app.db
          .selectFrom('flashcards')
          .select('id')
          .where(
            'id',
            'in',
            doomedCards.map((card) => card.id),
          )
          .execute()
        expect(byId).toEqual([])
      },
    },
    { name: 'GET the set: 404', method: 'GET', url: () => `/api/sets/${doomed.id}`, token: () => owner.token, expectedStatus: 404, expectedBody: setNotFound },
    {
      name: 'GET its cards: 404',
      method: 'GET',
      url: () => `/api/sets/${doomed.id}/cards`,
      token: () => owner.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'add a card to it: 404, nothing stored',
      method: 'POST',
      url: () => `/api/sets/${doomed.id}/cards`,
      token: () => owner.token,
      body: { term: 'late', definition: 'too late' },
      expectedStatus: 404,
      expectedBody: setNotFound,
      after: async () => {
        expect((await rowsOfSet(app, doomed.id)).cards).toBe(0)
      },
    },
    {
      name: 'edit one of its cards: 404',
      method: 'PATCH',
      url: () => `/api/sets/${doomed.id}/cards/${doomedCards[0]?.id}`,
      token: () => owner.token,
      body: { term: 'zombie' },
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'delete one of its cards: 404',
      method: 'DELETE',
      url: () => `/api/sets/${doomed.id}/cards/${doomedCards[0]?.id}`,
      token: () => owner.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'edit the set: 404',
      method: 'PATCH',
      url: () => `/api/sets/${doomed.id}`,
      token: () => owner.token,
      body: { title: 'Resurrected' },
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'delete it again: 404',
      method: 'DELETE',
      url: () => `/api/sets/${doomed.id}`,
      token: () => owner.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'gone from my sets and the public list',
      method: 'GET',
      url: '/api/sets',
      token: () => owner.token,
      expectedStatus: 200,
      expectedContent: () => ({ totalItems: 1, items: [{ id: kept.id }] }),
      after: async () => {
        const pub = await app.api('GET', '/api/sets/public')
        expect(pub.body.items.map((set: StudySet) => set.id)).toEqual([kept.id])
      },
    },
    {
      name: 'its tag is gone from the tag lists, the tag another set has stays',
      method: 'GET',
      url: '/api/sets/tags',
      expectedStatus: 200,
      expectedBody: { tags: ['SHARED'] },
      after: async () => {
        expect((await app.api('GET', '/api/sets/tags?scope=mine', { token: owner.token })).body).toEqual({ tags: ['SHARED'] })
      },
    },
    {
      name: 'the other set of the owner is untouched',
      method: 'GET',
      url: () => `/api/sets/${kept.id}`,
      expectedStatus: 200,
      expectedContent: { cardCount: 1, tags: 'SHARED' },
      after: async () => {
        await expectCards(app, owner, kept.id, ['stays'])
      },
    },
  ])
})

describe("DELETE /api/users/me removes the user's sets with their cards and tags", () => {
  let leaver: Account
  let stayer: Account
  let leaverSets: StudySet[] = []
  let stayerSet: StudySet
  beforeAll(async () => {
    leaver = await createAccount(app, { username: 'leaver' })
    stayer = await createAccount(app, { username: 'stayer' })
    leaverSets = [
      await createSet(app, leaver, { title: 'Leaver public', tags: 'leaving, common', isPublic: true }),
      await createSet(app, leaver, { title: 'Leaver private', tags: 'secretly' }),
    ]
    for (const set of leaverSets) await addCards(app, leaver, set.id, ['l1', 'l2'])
    stayerSet = await createSet(app, stayer, { title: 'Stayer public', tags: 'common', isPublic: true })
    await addCards(app, stayer, stayerSet.id, ['s1'])
  })

  const leaverRows = async () => {
    const [sets, cards, tags] = await Promise.all([
      app.db.selectFrom('study_sets').select('id').where('owner_id', '=', leaver.id).execute(),
      app.db
        .selectFrom('flashcards')
        .select('id')
        .where(
          'study_set_id',
          'in',
          leaverSets.map((set) => set.id),
        )
        .execute(),
      app.db
        .selectFrom('set_tags')
        .select('tag')
        .where(
          'set_id',
          'in',
          leaverSets.map((set) => set.id),
        )
        .execute(),
    ])
    return { sets: sets.length, cards: cards.length, tags: tags.length }
  }

  const rows: ApiScenario[] = [
    {
      name: 'before: two sets, four cards, three tag rows',
      method: 'GET',
      url: '/api/sets/tags',
      expectedStatus: 200,
      // SHARED is the tag of the set kept in the describe above.
      expectedBody: { tags: ['COMMON', 'LEAVING', 'SHARED'] },
      after: async () => {
        expect(await leaverRows()).toEqual({ sets: 2, cards: 4, tags: 3 })
      },
    },
    {
      name: 'the wrong password: 400, everything stays',
      method: 'DELETE',
      url: '/api/users/me',
      token: () => leaver.token,
      body: { password: 'not the password' },
      expectedStatus: 400,
      after: async () => {
        expect(await leaverRows()).toEqual({ sets: 2, cards: 4, tags: 3 })
      },
    },
    {
      name: 'delete the account: 204, and no set, card or tag row of it is left',
      method: 'DELETE',
      url: '/api/users/me',
      token: () => leaver.token,
      body: () => ({ password: leaver.password }),
      expectedStatus: 204,
      after: async () => {
        expect(await leaverRows()).toEqual({ sets: 0, cards: 0, tags: 0 })
        for (const set of leaverSets) expect(await rowsOfSet(app, set.id)).toEqual({ sets: 0, cards: 0, tags: 0 })
      },
    },
    {
      name: 'the public list: no set of the leaver, the others stay',
      method: 'GET',
      url: '/api/sets/public?search=public',
      expectedStatus: 200,
      expectedContent: () => ({ totalItems: 1, items: [{ id: stayerSet.id, owner: { id: stayer.id, username: stayer.username } }] }),
      after: async () => {
        const all = await app.api('GET', '/api/sets/public?perPage=500')
        const ids = all.body.items.map((set: StudySet) => set.id)
        expect(ids).toContain(stayerSet.id)
        for (const set of leaverSets) expect(ids).not.toContain(set.id)
        expect(all.body.totalItems).toBe(ids.length)
      },
    },
    {
      name: "the public tags: the leaver's own tag is gone, the shared one stays",
      method: 'GET',
      url: '/api/sets/tags',
      expectedStatus: 200,
      expectedBody: { tags: ['COMMON', 'SHARED'] },
    },
    ...[0, 1].flatMap((index): ApiScenario[] => [
      {
        name: `the leaver's ${index === 0 ? 'public' : 'private'} set: 404`,
        method: 'GET',
        url: () => `/api/sets/${leaverSets[index]?.id}`,
        expectedStatus: 404,
        expectedBody: setNotFound,
      },
      {
        name: `its cards: 404`,
        method: 'GET',
        url: () => `/api/sets/${leaverSets[index]?.id}/cards`,
        expectedStatus: 404,
        expectedBody: setNotFound,
      },
    ]),
    {
      name: "the leaver's token: 401 on my sets",
      method: 'GET',
      url: '/api/sets',
      token: () => leaver.token,
      expectedStatus: 401,
      expectedBody: unauthenticated,
    },
    {
      name: "the other user's set and cards are untouched",
      method: 'GET',
      url: () => `/api/sets/${stayerSet.id}`,
      expectedStatus: 200,
      expectedContent: { cardCount: 1 },
      after: async () => {
        await expectCards(app, stayer, stayerSet.id, ['s1'])
      },
    },
  ]
  scenarios(getApp, rows)
})
