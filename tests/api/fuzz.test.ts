import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ErrorCode } from '#shared/api/errors'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ServedRoute, servedRoutes } from './route-list'
import { pngImage } from '#tests/support/images'
import { upload } from './media-helpers'
import { addCards, createSet } from './sets-helpers'
import { listTables, watchChanges } from '#tests/support/test-database'

/**
 * Property-based fuzzing of every API route: malformed and random bodies (wrong types, huge
 * strings, deep nesting, unicode edge cases, prototype-pollution keys), random query strings,
 * path ids and content types, sent as a visitor, with a forged token, as an unverified and as a
 * verified user. Whatever comes in: no 5xx, no hang, every error in the API's error shape with
 * the HTTP status, a rejected request leaves the database exactly as it was, and nothing in the
 * server process's prototypes is polluted afterwards.
 *
 * FUZZ_RUNS (runs per route, default 200) scales it up; FUZZ_SEED changes the seeds (route i
 * uses FUZZ_SEED + i). A failure prints its seed, path and counterexample, to replay it.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200)
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
/**
 * Fewer runs (a fifth, at least 20, never more than RUNS) for a route whose success ends the
 * caller's session (logout: a bcrypt login to recover) and for the import preview (a worker
 * thread for every file it accepts).
 */
const fewerRuns = Math.min(RUNS, Math.max(20, Math.round(RUNS / 5)))
const RUNS_THAT_SIGN_OUT = fewerRuns
const RUNS_OF_PREVIEW = fewerRuns
const PREVIEW_PATH = '/api/imports/preview'

let app: TestApp
let user: Account
let unverifiedUser: Account
let stranger: Account
/** Ids the path parameters are drawn from, besides random ones; refreshed before each route. */
const ids = { set: [] as string[], card: [] as string[], session: [] as string[], class: [] as string[], user: [] as string[], media: [] as string[] }

const PROTOTYPE_NAMES = {
  object: Object.getOwnPropertyNames(Object.prototype).sort(),
  array: Object.getOwnPropertyNames(Array.prototype).sort(),
  function: Object.getOwnPropertyNames(Function.prototype).sort(),
}

/** The change counter once the fixtures were last made (see `freshFixtures`). */
let fixturesMadeAt: number | undefined

/**
 * Sets, cards, a session, pictures and classes for the path ids, made again before each route
 * unless nothing was written since they were last made (most routes refuse every run): they are
 * then exactly as they were made, and making them is most of what a run of this file costs.
 */
async function freshFixtures(): Promise<void> {
  if (fixturesMadeAt !== undefined && (await totalChanges()) === fixturesMadeAt) return
  const open = await createSet(app, user, { title: 'Fuzz Public', tags: 'fuzz', isPublic: true })
  const closed = await createSet(app, user, { title: 'Fuzz Private' })
  const theirs = await createSet(app, stranger, { title: 'Stranger Private' })
  const cards = [...(await addCards(app, user, open.id, ['one', 'two'])), ...(await addCards(app, stranger, theirs.id, ['three']))]
  const session = await app.api('POST', `/api/sets/${open.id}/learning-sessions`, { token: user.token, body: { totalCards: 2 } })
  expect(session.status).toBe(201)
  // A picture on a public card, one on a private card and one never attached.
  const [shown, hidden, loose] = await Promise.all([11, 12, 13].map(async (size) => upload(app, user, await pngImage(size, size))))
  for (const [setId, picture] of [
    [open.id, shown],
    [closed.id, hidden],
  ] as const) {
    const card = await app.api('POST', `/api/sets/${setId}/cards`, { token: user.token, body: { term: 'pictured', definition: 'x', termImage: picture?.id } })
    expect(card.status).toBe(201)
  }
  ids.set = [open.id, closed.id, theirs.id]
  ids.card = cards.map((card) => card.id)
  ids.session = [session.body.id]
  ids.media = [shown, hidden, loose].map((picture) => picture?.id ?? 'none')
  // The user's class (the stranger a student of it, the private set assigned) and the stranger's own.
  const mine = await app.api('POST', '/api/classes', { token: user.token, body: { name: 'Fuzz Class' } })
  const strangers = await app.api('POST', '/api/classes', { token: stranger.token, body: { name: 'Stranger Class' } })
  expect([mine.status, strangers.status]).toEqual([201, 201])
  expect((await app.api('POST', '/api/classes/join', { token: stranger.token, body: { code: mine.body.joinCode } })).status).toBe(200)
  expect((await app.api('POST', `/api/classes/${mine.body.id}/sets`, { token: user.token, body: { setId: closed.id } })).status).toBe(201)
  ids.class = [mine.body.id, strangers.body.id]
  ids.user = [user.id, stranger.id, unverifiedUser.id, 'me']
  fixturesMadeAt = await totalChanges()
}

