import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import type { Flashcard, StudySet } from '../../shared/api/sets'
import type { ErrorBody } from '../../shared/api/errors'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from './harness'
import { type ApiScenario, scenarios } from './scenarios'
import {
  addCards,
  cardShape,
  createSet,
  expectCards,
  forbidden,
  getSet,
  invalid,
  setNotFound,
  setShape,
  unauthenticated,
  unverified,
} from './sets-helpers'

/**
 * Who may read and who may write each study-set and flashcard route (api.md, "Study sets and
 * cards"; spec section 6), for four callers on a public and on a private set, and that no data of
 * a private set ever shows in an answer to anyone but its owner.
 */

let app: TestApp
const getApp = () => app

type Caller = 'visitor' | 'unverified' | 'other' | 'owner'
type Visibility = 'public' | 'private'
const CALLERS: Caller[] = ['visitor', 'unverified', 'other', 'owner']
const VISIBILITIES: Visibility[] = ['public', 'private']

const accounts = {} as Record<Exclude<Caller, 'visitor'>, Account>
const tokenOf = (caller: Caller) => () => (caller === 'visitor' ? undefined : accounts[caller].token)

interface Fixture {
  set: StudySet
  cards: Flashcard[]
  /** A set only the DELETE rows use. */
  doomed: StudySet
}
const fixtures = {} as Record<Visibility, Fixture>
/** The other user's own sets: a public one (in everyone's public list) and a private one. */
let otherPublic: StudySet
let otherPrivate: StudySet
let otherPrivateCard: Flashcard

const TEXT = {
  public: { title: 'Open Anatomy', description: 'bones and muscles', tags: 'anatomy, open', terms: ['femur', 'tibia', 'patella'] },
  private: { title: 'Private Botany', description: 'ferns and mosses', tags: 'plants, lab', terms: ['frond', 'spore', 'rhizome'] },
} as const

beforeAll(async () => {
  app = await startTestApp()
  accounts.owner = await createAccount(app, { username: 'owner' })
  accounts.other = await createAccount(app, { username: 'other' })
  accounts.unverified = await createAccount(app, { username: 'unverified', verified: false })
  for (const visibility of VISIBILITIES) {
    const text = TEXT[visibility]
    const isPublic = visibility === 'public'
    const set = await createSet(app, accounts.owner, { title: text.title, description: text.description, tags: text.tags, isPublic })
    const cards = await addCards(app, accounts.owner, set.id, [...text.terms])
    app.clock.advance(1000)
    const doomed = await createSet(app, accounts.owner, { title: `Doomed ${visibility}`, isPublic })
    await addCards(app, accounts.owner, doomed.id, ['doomed card'])
    app.clock.advance(1000)
    fixtures[visibility] = { set: await getSet(app, set.id, accounts.owner.token), cards, doomed }
  }
  otherPublic = await createSet(app, accounts.other, { title: 'Other Public Geology', tags: 'rocks', isPublic: true })
  app.clock.advance(1000)
  otherPrivate = await createSet(app, accounts.other, { title: 'Other Private Diary', tags: 'diary' })
  ;[otherPrivateCard] = (await addCards(app, accounts.other, otherPrivate.id, ['diary entry'])) as [Flashcard]
})
afterAll(() => app.close())

/**
 * The permission matrix of api.md. 'ok' is the route's own success; every refusal is exactly:
 * no token 401, someone else's public set 403 `forbidden`, someone else's private set 404 (as if
 * it did not exist). An unverified user is just "someone else" here: they own no sets.
 */
const MAY = {
  read: {
    public: { visitor: 'ok', unverified: 'ok', other: 'ok', owner: 'ok' },
    private: { visitor: 404, unverified: 404, other: 404, owner: 'ok' },
  },
  write: {
    public: { visitor: 401, unverified: 403, other: 403, owner: 'ok' },
    private: { visitor: 401, unverified: 404, other: 404, owner: 'ok' },
  },
} as const satisfies Record<'read' | 'write', Record<Visibility, Record<Caller, 'ok' | 401 | 403 | 404>>>

