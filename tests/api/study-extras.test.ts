import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { addCards, allCards, cardNotFound, createSet, getSet, invalid, setNotFound, setShape, unauthenticated } from './sets-helpers'

/**
 * What a student gets beside the study modes: stars, Save a copy, read-aloud languages, their best
 * Match time, and an import that drops incomplete cards instead of refusing the file.
 */

let app: TestApp
const getApp = () => app
let owner: Account
let student: Account
let publicSet: { id: string }
let privateSet: { id: string }
let publicCards: { id: string; term: string; definition: string }[]

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'teacher' })
  student = await createAccount(app, { username: 'learner' })
  publicSet = await createSet(app, owner, {
    title: 'Capitals',
    description: 'of Europe',
    tags: 'geo, eu',
    isPublic: true,
    termLanguage: 'en',
    definitionLanguage: 'fr',
  })
  privateSet = await createSet(app, owner, { title: 'Secret notes' })
  publicCards = await addCards(app, owner, publicSet.id, ['France', 'Spain', 'Italy'])
  await addCards(app, owner, privateSet.id, ['hidden'])
})
afterAll(() => app.close())

const starsOf = async (account: Account, setId: string) => (await app.api('GET', `/api/sets/${setId}/stars`, { token: account.token })).body
const star = (account: Account, setId: string, cardId: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  app.api(method, `/api/sets/${setId}/stars/${cardId}`, { token: account.token })

describe('stars', () => {
  it('a student stars and unstars cards of a public set; starring twice or unstarring twice changes nothing', async () => {
    const [first, second] = publicCards as [(typeof publicCards)[0], (typeof publicCards)[0]]
    expect((await star(student, publicSet.id, first.id)).status).toBe(204)
    expect((await star(student, publicSet.id, first.id)).status).toBe(204)
    expect((await star(student, publicSet.id, second.id)).status).toBe(204)
    expect((await starsOf(student, publicSet.id)).cardIds.sort()).toEqual([first.id, second.id].sort())
    expect((await star(student, publicSet.id, second.id, 'DELETE')).status).toBe(204)
    expect((await star(student, publicSet.id, second.id, 'DELETE')).status).toBe(204)
    expect(await starsOf(student, publicSet.id)).toEqual({ cardIds: [first.id] })
  })

  it("stars are the student's own: the set's owner sees none of them", async () => {
    expect(await starsOf(owner, publicSet.id)).toEqual({ cardIds: [] })
  })

  it('two concurrent stars of one card keep one row', async () => {
    const card = publicCards[2] as (typeof publicCards)[0]
    const answers = await Promise.all([star(owner, publicSet.id, card.id), star(owner, publicSet.id, card.id)])
    expect(answers.map((answer) => answer.status)).toEqual([204, 204])
    const rows = await app.db.selectFrom('card_stars').select('flashcard_id').where('user_id', '=', owner.id).execute()
    expect(rows).toEqual([{ flashcard_id: card.id }])
  })

  scenarios(getApp, [
    {
      name: "a card of another set is not this set's card: 404",
      method: 'PUT',
      url: () => `/api/sets/${privateSet.id}/stars/${publicCards[0]?.id}`,
      token: () => owner.token,
      expectedStatus: 404,
      expectedBody: cardNotFound,
    },
    {
      name: "someone else's private set: 404, as if it did not exist",
      method: 'GET',
      url: () => `/api/sets/${privateSet.id}/stars`,
      token: () => student.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'no token: 401',
      method: 'PUT',
      url: () => `/api/sets/${publicSet.id}/stars/${publicCards[0]?.id}`,
      expectedStatus: 401,
      expectedBody: unauthenticated,
    },
  ] satisfies ApiScenario[])

  it('a star goes with its card', async () => {
    const set = await createSet(app, owner, { title: 'Short lived', isPublic: true })
    const [card] = await addCards(app, owner, set.id, ['ephemeral'])
    expect((await star(student, set.id, card?.id ?? '')).status).toBe(204)
    expect((await app.api('DELETE', `/api/sets/${set.id}/cards/${card?.id}`, { token: owner.token })).status).toBe(204)
    expect(await starsOf(student, set.id)).toEqual({ cardIds: [] })
  })
})

describe('Save a copy', () => {
  it("copies a public set into the student's own private set: text, tags, languages and cards, not the progress", async () => {
    const answered = await app.api('POST', `/api/sets/${publicSet.id}/answers`, {
      token: student.token,
      body: { cardId: publicCards[0]?.id, correct: true, mode: 'learn' },
    })
    expect(answered.status).toBe(201)
    const copied = await app.api('POST', `/api/sets/${publicSet.id}/copy`, { token: student.token })
    expect(copied.status, copied.text).toBe(201)
    expect(copied.body).toEqual(
      setShape(student, {
        title: 'Capitals',
        description: 'of Europe',
        tags: 'GEO,EU',
        isPublic: false,
        cardCount: 3,
        termLanguage: 'en',
        definitionLanguage: 'fr',
        copiedFromSetId: publicSet.id,
      }),
    )
    const cards = await allCards(app, copied.body.id, student.token)
    expect(cards.map(({ term, definition, position }) => ({ term, definition, position }))).toEqual(
      publicCards.map(({ term, definition }, index) => ({ term, definition, position: index + 1 })),
    )
    expect(cards.map((card) => card.id)).not.toContain(publicCards[0]?.id)
    expect((await app.api('GET', `/api/sets/${copied.body.id}/progress`, { token: student.token })).body).toEqual({ items: [] })
    // The copy is the student's own: in My Sets, editable by them, invisible to others.
    const mine = await app.api('GET', '/api/sets', { token: student.token })
    expect(mine.body.items.map((set: { id: string }) => set.id)).toContain(copied.body.id)
    expect((await app.api('PATCH', `/api/sets/${copied.body.id}`, { token: student.token, body: { title: 'My capitals' } })).status).toBe(200)
    expect((await app.api('GET', `/api/sets/${copied.body.id}`, { token: owner.token })).status).toBe(404)
  })

  it('the copy keeps its cards when the original is deleted, and forgets where it came from', async () => {
    const original = await createSet(app, owner, { title: 'Soon gone', isPublic: true })
    await addCards(app, owner, original.id, ['one', 'two'])
    const copied = await app.api('POST', `/api/sets/${original.id}/copy`, { token: student.token })
    expect(copied.status).toBe(201)
    expect((await app.api('DELETE', `/api/sets/${original.id}`, { token: owner.token })).status).toBe(204)
    const kept = await getSet(app, copied.body.id, student.token)
    expect(kept).toMatchObject({ cardCount: 2, copiedFromSetId: null })
    expect((await allCards(app, copied.body.id, student.token)).map((card) => card.term)).toEqual(['one', 'two'])
  })

  scenarios(getApp, [
    {
      name: "someone else's private set cannot be copied: 404",
      method: 'POST',
      url: () => `/api/sets/${privateSet.id}/copy`,
      token: () => student.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'an unknown set: 404',
      method: 'POST',
      url: '/api/sets/nope/copy',
      token: () => student.token,
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
  ] satisfies ApiScenario[])
})

describe('read-aloud languages', () => {
  const languageError = 'Language must be a language tag such as en or ja.'
  scenarios(getApp, [
    {
      name: 'a set is created with a language per side',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: 'Kanji', termLanguage: 'ja', definitionLanguage: 'en-GB' },
      expectedStatus: 201,
      expectedContent: { termLanguage: 'ja', definitionLanguage: 'en-GB' },
    },
    {
      name: 'without languages both are null',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: 'Plain' },
      expectedStatus: 201,
      expectedContent: { termLanguage: null, definitionLanguage: null },
    },
    {
      name: 'a language that is not a BCP 47 tag is refused on its field',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: 'Bad', termLanguage: 'english please' },
      expectedStatus: 400,
      expectedBody: invalid({ termLanguage: languageError }),
    },
    {
      name: 'a language must be text or null',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: 'Bad', definitionLanguage: 42 },
      expectedStatus: 400,
      expectedBody: invalid({ definitionLanguage: languageError }),
    },
  ] satisfies ApiScenario[])

  it('the owner changes one side and clears the other with null', async () => {
    const updated = await app.api('PATCH', `/api/sets/${publicSet.id}`, { token: owner.token, body: { termLanguage: 'de', definitionLanguage: null } })
    expect(updated.status, updated.text).toBe(200)
    expect(updated.body).toMatchObject({ termLanguage: 'de', definitionLanguage: null, title: 'Capitals' })
  })
})