beforeAll(async () => {
  samplePng = await pngImage(20, 20)
  app = await startTestApp()
  totalChanges = await watchChanges(app.db)
  user = await createAccount(app, { username: 'fuzzer' })
  unverifiedUser = await createAccount(app, { username: 'fuzz_newcomer', verified: false })
  stranger = await createAccount(app, { username: 'fuzz_stranger' })
})
afterAll(() => app.close())

// ---- What is sent ----------------------------------------------------------------------------

const FIELD_NAMES = [
  'title',
  'description',
  'tags',
  'isPublic',
  'term',
  'definition',
  'cards',
  'totalCards',
  'correctCount',
  'incorrectCount',
  'status',
  'cardId',
  'correct',
  'mode',
  'timeTaken',
  'correctMatches',
  'incorrectMatches',
  'name',
  'email',
  'subject',
  'message',
  'website',
  'username',
  'password',
  'passwordConfirm',
  'identity',
  'token',
  'newEmail',
  'oldPassword',
  'id',
  'owner',
  'rating',
  'question',
  'outcome',
  'clientId',
  'answeredAt',
  'durationMs',
  'desiredRetention',
  'termImage',
  'definitionImage',
  'code',
  'setId',
  'regenerateCode',
]
const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'polluted', 'hasOwnProperty', 'toString', 'valueOf']
const QUERY_NAMES = [
  'page',
  'perPage',
  'search',
  'tag',
  'scope',
  'sort',
  'format',
  'token',
  'setId',
  'days',
  '__proto__',
  'constructor',
  '__proto__[polluted]',
  'tag[]',
  'a[b][c]',
]

const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\uFEFF',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  'İı',
  'ß',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE users; --",
  '%00',
  '%',
  '../../etc/passwd',
  '${7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  'public',
  'mine',
  'csv',
  'json',
  'learn',
  'write',
  'completed',
  '-position',
  'a@b.co',
  'flashcards',
  'match',
  'written',
  'almost',
  'after_miss',
  '2026-01-01T00:00:00Z',
  ...POLLUTING_KEYS,
]

const loneSurrogates = fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), maxLength: 4 })
/** What long texts are made of: one, two, four and three UTF-8 bytes, and a space. */
const LONG_UNITS = ['x', 'é', '😀', '\u0000', 'a ']
/** Nasty, random and long texts; `long` makes the long ones. */
const textWith = (long: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 1, arbitrary: loneSurrogates },
    { weight: 1, arbitrary: long },
  )
/**
 * Long texts run to 12,000 units, more than twice the longest saved text (the contact message's
 * 5,000), so every saved text's limit is crossed; the body limit has its own 1 MB body below. (The
 * import's outer bounds, 100,000 a card and 1,000,000 pasted, were out of reach at 60,000 too.)
 * Up to 60,000 they cost a quarter of this file's time (making, encoding and parsing them); a whole
 * run's answers were the same but for 2 of its 354 413s, bodies that had grown past 1 MB.
 */
const text = textWith(fc.tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min: 100, max: 12_000 })).map(([unit, n]) => unit.repeat(n)))
const numberToken = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String), // NaN and Infinity are not JSON: a parse error to answer
  fc.constantFrom('-0', '0.5', '1e309', '-1e309', '1e-400', '9007199254740993', '1e21', '007', '-', '1.', '0x10'),
)
const key = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...POLLUTING_KEYS), text)

/** JSON text built by hand, so `__proto__` is written as an ordinary key, as an attacker would send it. */
const { json } = fc.letrec<{ json: string; array: string; object: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text.map((value) => JSON.stringify(value)),
    numberToken,
    fc.constantFrom('true', 'false', 'null'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('json'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  object: fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}))