const REFUSAL: Record<401 | 403 | 404, ErrorBody> = { 401: unauthenticated, 403: forbidden, 404: setNotFound }

interface RouteCase {
  method: string
  path: string
  access: 'read' | 'write'
  url: (fixture: Fixture) => string
  body?: (caller: Caller) => unknown
  okStatus: number
  okBody?: (fixture: Fixture, visibility: Visibility) => unknown
  /** Runs after the owner's (successful) request. */
  afterOk?: (response: ApiResponse, fixture: Fixture) => unknown
  /** Runs after each refused request: nothing changed. */
  afterRefused?: (fixture: Fixture) => unknown
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/sets/:id',
    access: 'read',
    url: (f) => `/api/sets/${f.set.id}`,
    okStatus: 200,
    okBody: (f, visibility) =>
      setShape(accounts.owner, {
        id: f.set.id,
        title: TEXT[visibility].title,
        description: TEXT[visibility].description,
        tags: visibility === 'public' ? 'ANATOMY,OPEN' : 'PLANTS,LAB',
        isPublic: visibility === 'public',
        cardCount: 3,
      }),
  },
  {
    method: 'GET',
    path: '/api/sets/:id/cards',
    access: 'read',
    url: (f) => `/api/sets/${f.set.id}/cards`,
    okStatus: 200,
    okBody: (f) => ({ items: f.cards, page: 1, perPage: 30, totalItems: 3, totalPages: 1 }),
  },
  {
    method: 'PATCH',
    path: '/api/sets/:id',
    access: 'write',
    url: (f) => `/api/sets/${f.set.id}`,
    body: (caller) => ({ description: `changed by ${caller}` }),
    okStatus: 200,
    okBody: (f) => ({ ...f.set, description: 'changed by owner', updated: expect.any(String) }),
    afterRefused: async (f) => {
      expect((await getSet(app, f.set.id, accounts.owner.token)).description).not.toMatch(/^changed by/)
    },
  },
  {
    method: 'POST',
    path: '/api/sets/:id/cards',
    access: 'write',
    url: (f) => `/api/sets/${f.set.id}/cards`,
    body: (caller) => ({ term: `added by ${caller}`, definition: 'appended' }),
    okStatus: 201,
    okBody: () => cardShape({ term: 'added by owner', definition: 'appended', position: 4 }),
    afterRefused: async (f) => {
      expect((await getSet(app, f.set.id, accounts.owner.token)).cardCount).toBe(3)
    },
  },
  {
    method: 'PATCH',
    path: '/api/sets/:id/cards/:cardId',
    access: 'write',
    url: (f) => `/api/sets/${f.set.id}/cards/${f.cards[0]?.id}`,
    body: (caller) => ({ term: `edited by ${caller}` }),
    okStatus: 200,
    okBody: (f) => ({ ...f.cards[0], term: 'edited by owner' }),
    afterRefused: async (f) => {
      const stored = await app.db.selectFrom('flashcards').select('term').where('id', '=', f.cards[0]?.id ?? '').executeTakeFirstOrThrow()
      expect(stored.term).toBe(f.cards[0]?.term)
    },
  },
  {
    method: 'DELETE',
    path: '/api/sets/:id/cards/:cardId',
    access: 'write',
    url: (f) => `/api/sets/${f.set.id}/cards/${f.cards[1]?.id}`,
    okStatus: 204,
    afterRefused: async (f) => {
      const stored = await app.db.selectFrom('flashcards').select('id').where('id', '=', f.cards[1]?.id ?? '').execute()
      expect(stored).toHaveLength(1)
    },
  },
  {
    method: 'DELETE',
    path: '/api/sets/:id',
    access: 'write',
    url: (f) => `/api/sets/${f.doomed.id}`,
    okStatus: 204,
    afterOk: async (_response, f) => {
      expect((await app.api('GET', `/api/sets/${f.doomed.id}`, { token: accounts.owner.token })).status).toBe(404)
    },
    afterRefused: async (f) => {
      expect((await getSet(app, f.doomed.id, accounts.owner.token)).cardCount).toBe(1)
    },
  },
]

