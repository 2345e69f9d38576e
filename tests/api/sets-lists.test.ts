import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudySet } from '#shared/api/sets'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { createSet, invalid, unauthenticated } from './sets-helpers'

/**
 * The set lists (GET /api/sets, /api/sets/public, /api/sets/tags): search in title or
 * description (case-insensitive, '%' and '_' literal), repeated `tag` filters joined with AND,
 * newest first, right totals and pages, and the two tag lists. The public list searches words
 * (its full-text index): every word of the search, the last one as a prefix, accents folded; a
 * search without letters or digits is matched as text. My sets match the search anywhere.
 */

let app: TestApp
const getApp = () => app
let alice: Account
let bob: Account
/** Every set by a short name; created one minute apart, in this order. */
const sets: Record<string, StudySet> = {}

const FIXTURES: [name: string, owner: 'alice' | 'bob', body: { title: string; description?: string; tags?: string; isPublic?: boolean }][] = [
  ['cells', 'alice', { title: 'Cell Biology', description: 'Mitochondria and ribosomes', tags: 'bio, sci', isPublic: true }],
  ['organic', 'alice', { title: 'Organic Chemistry', description: 'Carbon compounds', tags: 'chem, sci', isPublic: true }],
  ['percent', 'alice', { title: '100% Vocabulary', description: 'Words with under_scores', tags: 'lang', isPublic: true }],
  ['diary', 'alice', { title: 'Private Diary', description: 'biology notes, not shared', tags: 'bio, private' }],
  ['oekologie', 'alice', { title: 'Ökologie', description: 'Umwelt und Natur', tags: 'de, sci', isPublic: true }],
  ['towers', 'bob', { title: 'Radio Physics', description: 'How CELL towers work', tags: 'phys, sci', isPublic: true }],
  ['bobsecret', 'bob', { title: 'Bob Hidden Cells', description: 'mine alone', tags: 'bobtag, sci' }],
  ['plain', 'bob', { title: 'Plain set', isPublic: true }],
]

beforeAll(async () => {
  app = await startTestApp()
  alice = await createAccount(app, { username: 'alice' })
  bob = await createAccount(app, { username: 'bob' })
  for (const [name, owner, body] of FIXTURES) {
    sets[name] = await createSet(app, owner === 'alice' ? alice : bob, body)
    app.clock.advance(60_000)
  }
})
afterAll(() => app.close())

/** Names of FIXTURES, newest first. */
const newestFirst = (names: string[]) =>
  FIXTURES.map(([name]) => name)
    .filter((name) => names.includes(name))
    .reverse()

const PUBLIC = ['cells', 'organic', 'percent', 'oekologie', 'towers', 'plain']
const ALICE = ['cells', 'organic', 'percent', 'diary', 'oekologie']
const BOB = ['towers', 'bobsecret', 'plain']

const tokens = { alice: () => alice.token, bob: () => bob.token, visitor: () => undefined }

/** A list row: exactly these sets (by fixture name), in this order, with right totals. */
function list(
  name: string,
  url: string,
  who: keyof typeof tokens,
  names: string[],
  paging: { page?: number; perPage?: number; totalItems?: number } = {},
): ApiScenario {
  const perPage = paging.perPage ?? 30
  const totalItems = paging.totalItems ?? names.length
  return {
    name: `${url}: ${name}`,
    method: 'GET',
    url,
    token: tokens[who],
    expectedStatus: 200,
    expectedContent: { page: paging.page ?? 1, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage) },
    after: (response: ApiResponse) => {
      const byId = new Map(Object.entries(sets).map(([key, set]) => [set.id, key]))
      expect(response.body.items.map((set: StudySet) => byId.get(set.id))).toEqual(names)
    },
  }
}