/** Objects with the API's own field names and plausible-but-wrong values: they reach the validators and services. */
const nearlyValid = fc
  .array(fc.tuple(fc.constantFrom(...FIELD_NAMES), json), { minLength: 1, maxLength: 8 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`)

const POLLUTION_BODIES = [
  '{"__proto__":{"polluted":"yes","isPublic":true,"verified":1}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"title":"ok","__proto__":{"polluted":"yes"},"cards":[{"__proto__":{"polluted":"yes"},"term":"t","definition":"d"}]}',
  '{"prototype":{"polluted":"yes"},"__proto__":[1,2]}',
  '[{"__proto__":{"polluted":"yes"}}]',
]

const deepNesting = fc
  .integer({ min: 100, max: 20_000 })
  .chain((depth) => fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), '['.repeat(depth)))

const body = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 6, arbitrary: json },
  { weight: 6, arbitrary: nearlyValid },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTION_BODIES) },
  { weight: 1, arbitrary: deepNesting },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 50 }),
      fc.constantFrom('{', '{"a":', '"', '{"a":1,}', "{'a':1}", 'undefined', '\uFEFF{}', '{}garbage', '\u0000'),
    ),
  },
  { weight: 1, arbitrary: fc.constant(`{"title":"${'x'.repeat(1024 * 1024 + 10)}"}`) },
)

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/json;;;',
  'application/vnd.api+json',
  'application/csp-report',
  'application/merge-patch+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/*',
  '',
  'json',
]
/**
 * multipart/form-data bodies for the import preview: a `file` part (any name, any extension,
 * text, random bytes or a zip header with garbage) and separator fields, sometimes cut short or
 * with a boundary that does not match the header.
 */
const multipart = fc
  .record({
    boundary: fc.constantFrom('xyz', 'cardwise-fuzz', '----WebKitFormBoundary7MA4YWxkTrZu0gW'),
    headerBoundary: fc.option(fc.constantFrom('other', ''), { nil: undefined }),
    fileName: fc.oneof(fc.constantFrom('a.apkg', 'b.colpkg', 'c.csv', 'd.tsv', 'e.txt', 'f.json', 'g.exe', '../../etc/passwd.txt', 'noext', ''), text),
    field: fc.constantFrom('file', 'files', 'termSeparator', '__proto__'),
    content: fc.oneof(
      text,
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.constantFrom('PK\u0003\u0004garbage', 'PK\u0005\u0006' + '\u0000'.repeat(18), 'a\tb\nc\td', '[{"term":"a","definition":"b"}]'),
    ),
    separators: fc.array(fc.tuple(fc.constantFrom('termSeparator', 'rowSeparator', 'extra'), text), { maxLength: 3 }),
    truncate: fc.boolean(),
  })
  .map(({ boundary, headerBoundary, fileName, field, content, separators, truncate }) => {
    const parts = separators.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`,
    )
    const body = `${parts.join('')}--${boundary}--\r\n`
    return { body: truncate ? body.slice(0, Math.floor(body.length / 2)) : body, contentType: `multipart/form-data; boundary=${headerBoundary ?? boundary}` }
  })

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
)

/**
 * The raw-body route (POST /api/media) reads bytes, not JSON: random bytes, bytes behind each
 * format's magic number (so they reach the structure and sharp checks), real pictures cut short
 * or with something appended, and now and then the JSON bodies above.
 */
const MAGIC_NUMBERS = [
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0xff, 0xd8, 0xff]),
  Buffer.from('GIF89a', 'latin1'),
  Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
]
let samplePng = Buffer.alloc(0)
const randomBytes = fc.uint8Array({ maxLength: 3000 })
const imageBody = fc.oneof(
  { weight: 3, arbitrary: randomBytes },
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...MAGIC_NUMBERS), randomBytes).map(([magic, rest]) => Buffer.concat([magic, rest])) },
  { weight: 2, arbitrary: fc.nat().map((cut) => samplePng.subarray(0, cut % (samplePng.length + 1))) },
  { weight: 2, arbitrary: randomBytes.map((tail) => Buffer.concat([samplePng, tail])) },
  { weight: 1, arbitrary: body },
)
const imageContentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'IMAGE/PNG', 'image/png; charset=utf-8') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES, 'image/svg+xml', 'image/*', 'image/') },
  { weight: 1, arbitrary: fc.constant(undefined) },
)
const isRawBodyRoute = (route: ServedRoute) => route.method === 'POST' && route.path === '/api/media'

/** Percent-encodes what encodeURIComponent can (it throws on a lone surrogate: send those as invalid UTF-8 bytes). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}
/**
 * URLs stay under Node's 16 KB header limit: beyond it Node's HTTP parser answers 431 itself,
 * before the app sees the request. A long text here is 300 to 600 characters once encoded:
 * `text`'s long ones (up to 720,000 once encoded) were made, encoded and thrown away, about a
 * tenth of this file's time.
 */
const longUrlText = fc.constantFrom(...LONG_UNITS).chain((unit) => {
  const size = encode(unit).length
  return fc.integer({ min: Math.floor(300 / size), max: Math.floor(600 / size) }).map((n) => unit.repeat(n))
})
const urlText = textWith(longUrlText)
  .map(encode)
  .filter((part) => part.length <= 600)