function matrixRow(route: RouteCase, visibility: Visibility, caller: Caller): ApiScenario {
  const outcome = MAY[route.access][visibility][caller]
  const fixture = () => fixtures[visibility]
  const base = {
    method: route.method,
    url: () => route.url(fixture()),
    token: tokenOf(caller),
    body: route.body ? () => route.body?.(caller) : undefined,
  }
  if (outcome === 'ok') {
    return {
      ...base,
      name: `${route.method} ${route.path}, ${visibility} set, ${caller}: ${route.okStatus}`,
      expectedStatus: route.okStatus,
      expectedBody: route.okBody ? () => route.okBody?.(fixture(), visibility) : undefined,
      after: (response) => route.afterOk?.(response, fixture()),
    }
  }
  return {
    ...base,
    name: `${route.method} ${route.path}, ${visibility} set, ${caller}: ${outcome} ${REFUSAL[outcome].error.code}`,
    expectedStatus: outcome,
    expectedBody: REFUSAL[outcome],
    after: () => route.afterRefused?.(fixture()),
  }
}

describe('per route, per caller, on a public and on a private set', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      // The owner comes last, so the refused requests meet the set as it was.
      scenarios(getApp, VISIBILITIES.flatMap((visibility) => CALLERS.map((caller) => matrixRow(route, visibility, caller))))
    })
  }

  describe('afterwards, only the owner\'s writes are there', () => {
    scenarios(getApp, VISIBILITIES.map((visibility): ApiScenario => ({
      name: `${visibility} set: description, cards and positions`,
      method: 'GET',
      url: () => `/api/sets/${fixtures[visibility].set.id}`,
      token: tokenOf('owner'),
      expectedStatus: 200,
      expectedContent: { description: 'changed by owner', cardCount: 3 },
      after: async () => {
        // Card 1 edited, card 2 deleted (card 3 moved up to position 2), card 4 added.
        await expectCards(app, accounts.owner, fixtures[visibility].set.id, ['edited by owner', TEXT[visibility].terms[2], 'added by owner'])
      },
    })))
  })
})

describe('a private set of someone else answers exactly like a set that does not exist', () => {
  const missing = 'no-such-set-id'
  const rows: ApiScenario[] = []
  for (const [method, path, body] of [
    ['GET', '', undefined],
    ['PATCH', '', { title: 'mine now' }],
    ['DELETE', '', undefined],
    ['GET', '/cards', undefined],
    ['POST', '/cards', { term: 't', definition: 'd' }],
  ] as const) {
    rows.push({
      name: `${method} /api/sets/:id${path}: an unknown id, as the owner of other sets: 404`,
      method,
      url: `/api/sets/${missing}${path}`,
      token: tokenOf('owner'),
      body,
      expectedStatus: 404,
      expectedBody: setNotFound,
    })
    rows.push({
      name: `${method} /api/sets/:id${path}: the other user's private set, as the owner: 404, same body`,
      method,
      url: () => `/api/sets/${otherPrivate.id}${path}`,
      token: tokenOf('owner'),
      body,
      expectedStatus: 404,
      expectedBody: setNotFound,
    })
  }
  // The body is checked before the set is looked up, so a bad body gets the same 400 whether or
  // not the set exists: that discloses nothing either.
  for (const [what, id] of [
    ['an unknown id', () => missing],
    ["the other user's private set", () => otherPrivate.id],
  ] as const) {
    rows.push(
      {
        name: `PATCH /api/sets/:id with an empty title, ${what}: the same 400`,
        method: 'PATCH',
        url: () => `/api/sets/${id()}`,
        token: tokenOf('owner'),
        body: { title: ' ' },
        expectedStatus: 400,
        expectedBody: invalid({ title: 'Title cannot be empty.' }),
      },
      {
        name: `POST /api/sets/:id/cards with no term, ${what}: the same 400`,
        method: 'POST',
        url: () => `/api/sets/${id()}/cards`,
        token: tokenOf('owner'),
        body: { definition: 'd' },
        expectedStatus: 400,
        expectedBody: invalid({ term: 'Term cannot be empty.' }),
      },
    )
  }
  for (const method of ['PATCH', 'DELETE'] as const) {
    rows.push({
      name: `${method} /api/sets/:id/cards/:cardId: a card of the other user's private set, by its real ids: 404 set not found`,
      method,
      url: () => `/api/sets/${otherPrivate.id}/cards/${otherPrivateCard.id}`,
      token: tokenOf('owner'),
      body: method === 'PATCH' ? { term: 'mine now' } : undefined,
      expectedStatus: 404,
      expectedBody: setNotFound,
    })
  }
  scenarios(getApp, rows)
})

