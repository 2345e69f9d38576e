import { expect } from 'vitest'
import type { CreateSetInput, Flashcard, StudySet } from '#shared/api/sets'
import { messages as m } from '#shared/messages'
import type { Account, TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'

/**
 * Helpers shared by the study-set and flashcard API tests (tests/api/sets-*.test.ts). Those tests
 * give their accounts fixed usernames: createAccount's random suffix can spell a word the
 * username profanity check refuses, which made a beforeAll fail now and then.
 */

export const unauthenticated = apiError(401, 'unauthenticated', m.unauthenticated)
export const unverified = apiError(403, 'unverified', m.unverified)
export const forbidden = apiError(403, 'forbidden', m.forbidden)
/** The exact texts (shared/messages.ts): a private set of someone else answers exactly like a missing one. */
export const setNotFound = apiError(404, 'not_found', 'Study set not found')
export const cardNotFound = apiError(404, 'not_found', 'Flashcard not found')
export const invalid = (fields: Record<string, string>) => apiError(400, 'invalid_input', m.invalidInput, fields)

/** A `set` answer (`StudySet` in GET /api/openapi.json), exactly. */
export function setShape(owner: Account, fields: Partial<StudySet> = {}): StudySet {
  return {
    id: expect.any(String),
    title: expect.any(String),
    description: expect.any(String),
    tags: expect.any(String),
    isPublic: expect.any(Boolean),
    cardCount: expect.any(Number),
    owner: { id: owner.id, username: owner.username },
    created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    termLanguage: null,
    definitionLanguage: null,
    copiedFromSetId: null,
    ...fields,
  }
}

/** A `card` answer (`Flashcard` in GET /api/openapi.json), exactly. */
export function cardShape(fields: Partial<Flashcard> = {}): Flashcard {
  return {
    id: expect.any(String),
    term: expect.any(String),
    definition: expect.any(String),
    position: expect.any(Number),
    created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    termImage: null,
    definitionImage: null,
    termAudio: null,
    definitionAudio: null,
    kind: 'basic',
    reverse: false,
    prompts: ['f'],
    guid: expect.any(String),
    ...fields,
  }
}

/** Creates a set through the API and returns it. */
export async function createSet(app: TestApp, owner: Account, body: CreateSetInput): Promise<StudySet> {
  const response = await app.api('POST', '/api/sets', { token: owner.token, body })
  expect(response.status, response.text).toBe(201)
  return response.body
}

/** Adds cards one after the other (so their positions follow the order given). */
export async function addCards(app: TestApp, owner: Account, setId: string, terms: string[]): Promise<Flashcard[]> {
  const cards: Flashcard[] = []
  for (const term of terms) {
    const response = await app.api('POST', `/api/sets/${setId}/cards`, { token: owner.token, body: { term, definition: `${term} means something` } })
    expect(response.status, response.text).toBe(201)
    cards.push(response.body)
  }
  return cards
}

/** Every card of a set in position order, read through the API with perPage 500. */
export async function allCards(app: TestApp, setId: string, token?: string): Promise<Flashcard[]> {
  const response = await app.api('GET', `/api/sets/${setId}/cards?perPage=500`, { token })
  expect(response.status, response.text).toBe(200)
  return response.body.items
}

export async function getSet(app: TestApp, setId: string, token?: string): Promise<StudySet> {
  const response = await app.api('GET', `/api/sets/${setId}`, { token })
  expect(response.status, response.text).toBe(200)
  return response.body
}

/**
 * The invariants of a set's cards, checked through the API and in the database: the terms in
 * this order, positions 1..n (dense, each once), cardCount n, and n rows in the table.
 */
export async function expectCards(app: TestApp, owner: Account, setId: string, terms: string[]): Promise<Flashcard[]> {
  const cards = await allCards(app, setId, owner.token)
  expect(cards.map((card) => card.term)).toEqual(terms)
  expect(cards.map((card) => card.position)).toEqual(terms.map((_, index) => index + 1))
  const listed = await app.api('GET', `/api/sets/${setId}/cards`, { token: owner.token })
  expect(listed.body.totalItems).toBe(terms.length)
  expect((await getSet(app, setId, owner.token)).cardCount).toBe(terms.length)
  const rows = await app.db.selectFrom('flashcards').select(['position']).where('study_set_id', '=', setId).orderBy('position').execute()
  expect(rows.map((row) => row.position)).toEqual(terms.map((_, index) => index + 1))
  const stored = await app.db.selectFrom('study_sets').select('card_count').where('id', '=', setId).executeTakeFirstOrThrow()
  expect(stored.card_count).toBe(terms.length)
  return cards
}

/** Rows of a set in every table that hangs off it. */
export async function rowsOfSet(app: TestApp, setId: string) {
  const [sets, cards, tags] = await Promise.all([
    app.db.selectFrom('study_sets').select('id').where('id', '=', setId).execute(),
    app.db.selectFrom('flashcards').select('id').where('study_set_id', '=', setId).execute(),
    app.db.selectFrom('set_tags').select('tag').where('set_id', '=', setId).execute(),
  ])
  return { sets: sets.length, cards: cards.length, tags: tags.length }
}