describe('GET /api/sets/public: order, search and tag filters', () => {
  scenarios(getApp, [
    list('every public set, newest first; private ones not counted', '/api/sets/public', 'visitor', newestFirst(PUBLIC)),
    list('the same for a signed-in user', '/api/sets/public', 'bob', newestFirst(PUBLIC)),
    list('search in titles, case-insensitive', '/api/sets/public?search=cell', 'visitor', ['towers', 'cells']),
    list('search in descriptions too', '/api/sets/public?search=CARBON', 'visitor', ['organic']),
    list('search is trimmed', '/api/sets/public?search=%20%20carbon%20', 'visitor', ['organic']),
    list('the last word matches as a prefix', '/api/sets/public?search=mitoch', 'visitor', ['cells']),
    list('a part inside a word is not a word', '/api/sets/public?search=ochond', 'visitor', []),
    list('every word, in title or description', '/api/sets/public?search=cell%20tow', 'visitor', ['towers']),
    list('only the last word is a prefix', '/api/sets/public?search=tow%20cell', 'visitor', []),
    list('accents folded: okologie finds Ökologie', '/api/sets/public?search=okologie', 'visitor', ['oekologie']),
    list('"biology" is in a private description: only the public title matches', '/api/sets/public?search=biology', 'visitor', ['cells']),
    list("'%' is a literal percent sign", '/api/sets/public?search=%25', 'visitor', ['percent']),
    list("'100%' is literal too", '/api/sets/public?search=100%25', 'visitor', ['percent']),
    list("'%' between words separates them as a space would", '/api/sets/public?search=cell%25bio', 'visitor', ['cells']),
    list("'%' with a tag: literal, within the tag's sets", '/api/sets/public?search=%25&tag=lang', 'visitor', ['percent']),
    list("'%' with a tag no '%' set has: nothing", '/api/sets/public?search=%25&tag=sci', 'visitor', []),
    list("'_' is a literal underscore", '/api/sets/public?search=_', 'visitor', ['percent']),
    list("'_' does not stand for any one character", '/api/sets/public?search=c_ll', 'visitor', []),
    list('a backslash is literal', '/api/sets/public?search=%5C', 'visitor', []),
    list('a quote is just text', "/api/sets/public?search='", 'visitor', []),
    list('case-insensitive beyond ASCII: ö finds Ö', '/api/sets/public?search=%C3%B6kologie', 'visitor', ['oekologie']),
    list('case-insensitive beyond ASCII: ÖKOLOGIE finds Ökologie', '/api/sets/public?search=%C3%96KOLOGIE', 'visitor', ['oekologie']),
    list('an empty search is no filter', '/api/sets/public?search=', 'visitor', newestFirst(PUBLIC)),
    list('no match: empty, totals 0', '/api/sets/public?search=nothing-like-this', 'visitor', []),
    list('one tag', '/api/sets/public?tag=SCI', 'visitor', ['towers', 'oekologie', 'organic', 'cells']),
    list('a tag in lower case, with spaces', '/api/sets/public?tag=%20sci%20', 'visitor', ['towers', 'oekologie', 'organic', 'cells']),
    list('two tags: AND', '/api/sets/public?tag=sci&tag=bio', 'visitor', ['cells']),
    list('two tags, other order: the same', '/api/sets/public?tag=bio&tag=sci', 'visitor', ['cells']),
    list('two tags no set has together: nothing', '/api/sets/public?tag=bio&tag=chem', 'visitor', []),
    list('the same tag twice: as once', '/api/sets/public?tag=chem&tag=CHEM', 'visitor', ['organic']),
    list('three tags', '/api/sets/public?tag=sci&tag=de&tag=sci', 'visitor', ['oekologie']),
    list("a private set's tag: nothing", '/api/sets/public?tag=private', 'visitor', []),
    list('a tag is matched whole, not as a part', '/api/sets/public?tag=sc', 'visitor', []),
    list('tag and search together', '/api/sets/public?tag=sci&search=o', 'visitor', ['oekologie', 'organic']),
    list('tag and search together, narrower', '/api/sets/public?tag=sci&search=tower', 'visitor', ['towers']),
    list('an empty tag is no filter', '/api/sets/public?tag=', 'visitor', newestFirst(PUBLIC)),
    {
      name: 'a tag over 10 characters: 400',
      method: 'GET',
      url: '/api/sets/public?tag=abcdefghijk',
      expectedStatus: 400,
      expectedBody: invalid({ tag: 'Tag must be at most 10 characters.' }),
    },
    {
      name: 'a search over 200 characters: 400',
      method: 'GET',
      url: `/api/sets/public?search=${'s'.repeat(201)}`,
      expectedStatus: 400,
      expectedBody: invalid({ search: 'Search must be at most 200 characters.' }),
    },
  ])
})