describe('the collection routes, per caller', () => {
  const ids = (response: ApiResponse) => response.body.items.map((set: StudySet) => set.id)
  const list = (name: string, url: string, caller: Caller, expectedIds: () => string[]): ApiScenario => ({
    name,
    method: 'GET',
    url,
    token: tokenOf(caller),
    expectedStatus: 200,
    expectedContent: () => ({ page: 1, perPage: 30, totalItems: expectedIds().length, totalPages: 1 }),
    after: (response) => {
      expect(ids(response)).toEqual(expectedIds())
    },
  })
  const tags = (name: string, url: string, caller: Caller, expected: string[]): ApiScenario => ({
    name,
    method: 'GET',
    url,
    token: tokenOf(caller),
    expectedStatus: 200,
    expectedBody: { tags: expected },
  })
  const ownerSets = () => [fixtures.private.set.id, fixtures.public.set.id]
  const otherSets = () => [otherPrivate.id, otherPublic.id]
  const publicSets = () => [otherPublic.id, fixtures.public.set.id]

  describe('GET /api/sets (my sets): verified users only, each sees only their own, private included', () => {
    scenarios(getApp, [
      { name: 'visitor: 401', method: 'GET', url: '/api/sets', expectedStatus: 401, expectedBody: unauthenticated },
      { name: 'unverified: 403 unverified', method: 'GET', url: '/api/sets', token: tokenOf('unverified'), expectedStatus: 403, expectedBody: unverified },
      list('other: their own two sets, newest first', '/api/sets', 'other', otherSets),
      list('owner: their own two sets, newest first (the deleted ones are gone)', '/api/sets', 'owner', ownerSets),
    ])
  })

  describe('GET /api/sets/public: anyone, public sets of everyone', () => {
    scenarios(getApp, CALLERS.map((caller) => list(`${caller}: both public sets, newest first`, '/api/sets/public', caller, publicSets)))
  })

  describe('GET /api/sets/tags?scope=public (and without a scope): anyone, tags of public sets only', () => {
    scenarios(getApp, [
      ...CALLERS.map((caller) => tags(`scope=public, ${caller}`, '/api/sets/tags?scope=public', caller, ['ANATOMY', 'OPEN', 'ROCKS'])),
      ...CALLERS.map((caller) => tags(`no scope, ${caller}`, '/api/sets/tags', caller, ['ANATOMY', 'OPEN', 'ROCKS'])),
      {
        name: 'an unknown scope: 400',
        method: 'GET',
        url: '/api/sets/tags?scope=everyone',
        expectedStatus: 400,
        expectedBody: invalid({ scope: 'Scope must be public or mine.' }),
      },
    ])
  })

  describe('GET /api/sets/tags?scope=mine: verified users only, their own tags, private included', () => {
    scenarios(getApp, [
      { name: 'visitor: 401', method: 'GET', url: '/api/sets/tags?scope=mine', expectedStatus: 401, expectedBody: unauthenticated },
      {
        name: 'unverified: 403 unverified',
        method: 'GET',
        url: '/api/sets/tags?scope=mine',
        token: tokenOf('unverified'),
        expectedStatus: 403,
        expectedBody: unverified,
      },
      tags('other: their own', '/api/sets/tags?scope=mine', 'other', ['DIARY', 'ROCKS']),
      tags('owner: their own', '/api/sets/tags?scope=mine', 'owner', ['ANATOMY', 'LAB', 'OPEN', 'PLANTS']),
    ])
  })

  describe('POST /api/sets: verified users only', () => {
    const create = (caller: Caller) => ({ method: 'POST', url: '/api/sets', token: tokenOf(caller), body: { title: `New by ${caller}` } })
    const setsOf = (account: Account) => app.db.selectFrom('study_sets').select('title').where('owner_id', '=', account.id).execute()
    scenarios(getApp, [
      { ...create('visitor'), name: 'visitor: 401', expectedStatus: 401, expectedBody: unauthenticated },
      {
        ...create('unverified'),
        name: 'unverified: 403 unverified, and nothing is stored',
        expectedStatus: 403,
        expectedBody: unverified,
        after: async () => {
          expect(await setsOf(accounts.unverified)).toEqual([])
        },
      },
      ...(['other', 'owner'] as const).map((caller): ApiScenario => ({
        ...create(caller),
        name: `${caller}: 201, a private set of their own`,
        expectedStatus: 201,
        expectedBody: () =>
          setShape(accounts[caller], { title: `New by ${caller}`, description: '', tags: '', isPublic: false, cardCount: 0 }),
      })),
      {
        ...create('owner'),
        name: 'owner: id, cardCount, owner and created in the body are ignored: the server decides them',
        body: () => ({ title: 'Spoofed', id: 'chosen-id', cardCount: 99, owner: accounts.other.id, created: '2000-01-01T00:00:00.000Z' }),
        expectedStatus: 201,
        expectedBody: () => setShape(accounts.owner, { title: 'Spoofed', description: '', tags: '', isPublic: false, cardCount: 0 }),
        after: (response) => {
          expect(response.body.id).not.toBe('chosen-id')
          expect(response.body.created).not.toMatch(/^2000/)
        },
      },
    ])
  })
})