const queryValue = fc.oneof(
  urlText,
  fc.constantFrom('%', '%zz', '%00', '%C0%80', '%ED%A0%80', '%FF', '1', '0', '-1', '500', '501', '1e3', '99999999999999999999'),
)
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES).map(encode), urlText), queryValue), { maxLength: 5 })
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`))

const pathId = (pool: () => string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((n) => pool()[n % pool().length] ?? 'none') },
    { weight: 1, arbitrary: urlText.filter((segment) => segment.length > 0) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '..', '%2e%2e', '%2F', 'public', 'tags', 'import', '%ED%A0%80', '%') },
  )

type Caller = 'visitor' | 'forged' | 'unverified' | 'user'
const caller = fc.constantFrom<Caller>('visitor', 'forged', 'unverified', 'user')

// ---- What must hold --------------------------------------------------------------------------

const ERROR_CODES: ErrorCode[] = [
  'invalid_input',
  'unauthenticated',
  'unverified',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
]

/** The API's error body, exactly, with the HTTP status in it. */
function expectErrorShape(status: number, headers: Headers, text: string, label: string): void {
  expect(headers.get('content-type') ?? '', label).toMatch(/^application\/json/)
  const parsed = JSON.parse(text)
  expect(Object.keys(parsed)).toEqual(['error'])
  const { error } = parsed
  expect(Object.keys(error).filter((name) => !['status', 'code', 'message', 'fields'].includes(name))).toEqual([])
  expect(error.status).toBe(status)
  expect(ERROR_CODES).toContain(error.code)
  expect(typeof error.message).toBe('string')
  expect(error.message.length).toBeGreaterThan(0)
  expect(error.message).not.toMatch(/SQLITE|violates|relation "|syntax error|\n\s+at |\.ts:\d/)
  if ('fields' in error) {
    expect(typeof error.fields).toBe('object')
    for (const value of Object.values(error.fields)) expect(typeof value).toBe('string')
  }
}

/**
 * The rate limiter's counters (PostgreSQL keeps them in the database, SQLite in memory): counting a
 * refused attempt, such as a wrong class or game code, is the point of them, not a change a
 * refusal must not make.
 */
const BOOKKEEPING_TABLES = new Set(['rate_limits'])

/** Every table's row count and a hash of its rows (sorted, so the order SQLite returns them in does not matter). */
async function snapshot(): Promise<Record<string, string>> {
  const result: Record<string, string> = {}
  for (const name of await listTables(app.db)) {
    if (BOOKKEEPING_TABLES.has(name)) continue
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(app.db)
    const lines = rows.rows.map((row) => JSON.stringify(row)).sort()
    result[name] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`
  }
  return result
}

/** Moves whenever a table is written (SQLite's total_changes(), or a trigger-fed counter on PostgreSQL). */
let totalChanges: () => Promise<number>

/**
 * The snapshot is recomputed only when the change counter moved since the last one: with
 * thousands of requests, hashing every table twice per request would dominate the run. (On
 * SQLite the app and this test share the one connection, so the counter sees every write.)
 */
let cached: { changes: number; tables: Record<string, string> } | undefined
async function currentSnapshot(): Promise<Record<string, string>> {
  const changes = await totalChanges()
  if (cached?.changes !== changes) cached = { changes, tables: await snapshot() }
  return cached.tables
}

interface Sent {
  status: number
  headers: Headers
  text: string
}

/** Sends one request; an event stream is cut after its headers (it never ends on its own). */
async function send(method: string, url: string, headers: Record<string, string>, payload: string | Uint8Array | undefined): Promise<Sent> {
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), 10_000)
  try {
    const body = payload instanceof Uint8Array ? (new Uint8Array(payload) as Uint8Array<ArrayBuffer>) : payload
    const response = await fetch(app.url + url, { method, headers, body, signal: abort.signal })
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      abort.abort()
      return { status: response.status, headers: response.headers, text: '' }
    }
    return { status: response.status, headers: response.headers, text: await response.text() }
  } finally {
    clearTimeout(timer)
  }
}

function tokenFor(who: Caller): string | undefined {
  if (who === 'user') return user.token
  if (who === 'unverified') return unverifiedUser.token
  if (who === 'forged') return `${user.token.slice(0, -4)}AAAA`
  return undefined
}