describe('pagination of the set lists', () => {
  const all = newestFirst(PUBLIC)
  scenarios(getApp, [
    list('page 1 of 3', '/api/sets/public?perPage=2', 'visitor', all.slice(0, 2), { perPage: 2, totalItems: 6 }),
    list('page 2 of 3', '/api/sets/public?perPage=2&page=2', 'visitor', all.slice(2, 4), { page: 2, perPage: 2, totalItems: 6 }),
    list('page 3 of 3', '/api/sets/public?perPage=2&page=3', 'visitor', all.slice(4, 6), { page: 3, perPage: 2, totalItems: 6 }),
    list('past the end', '/api/sets/public?perPage=2&page=4', 'visitor', [], { page: 4, perPage: 2, totalItems: 6 }),
    list('perPage 4: a short last page', '/api/sets/public?perPage=4&page=2', 'visitor', all.slice(4), { page: 2, perPage: 4, totalItems: 6 }),
    list('filtered and paged: totals of the filter', '/api/sets/public?tag=sci&perPage=3&page=2', 'visitor', ['cells'], { page: 2, perPage: 3, totalItems: 4 }),
    list('perPage 500', '/api/sets/public?perPage=500', 'visitor', all, { perPage: 500 }),
    list('my sets, paged', '/api/sets?perPage=2&page=2', 'alice', newestFirst(ALICE).slice(2, 4), { page: 2, perPage: 2, totalItems: 5 }),
    ...(
      [
        ['perPage=501', { perPage: 'Must be at most 500.' }],
        ['perPage=0', { perPage: 'Must be at least 1.' }],
        ['perPage=ten', { perPage: 'Must be a whole number.' }],
        ['page=0', { page: 'Must be at least 1.' }],
        ['page=1.5', { page: 'Must be a whole number.' }],
      ] as const
    ).flatMap(([query, fields]): ApiScenario[] => [
      { name: `/api/sets/public?${query}: 400`, method: 'GET', url: `/api/sets/public?${query}`, expectedStatus: 400, expectedBody: invalid(fields) },
      { name: `/api/sets?${query}: 400`, method: 'GET', url: `/api/sets?${query}`, token: tokens.alice, expectedStatus: 400, expectedBody: invalid(fields) },
    ]),
  ])
})

describe('GET /api/sets: my sets, private included, with the same search and filters', () => {
  scenarios(getApp, [
    list("alice's own, newest first", '/api/sets', 'alice', newestFirst(ALICE)),
    list("bob's own, newest first", '/api/sets', 'bob', newestFirst(BOB)),
    list('search finds my private set by its description', '/api/sets?search=BIOLOGY', 'alice', ['diary', 'cells']),
    list("search never finds someone else's set", '/api/sets?search=cell', 'alice', ['cells']),
    list("bob's search: his private one and his public one", '/api/sets?search=cell', 'bob', ['bobsecret', 'towers']),
    list('my sets match as public sets do: a part inside a word is not a word', '/api/sets?search=ochond', 'alice', []),
    list('my sets: the last word as a prefix, accents folded', '/api/sets?search=okolo', 'alice', ['oekologie']),
    list('my sets: every word, only the last a prefix', '/api/sets?search=biology%20not', 'alice', ['diary']),
    list("my sets: '%' is literal (no words: contains)", '/api/sets?search=%25', 'alice', ['percent']),
    list('tag filter with my private tag', '/api/sets?tag=private', 'alice', ['diary']),
    list('two tags: AND', '/api/sets?tag=bio&tag=private', 'alice', ['diary']),
    list('two tags: AND, public and private sets', '/api/sets?tag=bio', 'alice', ['diary', 'cells']),
    list("another user's tag: nothing", '/api/sets?tag=bobtag', 'alice', []),
    { name: 'without a token: 401', method: 'GET', url: '/api/sets?search=cell', expectedStatus: 401, expectedBody: unauthenticated },
  ])
})