describe('a token that is not valid is 401 on every route, open ones included', () => {
  const bad: Record<string, string> = {}
  beforeAll(async () => {
    const loggedOut = await createAccount(app, { username: 'logged_out' })
    expect((await app.api('POST', '/api/auth/logout', { token: loggedOut.token })).status).toBe(204)
    bad['a logged-out token'] = loggedOut.token
    bad['not a JWT'] = 'not-a-token'
    const [header, , signature] = accounts.owner.token.split('.')
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(accounts.owner.token), sub: accounts.other.id })).toString('base64url')
    bad["the owner's token with another subject"] = `${header}.${payload}.${signature}`
  })
  const pub = () => fixtures.public.set.id
  const card = () => fixtures.public.cards[0]?.id
  const ROUTES_FOR_TOKENS: [method: string, path: string, url: () => string, body?: unknown][] = [
    ['GET', '/api/sets/public', () => '/api/sets/public'],
    ['GET', '/api/sets/tags?scope=public', () => '/api/sets/tags?scope=public'],
    ['GET', '/api/sets/:publicId', () => `/api/sets/${pub()}`],
    ['GET', '/api/sets/:publicId/cards', () => `/api/sets/${pub()}/cards`],
    ['GET', '/api/sets', () => '/api/sets'],
    ['GET', '/api/sets/tags?scope=mine', () => '/api/sets/tags?scope=mine'],
    ['POST', '/api/sets', () => '/api/sets', { title: 'x' }],
    ['PATCH', '/api/sets/:publicId', () => `/api/sets/${pub()}`, { title: 'x' }],
    ['DELETE', '/api/sets/:publicId', () => `/api/sets/${pub()}`],
    ['POST', '/api/sets/:publicId/cards', () => `/api/sets/${pub()}/cards`, { term: 'x', definition: 'y' }],
    ['PATCH', '/api/sets/:publicId/cards/:cardId', () => `/api/sets/${pub()}/cards/${card()}`, { term: 'x' }],
    ['DELETE', '/api/sets/:publicId/cards/:cardId', () => `/api/sets/${pub()}/cards/${card()}`],
  ]
  const KINDS = ['a logged-out token', 'not a JWT', "the owner's token with another subject"]
  scenarios(
    getApp,
    ROUTES_FOR_TOKENS.flatMap(([method, path, url, body]) =>
      KINDS.map((kind): ApiScenario => ({
        name: `${method} ${path}, ${kind}: 401`,
        method,
        url,
        body,
        token: () => bad[kind],
        expectedStatus: 401,
        expectedBody: unauthenticated,
      })),
    ),
  )
})