describe('best Match time', () => {
  it("is null before the first game, then the student's fastest game on that set only", async () => {
    const best = () => app.api('GET', `/api/sets/${publicSet.id}/match-results/best`, { token: student.token })
    expect((await best()).body).toEqual({ bestTime: null })
    for (const timeTaken of [42, 17, 30]) {
      const saved = await app.api('POST', `/api/sets/${publicSet.id}/match-results`, {
        token: student.token,
        body: { timeTaken, correctMatches: 3, incorrectMatches: 0 },
      })
      expect(saved.status).toBe(201)
    }
    await app.api('POST', `/api/sets/${publicSet.id}/match-results`, { token: owner.token, body: { timeTaken: 3, correctMatches: 3, incorrectMatches: 0 } })
    expect((await best()).body).toEqual({ bestTime: 17 })
  })
})

describe('import drops a card object that lacks a term or a definition', () => {
  it('keeps the complete cards and creates the set', async () => {
    const imported = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: { title: 'Partial', cards: [{ term: 'a', definition: 'alpha' }, { term: 'b' }, { definition: 'gamma' }, { term: 'd', definition: 'delta' }] },
    })
    expect(imported.status, imported.text).toBe(201)
    expect((await allCards(app, imported.body.id, owner.token)).map((card) => card.term)).toEqual(['a', 'd'])
  })

  it("with no complete card left it answers the spec's message", async () => {
    const imported = await app.api('POST', '/api/sets/import', { token: owner.token, body: { title: 'Empty', cards: [{ term: 'b' }, { definition: 'c' }] } })
    expect(imported.status).toBe(400)
    expect(imported.body.error.message).toBe('No valid flashcards found in file')
  })
})