/** The route's path with its parameters filled in from the arbitraries. */
const urlFor = (route: ServedRoute) => {
  const pools = {
    // `:id` is a class id on the class routes, a media id on the media routes, a set id elsewhere.
    id: () => (route.path.startsWith('/api/classes') ? ids.class : route.path.startsWith('/api/media') ? ids.media : ids.set),
    cardId: () => ids.card,
    sid: () => ids.session,
    setId: () => ids.set,
    userId: () => ids.user,
  }
  type Param = keyof typeof pools
  const PARAM = /:(id|cardId|sid|setId|userId)\b/g
  // Only the route's own parameters are drawn.
  const names = [...route.path.matchAll(PARAM)].map(([, name]) => name as Param)
  return fc
    .tuple(...names.map((name) => pathId(pools[name])))
    .map((values) => route.path.replace(PARAM, (_, name: Param) => values[names.indexOf(name)] as string))
}

/** How many answers had each status, printed at the end: a run that only ever got 415s would show it. */
const statuses: Record<number, number> = {}

async function fuzzOnce(
  route: ServedRoute,
  input: { url: string; query: string; who: Caller; body: string | Uint8Array | undefined; contentType: string | undefined },
) {
  const headers: Record<string, string> = {}
  const token = tokenFor(input.who)
  if (token) headers.Authorization = `Bearer ${token}`
  const payload = route.method === 'GET' ? undefined : input.body
  if (input.contentType !== undefined && payload !== undefined) headers['Content-Type'] = input.contentType

  const before = await currentSnapshot()
  const response = await send(route.method, input.url + input.query, headers, payload)
  const shownBody =
    input.body instanceof Uint8Array ? `${input.body.length} bytes ${Buffer.from(input.body.subarray(0, 40)).toString('hex')}` : input.body?.slice(0, 100)
  const label = `${route.method} ${(input.url + input.query).slice(0, 200)} (url length ${(input.url + input.query).length}, ${input.who}, ${input.contentType}, body ${shownBody}) -> ${response.status} ${response.text.slice(0, 300)}`
  statuses[response.status] = (statuses[response.status] ?? 0) + 1
  expect(response.status, label).toBeLessThan(500)
  expect(response.text, label).not.toMatch(/password_?hash|token_?key/i)
  if (response.status >= 400) {
    expectErrorShape(response.status, response.headers, response.text, label)
    expect(await currentSnapshot(), `${label}: a rejected request changed the database`).toEqual(before)
  }
  // Logging out ends that caller's session: sign in again so the next runs are signed in.
  if (route.path === '/api/auth/logout' && response.status === 204) {
    if (input.who === 'user') user = await signInAgain(user)
    if (input.who === 'unverified') unverifiedUser = await signInAgain(unverifiedUser)
  }
}

async function signInAgain(account: Account): Promise<Account> {
  const login = await app.api('POST', '/api/auth/login', { body: { identity: account.email, password: account.password } })
  expect(login.status).toBe(200)
  return { ...account, token: login.body.token }
}

const ROUTES = servedRoutes()

describe(`every route, fed random and malformed requests (${RUNS} runs per route, seed ${SEED})`, () => {
  let requests = 0
  const started = Date.now()
  afterAll(() => {
    console.info(
      `fuzz: ${requests} requests over ${ROUTES.length} routes in ${Math.round((Date.now() - started) / 1000)} s (seed ${SEED}); statuses ${JSON.stringify(statuses)}`,
    )
  })

  it.each(ROUTES.map((route, index) => ({ ...route, seed: SEED + index })))(
    '$method $path (seed $seed): below 500, the error shape, and no change on refusal',
    async ({ seed, ...route }) => {
      await freshFixtures()
      const numRuns = route.path === '/api/auth/logout' ? RUNS_THAT_SIGN_OUT : route.path === PREVIEW_PATH ? RUNS_OF_PREVIEW : RUNS
      // POST /api/media reads the picture's bytes: its bodies are image-like, not JSON.
      const plain = isRawBodyRoute(route)
        ? fc.record({ url: urlFor(route), query, who: caller, body: imageBody, contentType: imageContentType })
        : fc.record({ url: urlFor(route), query, who: caller, body, contentType })
      const upload = fc.record({ url: urlFor(route), query, who: caller, upload: multipart }).map(({ upload: sent, ...rest }) => ({ ...rest, ...sent }))
      const sent = route.path === PREVIEW_PATH ? fc.oneof(plain, upload) : plain
      await fc.assert(
        fc.asyncProperty(sent, async (input) => {
          requests += 1
          await fuzzOnce(route, input)
        }),
        { numRuns, seed, endOnFailure: true },
      )
    },
    300_000,
  )

  it('leaves no polluted prototype in the server process', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES.object)
    expect(Object.getOwnPropertyNames(Array.prototype).sort()).toEqual(PROTOTYPE_NAMES.array)
    expect(Object.getOwnPropertyNames(Function.prototype).sort()).toEqual(PROTOTYPE_NAMES.function)
  })
})
