import { afterAll, beforeAll, describe, expect } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, scenarios } from './scenarios'
import { createSet, invalid } from './sets-helpers'

/**
 * Saved text of sets and cards (docs/content-rules.md, 'Saved text'): on create and on update,
 * every text field is stripped of markup by a real sanitiser, trimmed, checked for emptiness,
 * length and profanity (these form fields are refused, not masked), and what GET returns
 * afterwards (and what the database holds) is the cleaned text.
 */

let app: TestApp
const getApp = () => app
let owner: Account
let set: StudySet
let card: Flashcard
beforeAll(async () => {
  app = await startTestApp()
  owner = await createAccount(app, { username: 'writer' })
  set = await createSet(app, owner, { title: 'Text target', description: 'Described', tags: 'start' })
  const added = await app.api('POST', `/api/sets/${set.id}/cards`, { token: owner.token, body: { term: 'Start term', definition: 'Start definition' } })
  expect(added.status, added.text).toBe(201)
  card = added.body
})
afterAll(() => app.close())

type SetField = 'title' | 'description'
type CardField = 'term' | 'definition'
type Field = SetField | CardField

interface FieldRule {
  label: string
  max: number
  required: boolean
  kind: 'set' | 'card'
}
const FIELDS: Record<Field, FieldRule> = {
  title: { label: 'Title', max: 45, required: true, kind: 'set' },
  description: { label: 'Description', max: 300, required: false, kind: 'set' },
  term: { label: 'Term', max: 120, required: true, kind: 'card' },
  definition: { label: 'Definition', max: 300, required: true, kind: 'card' },
}

/** Where a field is written: a create or an update route, with what else the body needs. */
interface Target {
  name: string
  method: 'POST' | 'PATCH'
  kind: 'set' | 'card'
  url: () => string
  rest: Record<string, unknown>
}
const TARGETS: Target[] = [
  { name: 'POST /api/sets', method: 'POST', kind: 'set', url: () => '/api/sets', rest: { title: 'Base title' } },
  { name: 'PATCH /api/sets/:id', method: 'PATCH', kind: 'set', url: () => `/api/sets/${set.id}`, rest: {} },
  {
    name: 'POST /api/sets/:id/cards',
    method: 'POST',
    kind: 'card',
    url: () => `/api/sets/${set.id}/cards`,
    rest: { term: 'Base term', definition: 'Base definition' },
  },
  { name: 'PATCH /api/sets/:id/cards/:cardId', method: 'PATCH', kind: 'card', url: () => `/api/sets/${set.id}/cards/${card.id}`, rest: {} },
]

/** The field as GET returns it and as the database holds it, for the record a response names. */
async function readBack(kind: 'set' | 'card', id: string, field: Field | 'tags'): Promise<{ api: unknown; db: unknown }> {
  if (kind === 'set') {
    const response = await app.api('GET', `/api/sets/${id}`, { token: owner.token })
    expect(response.status, response.text).toBe(200)
    const row = await app.db.selectFrom('study_sets').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    return { api: response.body[field], db: row[field as SetField | 'tags'] }
  }
  const response = await app.api('GET', `/api/sets/${set.id}/cards?perPage=500`, { token: owner.token })
  expect(response.status, response.text).toBe(200)
  const row = await app.db.selectFrom('flashcards').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
  return { api: response.body.items.find((item: Flashcard) => item.id === id)?.[field as CardField], db: row[field as CardField] }
}