/** An `after` check: the answer holds none of these strings, in any case. */
const noTrace = (markers: () => string[]) => (response: ApiResponse) => {
  const text = response.text.toLowerCase()
  for (const marker of markers()) expect(text, `the answer shows '${marker}'`).not.toContain(marker.toLowerCase())
}

const publicCount = async () =>
  Number((await app.db.selectFrom('study_sets').select((eb) => eb.fn.countAll().as('n')).where('is_public', '=', 1).executeTakeFirstOrThrow()).n)

/** Rows that read every list, search, tag list and set route as `caller` and find no trace of the set. */
function invisibleTo(caller: Exclude<Caller, 'owner'>, target: () => StudySet, words: { title: string; description: string; tag: string; term: string }, markers: () => string[]): ApiScenario[] {
  const empty = { items: [], page: 1, perPage: 30, totalItems: 0, totalPages: 0 }
  const row = (name: string, url: () => string, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
    name: `${caller}: ${name}`,
    method: 'GET',
    url,
    token: tokenOf(caller),
    expectedStatus,
    expectedBody,
    after: noTrace(markers),
  })
  const rows = [
    row('the set: 404', () => `/api/sets/${target().id}`, 404, setNotFound),
    row('its cards: 404', () => `/api/sets/${target().id}/cards`, 404, setNotFound),
    row('its cards, sorted and paged: 404', () => `/api/sets/${target().id}/cards?sort=-position&perPage=1&page=2`, 404, setNotFound),
    {
      ...row('the public list: not there, and totalItems counts public sets only', () => '/api/sets/public?perPage=500', 200),
      after: async (response: ApiResponse) => {
        noTrace(markers)(response)
        expect(response.body.totalItems).toBe(await publicCount())
        expect(response.body.items).toHaveLength(response.body.totalItems)
      },
    },
    row('public search by its title: nothing', () => `/api/sets/public?search=${words.title}`, 200, empty),
    row('public search by its description: nothing', () => `/api/sets/public?search=${words.description}`, 200, empty),
    row('public search by a card term (search never looks into cards): nothing', () => `/api/sets/public?search=${words.term}`, 200, empty),
    row('public list filtered by its tag: nothing', () => `/api/sets/public?tag=${words.tag}`, 200, empty),
    row('public tags: not its tag', () => '/api/sets/tags?scope=public', 200),
    row('tags without a scope: not its tag', () => '/api/sets/tags', 200),
  ]
  if (caller === 'other') {
    rows.push(
      row('my sets, search by its title: nothing', () => `/api/sets?search=${words.title}`, 200, empty),
      row('my sets filtered by its tag: nothing', () => `/api/sets?tag=${words.tag}`, 200, empty),
      row('my tags: not its tag', () => '/api/sets/tags?scope=mine', 200),
    )
  }
  return rows
}

describe('no data of a private set in any answer to anyone but its owner', () => {
  let secret: StudySet
  let secretCards: Flashcard[]
  beforeAll(async () => {
    secret = await createSet(app, accounts.owner, { title: 'Quokka Xylophone', description: 'confidential zanzibar notes', tags: 'secret, hidden' })
    secretCards = await addCards(app, accounts.owner, secret.id, ['Narwhal', 'Quetzal'])
  })
  const markers = () => [secret.id, 'Quokka', 'Xylophone', 'zanzibar', 'SECRET', 'HIDDEN', 'Narwhal', 'Quetzal', ...secretCards.map((card) => card.id)]
  const words = { title: 'xylophone', description: 'ZANZIBAR', tag: 'secret', term: 'narwhal' }

  scenarios(getApp, [
    {
      name: 'control: its owner finds it by search and by tag in my sets',
      method: 'GET',
      url: '/api/sets?search=xylophone&tag=secret',
      token: tokenOf('owner'),
      expectedStatus: 200,
      expectedContent: () => ({ totalItems: 1, items: [{ id: secret.id, isPublic: false, cardCount: 2 }] }),
    },
    ...(['visitor', 'unverified', 'other'] as const).flatMap((caller) => invisibleTo(caller, () => secret, words, markers)),
    {
      name: "the owner sees nothing of the other user's private set either",
      method: 'GET',
      url: '/api/sets/public?search=diary',
      token: tokenOf('owner'),
      expectedStatus: 200,
      expectedContent: { totalItems: 0, items: [] },
    },
    {
      name: "the owner's tag lists do not show the other user's private tag",
      method: 'GET',
      url: '/api/sets/tags?scope=mine',
      token: tokenOf('owner'),
      expectedStatus: 200,
      after: noTrace(() => ['DIARY']),
    },
  ])
})

