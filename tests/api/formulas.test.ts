import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StudySet } from '#shared/api/sets'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { allCards, createSet } from './sets-helpers'

/**
 * Formulas (api.md, "Third round" > Formulas): the server's text cleaning keeps `\(...\)` and
 * `\[...\]` verbatim in terms and definitions (a `<` inside is "less than"), strips markup from
 * the text around them, and stays the authority: hostile text outside a formula is stripped as
 * before, and what a formula holds is only ever drawn by KaTeX or shown as text (the renderer's
 * tests and e2e/formulas.spec.ts show that it draws no markup).
 */

let app: TestApp
let owner: Account
let set: StudySet

beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'formula_writer' })
  set = await createSet(app, owner, { title: 'Formulas' })
})
afterAll(() => app.close())

async function saved(term: string, definition = 'd'): Promise<{ term: string; definition: string }> {
  const response = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term, definition } })
  expect(response.status, response.text).toBe(201)
  const row = await app.db.selectFrom('flashcards').select(['term', 'definition']).where('id', '=', response.body.id).executeTakeFirstOrThrow()
  // What the API answers is what the database holds.
  expect({ term: response.body.term, definition: response.body.definition }).toEqual(row)
  return row
}

describe('formulas are kept verbatim, the text around them cleaned', () => {
  it.each([
    ['inline', 'Area: \\(\\pi r^2\\)', 'Area: \\(\\pi r^2\\)'],
    ['display', '\\[\\int_0^1 x\\,dx = \\frac{1}{2}\\]', '\\[\\int_0^1 x\\,dx = \\frac{1}{2}\\]'],
    ['less-than and greater-than in a formula', '\\(a<b\\) and \\(c>d\\)', '\\(a<b\\) and \\(c>d\\)'],
    ['an ampersand (matrix columns) in a formula', '\\[\\begin{matrix}a&b\\\\c&d\\end{matrix}\\]', '\\[\\begin{matrix}a&b\\\\c&d\\end{matrix}\\]'],
    ['markup around a formula is stripped', '<b>Sum</b> \\(x<y\\) <script>alert(1)</script>end', 'Sum \\(x<y\\) end'],
    ['an opener without a closer is ordinary text, cleaned', '\\(x<b>bold</b>', '\\(xbold'],
  ])('%s', async (_name, term, expected) => {
    expect((await saved(term)).term).toBe(expected)
  })

  it('on PATCH too, and in the definition', async () => {
    const card = (await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 't', definition: 'd' } })).body
    const patched = await app.api('PATCH', `/api/sets/${set.id}/cards/${card.id}`, {
      token: owner.token,
      body: { definition: '<i>so</i> \\[\\sqrt{a<b}\\]' },
    })
    expect(patched.body.definition).toBe('so \\[\\sqrt{a<b}\\]')
  })

  it('POST /api/sets/import keeps formulas the same way', async () => {
    const response = await app.api('POST', '/api/sets/import', {
      token: owner.token,
      body: { title: 'Imported formulas', cards: [{ term: '<u>Euler</u> \\(e^{i\\pi}<0\\)', definition: '\\[e^{i\\pi}+1=0\\]' }] },
    })
    expect(response.status, response.text).toBe(201)
    expect(await allCards(app, response.body.id, owner.token)).toEqual([
      expect.objectContaining({ term: 'Euler \\(e^{i\\pi}<0\\)', definition: '\\[e^{i\\pi}+1=0\\]' }),
    ])
  })
})

describe('hostile input: the cleaning stays the authority', () => {
  it.each([
    // Inside a formula: kept as text; KaTeX (trust off) draws \href as an error, <img ...> as symbols.
    ['\\href in a formula', '\\(\\href{javascript:alert(1)}{click}\\)', '\\(\\href{javascript:alert(1)}{click}\\)'],
    ['a tag in a formula', '\\(<img src=x onerror=alert(1)>\\)', '\\(<img src=x onerror=alert(1)>\\)'],
    // A tag opened before a formula and closed after it: the pieces outside are stripped.
    ['a tag around a formula', '<img src=x alt="\\(" onerror=alert(1) title="\\)">', '\\(" onerror=alert(1) title="\\)">'],
    ['entities that decode to delimiters', '&#92;(<img src=x onerror=alert(1)>&#92;)', '\\(\\)'],
    ['a script around a formula', '<script>\\(x\\)</script>', '\\(x\\)'],
  ])('%s', async (_name, term, expected) => {
    const { term: kept } = await saved(term, 'def')
    expect(kept).toBe(expected)
    // Outside formulas nothing that could be a tag survives.
    const outside = kept.replace(/\\\([\s\S]*?\\\)|\\\[[\s\S]*?\\\]/g, '')
    expect(outside).not.toMatch(/<[a-z/!]/i)
  })
})
