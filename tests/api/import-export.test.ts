import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardMessages, messages as m } from '#shared/messages'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'
import { expectCards, forbidden, invalid, setNotFound, setShape, unauthenticated, unverified } from './sets-helpers'

let app: TestApp
let owner: Account
let other: Account
let newcomer: Account
beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'importer' })
  other = await createAccount(app, { username: 'bystander' })
  newcomer = await createAccount(app, { username: 'newcomer', verified: false })
})
afterAll(() => app.close())

const numbered = (n: number) => Array.from({ length: n }, (_, i) => ({ term: `Term ${i + 1}`, definition: `Definition ${i + 1}` }))

async function rowCounts() {
  const [sets, cards] = await Promise.all([
    app.db
      .selectFrom('study_sets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    app.db
      .selectFrom('flashcards')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { sets: Number(sets.n), cards: Number(cards.n) }
}

const importSet = (body: unknown, token: string | null = owner.token) => app.api('POST', '/api/sets/import', { token: token ?? undefined, body })

describe('POST /api/sets/import', () => {
  it('creates one set with all 500 cards, positions 1..500 and cardCount 500', async () => {
    const before = await rowCounts()
    const response = await importSet({ title: 'Five hundred', description: 'From my notes', cards: numbered(500) })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toEqual(setShape(owner, { title: 'Five hundred', description: 'From my notes', tags: '', isPublic: false, cardCount: 500 }))
    await expectCards(
      app,
      owner,
      response.body.id,
      numbered(500).map((card) => card.term),
    )
    expect(await rowCounts()).toEqual({ sets: before.sets + 1, cards: before.cards + 500 })
  })

  it('cleans each card: markup stripped, profanity masked, cut to 120/300; cards left empty are dropped', async () => {
    const response = await importSet({
      title: '<b>Cleaned</b> set',
      cards: [
        { term: '<b>Bold</b> shit', definition: '<script>alert(1)</script>Kept <i>text</i>' },
        { term: '<img src=x onerror=alert(1)>', definition: 'nothing left of the term' },
        { term: 'only a term', definition: '   ' },
        { term: `  ${'t'.repeat(130)}  `, definition: 'd'.repeat(310) },
        { term: 'Extra keys', definition: 'are ignored', tags: ['x'] },
      ],
    })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ title: 'Cleaned set', cardCount: 3 })
    const cards = await expectCards(app, owner, response.body.id, ['Bold ****', 't'.repeat(120), 'Extra keys'])
    expect(cards.map((card) => card.definition)).toEqual(['Kept text', 'd'.repeat(300), 'are ignored'])
  })

  const refused: Array<{ name: string; body: unknown; expected: unknown }> = [
    {
      name: '501 cards',
      body: { title: 'Too many', cards: numbered(501) },
      expected: apiError(400, 'invalid_input', 'Maximum of 500 flashcards allowed', { cards: 'Maximum of 500 flashcards allowed' }),
    },
    {
      name: 'a card with a term that is not text',
      body: { title: 'Broken card', cards: [...numbered(10), { term: 42, definition: 'x' }] },
      expected: invalid({ cards: 'Each flashcard needs a term as text.' }),
    },
    {
      name: 'a card that is not an object',
      body: { title: 'Broken card', cards: [...numbered(3), null] },
      expected: invalid({ cards: 'Each flashcard must be an object with a term and a definition.' }),
    },
    {
      name: 'no card left after cleaning',
      body: {
        title: 'Empty',
        cards: [
          { term: '<br>', definition: 'x' },
          { term: 'y', definition: ' ' },
        ],
      },
      expected: apiError(400, 'invalid_input', 'No valid flashcards found in file', { cards: 'No valid flashcards found in file' }),
    },
    {
      name: 'no cards at all',
      body: { title: 'Empty', cards: [] },
      expected: apiError(400, 'invalid_input', 'No valid flashcards found in file', { cards: 'No valid flashcards found in file' }),
    },
    {
      name: 'cards missing',
      body: { title: 'Empty' },
      expected: apiError(400, 'invalid_input', 'No valid flashcards found in file', { cards: 'No valid flashcards found in file' }),
    },
    { name: 'a missing title', body: { cards: numbered(5) }, expected: invalid({ title: 'Title is required' }) },
    { name: 'a blank title', body: { title: ' <p> </p> ', cards: numbered(5) }, expected: invalid({ title: 'Title is required' }) },
    {
      name: 'a 46-character title',
      body: { title: 'x'.repeat(46), cards: numbered(5) },
      expected: invalid({ title: 'Title must be less than 45 characters' }),
    },
    {
      name: 'a profane title',
      body: { title: 'shit notes', cards: numbered(5) },
      expected: invalid({ title: 'Title contains inappropriate words. Please revise.' }),
    },
    {
      name: 'a 301-character description',
      body: { title: 'Fine', description: 'x'.repeat(301), cards: numbered(5) },
      expected: invalid({ description: 'Description must be less than 300 characters' }),
    },
  ]

  it.each(refused)('refuses $name and changes nothing', async ({ body, expected }) => {
    const before = await rowCounts()
    const response = await importSet(body)
    expect(response.status, response.text).toBe(400)
    expect(response.body).toEqual(expected)
    expect(await rowCounts()).toEqual(before)
  })

  it('takes a 45-character title', async () => {
    const response = await importSet({ title: 'x'.repeat(45), cards: numbered(1) })
    expect(response.status, response.text).toBe(201)
  })

  it('is for verified users only', async () => {
    const before = await rowCounts()
    const visitor = await importSet({ title: 'Visitor', cards: numbered(2) }, null)
    expect([visitor.status, visitor.body]).toEqual([401, unauthenticated])
    const unverifiedUser = await importSet({ title: 'Unverified', cards: numbered(2) }, newcomer.token)
    expect([unverifiedUser.status, unverifiedUser.body]).toEqual([403, unverified])
    expect(await rowCounts()).toEqual(before)
  })

  it('is not taken for a set id', async () => {
    const response = await app.api('GET', '/api/sets/import', { token: owner.token })
    expect(response.status).not.toBe(200)
  })
})

describe('GET /api/sets/:id/export', () => {
  const title = 'Biology: "Cells" / Ch. 1 ✓'
  let setId: string
  let publicSetId: string
  beforeAll(async () => {
    const created = await importSet({
      title,
      cards: [
        { term: 'Cell, unit', definition: 'The "basic" unit\nof life' },
        { term: 'Atom', definition: 'Smallest, indivisible' },
        { term: 'Café', definition: 'Coffee ☕' },
      ],
    })
    expect(created.status, created.text).toBe(201)
    setId = created.body.id
    const published = await importSet({ title: 'Public', cards: numbered(1) })
    publicSetId = published.body.id
    const patched = await app.api('PATCH', `/api/sets/${publicSetId}`, { token: owner.token, body: { isPublic: true } })
    expect(patched.status, patched.text).toBe(200)
  })

  const disposition = (extension: string) =>
    `attachment; filename="Biology_ _Cells_ _ Ch. 1 _.${extension}"; filename*=UTF-8''Biology_%20_Cells_%20_%20Ch.%201%20%E2%9C%93.${extension}`

  it('gives JSON with term and definition, in position order', async () => {
    const response = await app.api('GET', `/api/sets/${setId}/export?format=json`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(disposition('json'))
    // Each card with its guid (issue 27: a newer export updates the set it came from).
    const guids = (await app.api('GET', `/api/sets/${setId}/cards`, { token: owner.token })).body.items.map((card: { guid: string }) => card.guid)
    expect(response.text).toBe(
      `[\n  {\n    "term": "Cell, unit",\n    "definition": "The \\"basic\\" unit\\nof life",\n    "guid": ${JSON.stringify(guids[0])}\n  },\n` +
        `  {\n    "term": "Atom",\n    "definition": "Smallest, indivisible",\n    "guid": ${JSON.stringify(guids[1])}\n  },\n` +
        `  {\n    "term": "Café",\n    "definition": "Coffee ☕",\n    "guid": ${JSON.stringify(guids[2])}\n  }\n]\n`,
    )
  })

  it('carries a cloze card and a reverse card in JSON, and an import of that file brings them back as they were', async () => {
    const created = await importSet({
      title: 'Kinds',
      cards: [
        { term: '{{c1::Paris}} is in {{c2::France::country}}', definition: '', kind: 'cloze' },
        { term: 'hund', definition: 'dog', reverse: true },
        { term: 'katze', definition: 'cat' },
        // Dropped as a card without content would be: a cloze card without a deletion; reverse is for basic cards only.
        { term: 'no deletion here', definition: 'x', kind: 'cloze' },
        { term: '{{c3::x}}', definition: '', kind: 'cloze', reverse: true },
      ],
    })
    expect(created.status, created.text).toBe(201)
    const exported = await app.api('GET', `/api/sets/${created.body.id}/export?format=json`, { token: owner.token })
    const file = JSON.parse(exported.text)
    expect(file).toEqual([
      { term: '{{c1::Paris}} is in {{c2::France::country}}', definition: '', kind: 'cloze', guid: expect.any(String) },
      { term: 'hund', definition: 'dog', reverse: true, guid: expect.any(String) },
      { term: 'katze', definition: 'cat', guid: expect.any(String) },
      { term: '{{c3::x}}', definition: '', kind: 'cloze', guid: expect.any(String) },
    ])
    const again = await importSet({ title: 'Kinds again', cards: file })
    expect(again.status, again.text).toBe(201)
    const cards = await app.api('GET', `/api/sets/${again.body.id}/cards`, { token: owner.token })
    expect(cards.body.items.map((card: { kind: string; reverse: boolean; prompts: string[] }) => [card.kind, card.reverse, card.prompts])).toEqual([
      ['cloze', false, ['c1', 'c2']],
      ['basic', true, ['f', 'r']],
      ['basic', false, ['f']],
      ['cloze', false, ['c3']],
    ])
  })

  it('refuses a kind that is not basic or cloze in an import', async () => {
    const response = await importSet({ title: 'Bad kind', cards: [{ term: 'a', definition: 'b', kind: 'image' }] })
    expect(response.body).toEqual(invalid({ cards: cardMessages.kind }))
  })

  it('gives CSV with a Term,Definition header and commas in values replaced by semicolons', async () => {
    const response = await app.api('GET', `/api/sets/${setId}/export?format=csv`, { token: owner.token })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe(disposition('csv'))
    expect(response.text).toBe('Term,Definition\r\nCell; unit,"The ""basic"" unit\nof life"\r\nAtom,Smallest; indivisible\r\nCafé,Coffee ☕\r\n')
  })

  it('defaults to JSON and refuses other formats', async () => {
    const json = await app.api('GET', `/api/sets/${setId}/export`, { token: owner.token })
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const xml = await app.api('GET', `/api/sets/${setId}/export?format=xml`, { token: owner.token })
    expect([xml.status, xml.body]).toEqual([400, invalid({ format: 'Format must be json, csv, txt or apkg.' })])
  })

  it('is for the owner only', async () => {
    const visitor = await app.api('GET', `/api/sets/${setId}/export?format=csv`)
    expect([visitor.status, visitor.body]).toEqual([401, unauthenticated])
    const privateOfOther = await app.api('GET', `/api/sets/${setId}/export?format=csv`, { token: other.token })
    expect([privateOfOther.status, privateOfOther.body]).toEqual([404, setNotFound])
    const publicOfOther = await app.api('GET', `/api/sets/${publicSetId}/export?format=json`, { token: other.token })
    expect([publicOfOther.status, publicOfOther.body]).toEqual([403, forbidden])
    const missing = await app.api('GET', '/api/sets/doesnotexist123/export', { token: owner.token })
    expect([missing.status, missing.body]).toEqual([404, setNotFound])
  })
})

describe('the import rate limit', () => {
  let limited: TestApp
  afterAll(() => limited?.close())

  it('answers 429 after RATE_LIMIT_IMPORT imports per window', async () => {
    limited = await startTestApp({ rateLimits: { windowSeconds: 60, import: 2 } })
    const user = await createAccount(limited, { username: 'rapid' })
    const send = () => limited.api('POST', '/api/sets/import', { token: user.token, body: { title: 'Again', cards: numbered(3) } })
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual(apiError(429, 'rate_limited', m.rateLimited))
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    limited.clock.advance(61_000)
    expect((await send()).status).toBe(201)
  })
})