describe('after a set goes from public to private, it is gone from every answer to others', () => {
  let flip: StudySet
  let flipCards: Flashcard[]
  beforeAll(async () => {
    flip = await createSet(app, accounts.owner, { title: 'Flipping Walrus', description: 'pinniped facts', tags: 'fliptag', isPublic: true })
    flipCards = await addCards(app, accounts.owner, flip.id, ['blubber', 'tusk'])
  })
  const markers = () => [flip.id, 'Walrus', 'pinniped', 'FLIPTAG', 'blubber', 'tusk', ...flipCards.map((card) => card.id)]
  const words = { title: 'walrus', description: 'pinniped', tag: 'fliptag', term: 'blubber' }
  const visible = (caller: Caller, name: string, url: () => string, content: () => object): ApiScenario => ({
    name: `${caller}: ${name}`,
    method: 'GET',
    url,
    token: tokenOf(caller),
    expectedStatus: 200,
    expectedContent: content,
  })
  const setPublic = (isPublic: boolean): ApiScenario => ({
    name: `the owner makes it ${isPublic ? 'public' : 'private'}: 200`,
    method: 'PATCH',
    url: () => `/api/sets/${flip.id}`,
    token: tokenOf('owner'),
    body: { isPublic },
    expectedStatus: 200,
    expectedContent: () => ({ id: flip.id, isPublic, cardCount: 2, title: 'Flipping Walrus' }),
  })
  const seenByEveryone = (['visitor', 'unverified', 'other'] as const).flatMap((caller) => [
    visible(caller, 'public search finds it', () => '/api/sets/public?search=walrus', () => ({ totalItems: 1, items: [{ id: flip.id }] })),
    visible(caller, 'its cards can be read', () => `/api/sets/${flip.id}/cards`, () => ({ totalItems: 2 })),
    visible(caller, 'its tag is in the public tags', () => '/api/sets/tags', () => ({ tags: expect.arrayContaining(['FLIPTAG']) })),
  ])

  scenarios(getApp, [
    ...seenByEveryone,
    setPublic(false),
    ...(['visitor', 'unverified', 'other'] as const).flatMap((caller) => invisibleTo(caller, () => flip, words, markers)),
    {
      name: 'other: writing to it is 404 now, no longer 403',
      method: 'PATCH',
      url: () => `/api/sets/${flip.id}`,
      token: tokenOf('other'),
      body: { title: 'mine now' },
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    {
      name: 'other: adding a card to it is 404 now',
      method: 'POST',
      url: () => `/api/sets/${flip.id}/cards`,
      token: tokenOf('other'),
      body: { term: 'x', definition: 'y' },
      expectedStatus: 404,
      expectedBody: setNotFound,
    },
    visible('owner', 'still sees it in my sets', () => '/api/sets?search=walrus', () => ({ totalItems: 1, items: [{ id: flip.id, isPublic: false }] })),
    visible('owner', 'still has its tag in my tags', () => '/api/sets/tags?scope=mine', () => ({ tags: expect.arrayContaining(['FLIPTAG']) })),
    visible('owner', 'still reads its cards', () => `/api/sets/${flip.id}/cards`, () => ({ totalItems: 2 })),
    setPublic(true),
    ...seenByEveryone.map((row) => ({ ...row, name: `public again, ${row.name}` })),
  ])
})