async function countRows(kind: 'set' | 'card'): Promise<number> {
  const table = kind === 'set' ? 'study_sets' : 'flashcards'
  const { n } = await app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** What the record holds now, per target and field, so a refused update can be seen to change nothing. */
const current = new Map<string, unknown>()
const recordId = (target: Target, response?: ApiResponse) =>
  target.method === 'POST' ? (response?.body.id as string) : target.kind === 'set' ? set.id : card.id

/** A row that writes `input` into `field` and expects `stored` back, in the answer, from GET and in the database. */
function accepted(target: Target, field: Field | 'tags', name: string, input: unknown, stored: string): ApiScenario {
  return {
    name: `${target.name}, ${field}: ${name}`,
    method: target.method,
    url: target.url,
    token: () => owner.token,
    body: { ...target.rest, [field]: input },
    expectedStatus: target.method === 'POST' ? 201 : 200,
    expectedContent: { [field]: stored },
    after: async (response) => {
      expect(await readBack(target.kind, recordId(target, response), field)).toEqual({ api: stored, db: stored })
      if (target.method === 'PATCH') current.set(`${target.name} ${field}`, stored)
    },
  }
}

function withoutField(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const { [field]: _left, ...rest } = body
  return rest
}

/** A row that writes `input` into `field` and expects 400 with exactly these field messages; nothing is stored. */
function refused(target: Target, field: Field | 'tags', name: string, input: unknown, fields: Record<string, string>): ApiScenario {
  let rowsBefore = 0
  return {
    name: `${target.name}, ${field}: ${name}: 400`,
    method: target.method,
    url: target.url,
    token: () => owner.token,
    body: input === undefined ? withoutField(target.rest, field) : { ...target.rest, [field]: input },
    before: async () => {
      rowsBefore = await countRows(target.kind)
    },
    expectedStatus: 400,
    expectedBody: invalid(fields),
    after: async () => {
      expect(await countRows(target.kind)).toBe(rowsBefore)
      const key = `${target.name} ${field}`
      if (target.method === 'PATCH' && current.has(key)) {
        const { api, db } = await readBack(target.kind, recordId(target), field)
        expect({ api, db }).toEqual({ api: current.get(key), db: current.get(key) })
      }
    },
  }
}

/** Markup, scripts, handlers and entities: in, and what must be stored. */
const CLEANING: [name: string, input: string, stored: string][] = [
  ['tags go, the text inside stays', '<b>Cell</b> <i>wall</i>', 'Cell wall'],
  ['a script tag goes with its contents', 'Cell<script>alert("x")</script> wall', 'Cell wall'],
  ['an event-handler attribute goes with its tag', '<img src=x onerror=alert(1)>Cell wall', 'Cell wall'],
  ['a javascript: link and onclick go, the link text stays', '<a href="javascript:alert(1)" onclick="steal()">Cell</a> wall', 'Cell wall'],
  ['a style block goes with its contents', '<style>body{display:none}</style>Cell wall', 'Cell wall'],
  ['an svg onload goes', '<svg onload=alert(1)></svg>Cell wall', 'Cell wall'],
  ['an HTML comment goes', 'Cell<!-- hidden --> wall', 'Cell wall'],
  ['entities become characters', 'Salt &amp; pepper &quot;mix&quot;', 'Salt & pepper "mix"'],
  ['escaped markup cannot come back as markup', '&lt;script&gt;alert(1)&lt;/script&gt;Cell wall', 'Cell wall'],
  ['escaped bold keeps its text', '&lt;b&gt;Cell&lt;/b&gt; wall', 'Cell wall'],
  ['surrounding whitespace is trimmed', '  \n\t Cell wall \t ', 'Cell wall'],
  ['whitespace left around stripped markup is trimmed', ' <p> Cell wall </p> ', 'Cell wall'],
  ['a plain < > and & are text, and stay', '2 < 3 & 5 > 4', '2 < 3 & 5 > 4'],
  ['non-ASCII text stays as it is', 'Ökologie – ça va 🌱', 'Ökologie – ça va 🌱'],
]

/** Inputs with nothing left after stripping and trimming. */
const EMPTY: [name: string, input: unknown][] = [
  ['empty', ''],
  ['whitespace only', '  \n\t  '],
  ['a non-breaking space only', '&nbsp;'],
  ['markup only', '<b></b><i> </i>'],
  ['a script only', '<script>alert(1)</script>'],
  ['an image with a handler only', '<img src=x onerror=alert(1)>'],
]

/** Words in leo-profanity's list, the wildcard entries of shared/text/profanity.ts, and tricks. */
const PROFANE: [name: string, input: string][] = [
  ['a listed word', 'What a bastard'],
  ['a listed word in capitals', 'BITCH please'],
  ['a listed word next to a comma', 'well,bullshit'],
  ['a wildcard stem inside a longer word', 'you shithead'],
  ['a word split by markup, joined again by stripping', 'what a bas<b></b>tard'],
  ['a word spelled with an entity', 'what a &#98;itch'],
]

function fieldRows(target: Target, field: Field): ApiScenario[] {
  const rule = FIELDS[field]
  const rows: ApiScenario[] = CLEANING.map(([name, input, stored]) => accepted(target, field, name, input, stored))
  for (const [name, input] of EMPTY) {
    rows.push(
      rule.required
        ? refused(target, field, name, input, { [field]: `${rule.label} cannot be empty.` })
        : accepted(target, field, `${name}: stored as empty`, input, ''),
    )
  }
  if (rule.required && target.method === 'POST') {
    rows.push(refused(target, field, 'missing', undefined, { [field]: `${rule.label} cannot be empty.` }))
  }
  if (rule.required && target.method === 'PATCH') {
    rows.push(refused(target, field, 'null', null, { [field]: `${rule.label} cannot be empty.` }))
  }
  for (const [name, input] of PROFANE) {
    rows.push(refused(target, field, `profanity, ${name}`, input, { [field]: `${rule.label} contains inappropriate words. Please revise.` }))
  }
  rows.push(
    accepted(
      target,
      field,
      'whole-word matching: words that only contain a listed word are fine',
      'Scunthorpe class assessment',
      'Scunthorpe class assessment',
    ),
    accepted(target, field, `exactly ${rule.max} characters`, 'x'.repeat(rule.max), 'x'.repeat(rule.max)),
    refused(target, field, `${rule.max + 1} characters`, 'x'.repeat(rule.max + 1), { [field]: `${rule.label} must be at most ${rule.max} characters.` }),
    accepted(target, field, `${rule.max} characters inside markup: the markup does not count`, `<b>${'y'.repeat(rule.max)}</b>`, 'y'.repeat(rule.max)),
    accepted(target, field, `${rule.max} entities: each counts as one character`, '&amp;'.repeat(rule.max), '&'.repeat(rule.max)),
    accepted(target, field, `${rule.max} characters with whitespace around: trimmed first`, `   ${'z'.repeat(rule.max)}   `, 'z'.repeat(rule.max)),
    refused(target, field, `${rule.max + 1} characters left after stripping`, `<i>${'w'.repeat(rule.max + 1)}</i>`, {
      [field]: `${rule.label} must be at most ${rule.max} characters.`,
    }),
    refused(target, field, 'not a string', 42, { [field]: `${rule.label} cannot be empty.` }),
  )
  return rows
}

for (const target of TARGETS) {
  describe(`${target.name}: text fields`, () => {
    const fields = (Object.keys(FIELDS) as Field[]).filter((field) => FIELDS[field].kind === target.kind)
    scenarios(
      getApp,
      fields.flatMap((field) => fieldRows(target, field)),
    )
  })
}

/** Tags: one comma-separated string, each tag cleaned, trimmed, upper-cased, de-duplicated. */
const TAGS_ACCEPTED: [name: string, input: string, stored: string][] = [
  ['upper-cased, trimmed, de-duplicated in order', 'bio, Sci,BIO', 'BIO,SCI'],
  ['empty pieces dropped', ' , ,bio,, ,', 'BIO'],
  ['empty', '', ''],
  ['whitespace only', '   ', ''],
  ['markup stripped from each tag', '<b>bio</b>, <i>sci</i>', 'BIO,SCI'],
  ['a script and its contents go', '<script>alert("x")</script>bio', 'BIO'],
  ['an event-handler attribute goes', '<img src=x onerror=alert(1)>bio', 'BIO'],
  ['a comma inside a tag attribute does not split the markup into text', '<img src=x onerror="alert(1,2)">bio', 'BIO'],
  ['entities become characters', 'r&amp;d', 'R&D'],
  ['an encoded comma separates tags like a comma, and duplicates still go', 'chem&#44;bio, chem', 'CHEM,BIO'],
  ['markup-only tags are dropped', '<b></b>, bio, <script>x</script>', 'BIO'],
  ['a space inside a tag stays', 'cell bio', 'CELL BIO'],
  ['non-ASCII letters are upper-cased too', 'ökologie', 'ÖKOLOGIE'],
  ['exactly 10 characters', 'abcdefghij', 'ABCDEFGHIJ'],
  ['10 characters inside markup', '<b>abcdefghij</b>', 'ABCDEFGHIJ'],
  ['exactly 10 tags', 't1,t2,t3,t4,t5,t6,t7,t8,t9,t10', 'T1,T2,T3,T4,T5,T6,T7,T8,T9,T10'],
  ['11 tags of which 2 are the same in another case: 10 tags', 't1,t2,t3,t4,t5,t6,t7,t8,t9,t10,T1', 'T1,T2,T3,T4,T5,T6,T7,T8,T9,T10'],
]
const TAGS_REFUSED: [name: string, input: unknown, message: string][] = [
  ['11 characters', 'bio, abcdefghijk', 'Tag must be at most 10 characters.'],
  ['11 characters left after stripping', '<b>abcdefghijk</b>', 'Tag must be at most 10 characters.'],
  ['11 tags', 't1,t2,t3,t4,t5,t6,t7,t8,t9,t10,t11', 'A set can have at most 10 tags.'],
  ['a listed word', 'bio, bastard', 'Tag contains inappropriate words. Please revise.'],
  ['a wildcard stem', 'shitty', 'Tag contains inappropriate words. Please revise.'],
  ['a number', 5, 'Tags must be text.'],
  ['an array', ['bio'], 'Tags must be text.'],
]

for (const target of TARGETS.filter((candidate) => candidate.kind === 'set')) {
  describe(`${target.name}: tags`, () => {
    scenarios(getApp, [
      ...TAGS_ACCEPTED.map(([name, input, stored]) => accepted(target, 'tags', name, input, stored)),
      ...TAGS_REFUSED.map(([name, input, message]) => refused(target, 'tags', name, input, { tags: message })),
    ])
  })
}

describe('the tag lists follow the stored tags', () => {
  scenarios(getApp, [
    {
      name: 'PATCH tags with markup and duplicates',
      method: 'PATCH',
      url: () => `/api/sets/${set.id}`,
      token: () => owner.token,
      body: { tags: 'zoo, <b>yak</b>,ZOO' },
      expectedStatus: 200,
      expectedContent: { tags: 'ZOO,YAK' },
    },
    {
      name: 'my tags: the cleaned tags, sorted, and no trace of the old ones',
      method: 'GET',
      url: '/api/sets/tags?scope=mine',
      token: () => owner.token,
      expectedStatus: 200,
      after: async (response) => {
        expect(response.body.tags).toEqual(expect.arrayContaining(['YAK', 'ZOO']))
        const rows = await app.db.selectFrom('set_tags').select('tag').where('set_id', '=', set.id).orderBy('tag').execute()
        expect(rows.map((row) => row.tag)).toEqual(['YAK', 'ZOO'])
      },
    },
    {
      name: 'a filter by a cleaned tag finds the set',
      method: 'GET',
      url: '/api/sets?tag=yak&tag=zoo',
      token: () => owner.token,
      expectedStatus: 200,
      expectedContent: () => ({ totalItems: 1, items: [{ id: set.id }] }),
    },
    {
      name: 'PATCH tags to empty: no tags left',
      method: 'PATCH',
      url: () => `/api/sets/${set.id}`,
      token: () => owner.token,
      body: { tags: '' },
      expectedStatus: 200,
      expectedContent: { tags: '' },
      after: async () => {
        expect(await app.db.selectFrom('set_tags').select('tag').where('set_id', '=', set.id).execute()).toEqual([])
      },
    },
  ])
})

describe('other fields and several errors at once', () => {
  scenarios(getApp, [
    {
      name: 'isPublic that is not a boolean: 400',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: 'Fine', isPublic: 'yes' },
      expectedStatus: 400,
      expectedBody: invalid({ isPublic: 'isPublic must be true or false.' }),
    },
    {
      name: 'every field wrong: one message per field',
      method: 'POST',
      url: '/api/sets',
      token: () => owner.token,
      body: { title: '<b> </b>', description: 'd'.repeat(301), tags: 'bio, waytoolongtag', isPublic: 1 },
      expectedStatus: 400,
      expectedBody: invalid({
        title: 'Title cannot be empty.',
        description: 'Description must be at most 300 characters.',
        tags: 'Tag must be at most 10 characters.',
        isPublic: 'isPublic must be true or false.',
      }),
    },
    {
      name: 'a card with both fields empty: both messages',
      method: 'POST',
      url: () => `/api/sets/${set.id}/cards`,
      token: () => owner.token,
      body: { term: ' ', definition: '<script>x</script>' },
      expectedStatus: 400,
      expectedBody: invalid({ term: 'Term cannot be empty.', definition: 'Definition cannot be empty.' }),
    },
    {
      name: 'a card with no body at all: both messages',
      method: 'POST',
      url: () => `/api/sets/${set.id}/cards`,
      token: () => owner.token,
      expectedStatus: 400,
      expectedBody: invalid({ term: 'Term cannot be empty.', definition: 'Definition cannot be empty.' }),
    },
    {
      name: 'PATCH of one field leaves the others as they were',
      method: 'PATCH',
      url: () => `/api/sets/${set.id}`,
      token: () => owner.token,
      body: { title: '  Only the <i>title</i> ' },
      expectedStatus: 200,
      after: async (response) => {
        const before = current
        expect(response.body.title).toBe('Only the title')
        expect(response.body.description).toBe(before.get('PATCH /api/sets/:id description'))
        expect(response.body.tags).toBe('')
      },
    },
  ])
})