describe('Public Sets and My Sets match a search the same way', () => {
  const SEARCHES = [
    'cell',
    'CARBON',
    'mitoch',
    'ochond',
    'cell tow',
    'tow cell',
    'okologie',
    'ÖKOLOGIE',
    '%',
    '100%',
    'cell%bio',
    '_',
    'c_ll',
    'o',
    'vocab',
    "'",
  ]
  it.each(SEARCHES)("%s: the same of alice's public sets in both lists", async (search) => {
    const ids = async (url: string, token?: string) =>
      ((await app.api('GET', `${url}?search=${encodeURIComponent(search)}&perPage=100`, { token })).body.items as StudySet[]).map((set) => set.id)
    const publicOfAlice = (await ids('/api/sets/public')).filter((id) => Object.values(sets).some((set) => set.id === id && set.owner?.id === alice.id))
    const mine = await ids('/api/sets', alice.token)
    const minePublic = mine.filter((id) => Object.values(sets).some((set) => set.id === id && set.isPublic))
    expect(minePublic).toEqual(publicOfAlice)
  })
})

describe('tag lists: distinct and sorted', () => {
  const tagRow = (name: string, url: string, who: keyof typeof tokens, tags: string[]): ApiScenario => ({
    name: `${url}: ${name}`,
    method: 'GET',
    url,
    token: tokens[who],
    expectedStatus: 200,
    expectedBody: { tags },
  })
  scenarios(getApp, [
    tagRow('public: the tags of public sets only', '/api/sets/tags?scope=public', 'visitor', ['BIO', 'CHEM', 'DE', 'LANG', 'PHYS', 'SCI']),
    tagRow('no scope: public', '/api/sets/tags', 'alice', ['BIO', 'CHEM', 'DE', 'LANG', 'PHYS', 'SCI']),
    tagRow('mine, alice: hers only, private included', '/api/sets/tags?scope=mine', 'alice', ['BIO', 'CHEM', 'DE', 'LANG', 'PRIVATE', 'SCI']),
    tagRow('mine, bob: his only, private included', '/api/sets/tags?scope=mine', 'bob', ['BOBTAG', 'PHYS', 'SCI']),
    {
      name: 'alice makes her diary public',
      method: 'PATCH',
      url: () => `/api/sets/${sets.diary?.id}`,
      token: tokens.alice,
      body: { isPublic: true },
      expectedStatus: 200,
    },
    tagRow('public: its tag is there now', '/api/sets/tags?scope=public', 'visitor', ['BIO', 'CHEM', 'DE', 'LANG', 'PHYS', 'PRIVATE', 'SCI']),
    {
      name: 'alice changes the tags of Organic Chemistry',
      method: 'PATCH',
      url: () => `/api/sets/${sets.organic?.id}`,
      token: tokens.alice,
      body: { tags: 'Organic' },
      expectedStatus: 200,
      expectedContent: { tags: 'ORGANIC' },
    },
    tagRow('public: CHEM is gone with its only set, ORGANIC is there', '/api/sets/tags?scope=public', 'visitor', [
      'BIO',
      'DE',
      'LANG',
      'ORGANIC',
      'PHYS',
      'PRIVATE',
      'SCI',
    ]),
    list('the old tag filter finds nothing now', '/api/sets/public?tag=chem', 'visitor', []),
    {
      name: 'alice deletes the diary',
      method: 'DELETE',
      url: () => `/api/sets/${sets.diary?.id}`,
      token: tokens.alice,
      expectedStatus: 204,
    },
    tagRow('public: PRIVATE is gone with it; BIO stays (another set has it)', '/api/sets/tags', 'visitor', ['BIO', 'DE', 'LANG', 'ORGANIC', 'PHYS', 'SCI']),
    tagRow('mine, alice: the same', '/api/sets/tags?scope=mine', 'alice', ['BIO', 'DE', 'LANG', 'ORGANIC', 'SCI']),
  ])
})

describe('newest first stays right as sets are added and edited', () => {
  scenarios(getApp, [
    {
      name: 'a new public set',
      method: 'POST',
      url: '/api/sets',
      token: tokens.bob,
      body: { title: 'Newest', isPublic: true },
      before: () => app.clock.advance(60_000),
      expectedStatus: 201,
      after: (response) => {
        sets.newest = response.body
      },
    },
    {
      name: 'an edit of an old set does not move it (the order is by created, not updated)',
      method: 'PATCH',
      url: () => `/api/sets/${sets.cells?.id}`,
      token: tokens.alice,
      body: { description: 'edited later' },
      before: () => app.clock.advance(60_000),
      expectedStatus: 200,
    },
    list('the new one first, the edited one still last', '/api/sets/public', 'visitor', [
      'newest',
      'plain',
      'towers',
      'oekologie',
      'percent',
      'organic',
      'cells',
    ]),
  ])
})
