import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Classroom } from '#shared/api/classes'
import { type Game, type JoinedGame } from '#shared/api/games'
import type { ErrorBody } from '#shared/api/errors'
import { DEFAULT_STUDY_OPTIONS, type Folder } from '#shared/api/habits'
import { classMessages, gameMessages, habitMessages, mediaMessages } from '#shared/messages'
import { type MediaUpload } from '#shared/api/media'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { LearningSession } from '#shared/api/study'
import {
  type Account,
  type ApiResponse,
  createAccount,
  linkToken,
  openEventStream,
  openEventStreamAt,
  startTestApp,
  type TestApp,
} from '#tests/support/test-app'
import { fetchMedia, mediaCount, sendUpload, upload } from './media-helpers'
import { servedRoutes } from './route-list'
import { type ApiScenario, apiError, runScenario, scenarios } from './scenarios'
import { pngImage, solid } from '#tests/support/images'
import {
  addCards,
  allCards,
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
 * The permission matrix: every route the app serves (GET /api/openapi.json says who may call
 * each), called by five callers (a visitor, an unverified user, another verified user, a student
 * of the owner's class and the owner, who is that class's teacher), on a public and on a private
 * set where the route is about a set. The class has the private fixture set (and its doomed twin)
 * assigned, so the student may read and study them but not write them. Each row checks the status and body, and that the answer
 * carries nothing the caller may not see: no private set of someone else (title, text, terms,
 * ids), no one else's email, no one else's study records. A route the router serves without a
 * row here fails the first test.
 */

let app: TestApp
const getApp = () => app

type Caller = 'visitor' | 'unverified' | 'other' | 'member' | 'owner'
type Visibility = 'public' | 'private'
const CALLERS: Caller[] = ['visitor', 'unverified', 'other', 'member', 'owner']
const VISIBILITIES: Visibility[] = ['public', 'private']

const accounts = {} as Record<Exclude<Caller, 'visitor'>, Account>
const tokenOf = (caller: Caller) => () => (caller === 'visitor' ? undefined : accounts[caller].token)

interface Fixture {
  set: StudySet
  cards: Flashcard[]
  /** A set only the DELETE rows use. */
  doomed: StudySet
  /** The owner's learning session on this set. */
  session: LearningSession
  /** A picture on the set's third card. */
  picture: MediaUpload
}
const fixtures = {} as Record<Visibility, Fixture>
/** The other user's own sets: a public one (in everyone's public list) and a private one. */
let otherPublic: StudySet
let otherPrivate: StudySet
let otherPrivateCard: Flashcard
/** Ids of each user's study records (learning sessions, match results): only they may see them. */
const recordIds: Record<'owner' | 'other', string[]> = { owner: [], other: [] }
/**
 * The owner's class: `member` is its student, and the private fixture set and its doomed twin are
 * assigned to it. `doomedClass` (member a student too) is the one the DELETE rows remove.
 */
let matrixClass: Classroom
let doomedClass: Classroom

const TEXT = {
  public: { title: 'Open Anatomy', description: 'bones and muscles', tags: 'anatomy, open', terms: ['femur', 'tibia', 'patella'] },
  private: { title: 'Private Botany', description: 'ferns and mosses', tags: 'plants, lab', terms: ['frond', 'spore', 'rhizome'] },
} as const

/** Study records of `account` on a set: a session, a match result and `answers` answers to one card. */
async function study(account: Account, setId: string, cardId: string, answers: number): Promise<LearningSession> {
  const session = await app.api('POST', `/api/sets/${setId}/learning-sessions`, { token: account.token, body: { totalCards: 3 } })
  const match = await app.api('POST', `/api/sets/${setId}/match-results`, {
    token: account.token,
    body: { timeTaken: 30, correctMatches: 3, incorrectMatches: 1 },
  })
  for (let i = 0; i < answers; i++) {
    const answer = await app.api('POST', `/api/sets/${setId}/answers`, { token: account.token, body: { cardId, correct: true, mode: 'write' } })
    expect(answer.status, answer.text).toBe(201)
  }
  expect([session.status, match.status]).toEqual([201, 201])
  return session.body
}

beforeAll(async () => {
  app = await startTestApp()
  accounts.owner = await createAccount(app, { username: 'owner' })
  accounts.other = await createAccount(app, { username: 'other' })
  accounts.unverified = await createAccount(app, { username: 'unverified', verified: false })
  accounts.member = await createAccount(app, { username: 'member' })
  for (const visibility of VISIBILITIES) {
    const text = TEXT[visibility]
    const isPublic = visibility === 'public'
    const set = await createSet(app, accounts.owner, { title: text.title, description: text.description, tags: text.tags, isPublic })
    const cards = await addCards(app, accounts.owner, set.id, [...text.terms])
    const picture = await upload(
      app,
      accounts.owner,
      await solid(12, 9, isPublic ? '#118833' : '#883311')
        .png()
        .toBuffer(),
    )
    const pictured = await app.api('PATCH', `/api/sets/${set.id}/cards/${cards[2]?.id}`, { token: accounts.owner.token, body: { termImage: picture.id } })
    expect(pictured.status, pictured.text).toBe(200)
    cards[2] = pictured.body
    app.clock.advance(1000)
    const doomed = await createSet(app, accounts.owner, { title: `Doomed ${visibility}`, isPublic })
    await addCards(app, accounts.owner, doomed.id, ['doomed card'])
    app.clock.advance(1000)
    const session = await study(accounts.owner, set.id, cards[2]?.id ?? '', 3)
    fixtures[visibility] = { set: await getSet(app, set.id, accounts.owner.token), cards, doomed, session, picture }
  }
  await study(accounts.other, fixtures.public.set.id, fixtures.public.cards[2]?.id ?? '', 1)
  otherPublic = await createSet(app, accounts.other, { title: 'Other Public Geology', tags: 'rocks', isPublic: true })
  app.clock.advance(1000)
  otherPrivate = await createSet(app, accounts.other, { title: 'Other Private Diary', tags: 'diary' })
  ;[otherPrivateCard] = (await addCards(app, accounts.other, otherPrivate.id, ['diary entry'])) as [Flashcard]
  for (const user of ['owner', 'other'] as const) {
    const [sessions, matches] = await Promise.all([
      app.db.selectFrom('learning_sessions').select('id').where('user_id', '=', accounts[user].id).execute(),
      app.db.selectFrom('match_results').select('id').where('user_id', '=', accounts[user].id).execute(),
    ])
    recordIds[user] = [...sessions, ...matches].map((row) => row.id)
  }
  matrixClass = await createClass('Matrix Class')
  doomedClass = await createClass('Doomed Class')
  for (const set of [fixtures.private.set, fixtures.private.doomed]) {
    const assigned = await app.api('POST', `/api/classes/${matrixClass.id}/sets`, { token: accounts.owner.token, body: { setId: set.id } })
    expect(assigned.status, assigned.text).toBe(201)
  }
})

/** A class of the owner's, with `member` as its student. */
async function createClass(name: string): Promise<Classroom> {
  const created = await app.api('POST', '/api/classes', { token: accounts.owner.token, body: { name } })
  expect(created.status, created.text).toBe(201)
  await joinAsMember(created.body)
  return created.body
}

async function joinAsMember(klass: Classroom): Promise<void> {
  const joined = await app.api('POST', '/api/classes/join', { token: accounts.member.token, body: { code: klass.joinCode } })
  expect(joined.status, joined.text).toBe(200)
}
afterAll(() => app.close())

/** An `after` check: the answer holds none of these strings, in any case. */
const noTrace = (markers: () => string[]) => (response: ApiResponse) => {
  const text = response.text.toLowerCase()
  for (const marker of markers()) expect(text, `the answer shows '${marker}'`).not.toContain(marker.toLowerCase())
}

/** Everything in the fixtures that `caller` may not see, as strings that must never be in an answer to them. */
function hiddenFrom(caller: Caller): string[] {
  const hidden: string[] = []
  if (caller !== 'owner' && caller !== 'member') {
    const { set, cards } = fixtures.private
    hidden.push(set.id, TEXT.private.title, TEXT.private.description, 'PLANTS', ...TEXT.private.terms, ...cards.map((card) => card.id))
    hidden.push(fixtures.private.doomed.id, fixtures.private.picture.id)
  }
  if (caller !== 'owner') hidden.push(...recordIds.owner)
  // Only the teacher sees the class's join code; nobody outside the class sees its name (a stranger joins the doomed one).
  if (caller !== 'owner') hidden.push(matrixClass.joinCode ?? '', doomedClass.joinCode ?? '')
  if (caller !== 'owner' && caller !== 'member') hidden.push(matrixClass.name)
  if (caller !== 'other') hidden.push(otherPrivate.id, otherPrivate.title, 'DIARY', otherPrivateCard.id, otherPrivateCard.term, ...recordIds.other)
  for (const user of ['owner', 'other', 'unverified', 'member'] as const) if (user !== caller) hidden.push(accounts[user].email)
  return hidden
}

let freshCounter = 0
/** A new account of the caller's kind, for rows that change auth state (visitors have none). */
async function freshAccount(caller: Caller): Promise<Account | undefined> {
  if (caller === 'visitor') return undefined
  freshCounter += 1
  return createAccount(app, { username: `matrix_${freshCounter}`, verified: caller !== 'unverified' })
}
const nextEmail = () => `moved_${++freshCounter}@example.org`

/** What a row is expected to get: the route's own success, or exactly this error. */
type Outcome = 'ok' | ErrorBody

const sessionNotFound = apiError(404, 'not_found', 'Learning session not found')
const mediaNotFound = apiError(404, 'not_found', mediaMessages.notFound)
const gameNotFound = apiError(404, 'not_found', gameMessages.notFound)
const classNotFound = apiError(404, 'not_found', classMessages.notFound)

/** The caller may read the set: it is public, theirs, or (private) assigned to their class. */
const mayRead = (caller: Caller, visibility: Visibility) => visibility === 'public' || caller === 'owner' || caller === 'member'

/**
 * Who may do what. Refusals are exactly: no token 401; a verified-only route 403 `unverified` to
 * an unverified user; a write to a set the caller may read but does not own (someone else's public
 * set, or one assigned to their class) 403 `forbidden`; anything on a private set the caller may
 * not read 404, as if it did not exist. An unverified user is just "someone else" to a set: they
 * own none. In a class: its teacher (the owner) and its student (member) see it, anyone else gets
 * 404; what only the teacher may do is 403 to the student.
 */
const ACCESS = {
  open: () => 'ok',
  token: (caller) => (caller === 'visitor' ? unauthenticated : 'ok'),
  verified: (caller) => (caller === 'visitor' ? unauthenticated : caller === 'unverified' ? unverified : 'ok'),
  readSet: (caller, visibility) => (mayRead(caller, visibility) ? 'ok' : setNotFound),
  writeSet: (caller, visibility) =>
    caller === 'visitor' ? unauthenticated : caller === 'owner' ? 'ok' : mayRead(caller, visibility) ? forbidden : setNotFound,
  /** Study records: any signed-in user, on a set they may read. */
  studySet: (caller, visibility) => (caller === 'visitor' ? unauthenticated : mayRead(caller, visibility) ? 'ok' : setNotFound),
  /** A set's picture: whoever may read the set (and its uploader, the owner here). */
  readMedia: (caller, visibility) => (mayRead(caller, visibility) ? 'ok' : mediaNotFound),
  /** A verified user's action on a set they may read (Save a copy). */
  verifiedReadSet: (caller, visibility) =>
    caller === 'visitor' ? unauthenticated : caller === 'unverified' ? unverified : mayRead(caller, visibility) ? 'ok' : setNotFound,
  /** The owner's own learning session: nobody else learns it exists. */
  ownSession: (caller) => (caller === 'visitor' ? unauthenticated : caller === 'owner' ? 'ok' : sessionNotFound),
  /** The class's teacher and students. */
  classMember: (caller) =>
    caller === 'visitor' ? unauthenticated : caller === 'unverified' ? unverified : caller === 'owner' || caller === 'member' ? 'ok' : classNotFound,
  /** Hosting a game on the owner's own private set: only the owner may read it. */
  hostGame: (caller) => (caller === 'visitor' ? unauthenticated : caller === 'unverified' ? unverified : caller === 'owner' ? 'ok' : setNotFound),
  /** A game's host routes: the owner hosts the games; anyone else signed in gets 404, as if it did not exist. */
  gameHost: (caller) => (caller === 'visitor' ? unauthenticated : caller === 'owner' ? 'ok' : gameNotFound),
  /** The class's teacher only. */
  classTeacher: (caller) =>
    caller === 'visitor' ? unauthenticated : caller === 'unverified' ? unverified : caller === 'owner' ? 'ok' : caller === 'member' ? forbidden : classNotFound,
} as const satisfies Record<string, (caller: Caller, visibility: Visibility) => Outcome>

/** One row's situation; `actor` is the account that sends the request (a fresh one where the route changes auth state). */
interface Row {
  caller: Caller
  visibility: Visibility
  fixture: Fixture
  actor: Account | undefined
  /** What `prepare` made for this row: a fresh account or a mailed token. */
  target?: Account
  token?: string
}

interface RouteCase {
  method: string
  path: string
  /** 'set': once per caller on the public and on the private set; 'caller': once per caller. */
  on: 'set' | 'caller'
  access: (caller: Caller, visibility: Visibility) => Outcome
  /** Sets up what the row needs (fresh accounts, mailed tokens) before its request. */
  prepare?: (row: Row) => Promise<void>
  /** The actor is a fresh account of the caller's kind: the row logs out, deletes or re-keys it. */
  freshActor?: boolean
  url: (row: Row) => string
  body?: (row: Row) => unknown
  okStatus: number
  okBody?: (row: Row) => unknown
  /** Sends the request itself (the event stream cannot be read to its end). */
  send?: (row: Row, outcome: Outcome) => Promise<ApiResponse>
  /** Runs after a successful request. */
  afterOk?: (response: ApiResponse, row: Row) => unknown
  /** Runs after each refused request: nothing changed. */
  afterRefused?: (row: Row) => unknown
}

const userShape = (account: Account) => ({
  user: {
    id: account.id,
    username: account.username,
    email: account.email,
    verified: expect.any(Boolean),
    plan: { id: expect.any(String), name: 'Free' },
    created: expect.any(String),
    updated: expect.any(String),
  },
})
const statusWith = async (token: string | undefined) => (await app.api('GET', '/api/users/me', { token })).status
const userRows = (account: Account) => app.db.selectFrom('users').select(['id', 'email']).where('id', '=', account.id).execute()

/** The caller's own records (or the visitor's none), as GET /api/sets/:id/progress shows them. */
async function progressOf(caller: Caller, setId: string) {
  if (caller === 'visitor') return []
  return app.db.selectFrom('study_progress').select(['flashcard_id']).where('user_id', '=', accounts[caller].id).where('study_set_id', '=', setId).execute()
}

/** Reads the stream's first event and closes it: the stream itself never ends. */
async function firstEvent(row: Row, outcome: Outcome): Promise<ApiResponse> {
  if (outcome !== 'ok') return app.api('GET', '/api/realtime', { token: row.actor?.token })
  const stream = await openEventStream(app, '', { Authorization: `Bearer ${row.actor?.token}` })
  try {
    const ready = await stream.next('ready')
    return { status: stream.status, headers: stream.headers, text: JSON.stringify(stream.events), body: JSON.parse(ready.data) }
  } finally {
    await stream.close()
  }
}

const ACCOUNT_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    on: 'caller',
    access: ACCESS.open,
    prepare: async (row) => {
      row.token = `newcomer_${++freshCounter}`
    },
    url: () => '/api/auth/register',
    body: (row) => ({ username: row.token, email: `${row.token}@example.org`, password: 'long enough pw', passwordConfirm: 'long enough pw' }),
    okStatus: 201,
    afterOk: (response, row) => {
      expect(response.body.user).toMatchObject({ username: row.token, email: `${row.token}@example.org`, verified: false })
    },
  },
  {
    method: 'POST',
    path: '/api/auth/request-verification',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/auth/request-verification',
    body: () => ({ email: accounts.unverified.email }),
    okStatus: 204,
  },
  {
    method: 'POST',
    path: '/api/auth/confirm-verification',
    on: 'caller',
    access: ACCESS.open,
    prepare: async (row) => {
      row.target = await freshAccount('unverified')
      row.token = linkToken(app.inbox.lastTo(row.target?.email ?? '')?.text ?? '', 'verify-email')
    },
    url: () => '/api/auth/confirm-verification',
    body: (row) => ({ token: row.token }),
    okStatus: 204,
    afterOk: async (_response, row) => {
      const stored = await app.db
        .selectFrom('users')
        .select('verified')
        .where('id', '=', row.target?.id ?? '')
        .executeTakeFirstOrThrow()
      expect(stored.verified).toBe(1)
    },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    on: 'caller',
    access: ACCESS.open,
    // Each caller signs in as themselves; the visitor as a new account.
    prepare: async (row) => {
      row.target = row.caller === 'visitor' ? await freshAccount('other') : accounts[row.caller]
    },
    url: () => '/api/auth/login',
    body: (row) => ({ identity: row.target?.email, password: row.target?.password }),
    okStatus: 200,
    afterOk: (response, row) => {
      expect(response.body).toEqual({ token: expect.any(String), ...userShape(row.target as Account) })
    },
  },
  {
    method: 'POST',
    path: '/api/auth/refresh',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/auth/refresh',
    okStatus: 200,
    okBody: (row) => ({ token: expect.any(String), ...userShape(row.actor as Account) }),
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    on: 'caller',
    access: ACCESS.token,
    freshActor: true,
    url: () => '/api/auth/logout',
    okStatus: 204,
    afterOk: async (_response, row) => {
      expect(await statusWith(row.actor?.token)).toBe(401)
    },
  },
  {
    method: 'POST',
    path: '/api/auth/request-password-reset',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/auth/request-password-reset',
    body: () => ({ email: 'nobody@example.org' }),
    okStatus: 204,
  },
  {
    method: 'POST',
    path: '/api/auth/confirm-password-reset',
    on: 'caller',
    access: ACCESS.open,
    prepare: async (row) => {
      row.target = await freshAccount('other')
      const email = row.target?.email ?? ''
      expect((await app.api('POST', '/api/auth/request-password-reset', { body: { email } })).status).toBe(204)
      row.token = linkToken(app.inbox.lastTo(email)?.text ?? '', 'reset-password')
    },
    url: () => '/api/auth/confirm-password-reset',
    body: (row) => ({ token: row.token, password: 'a new password', passwordConfirm: 'a new password' }),
    okStatus: 204,
    afterOk: async (_response, row) => {
      expect(await statusWith(row.target?.token)).toBe(401)
    },
  },
  {
    method: 'POST',
    path: '/api/auth/request-email-change',
    on: 'caller',
    access: ACCESS.verified,
    prepare: async (row) => {
      row.token = nextEmail()
    },
    url: () => '/api/auth/request-email-change',
    body: (row) => ({ newEmail: row.token }),
    okStatus: 204,
    afterOk: (_response, row) => {
      expect(app.inbox.lastTo(row.token ?? '')).toBeDefined()
    },
    afterRefused: (row) => {
      expect(app.inbox.lastTo(row.token ?? '')).toBeUndefined()
    },
  },
  {
    method: 'POST',
    path: '/api/auth/confirm-email-change',
    on: 'caller',
    access: ACCESS.open,
    prepare: async (row) => {
      const target = (await freshAccount('other')) as Account
      const newEmail = nextEmail()
      expect((await app.api('POST', '/api/auth/request-email-change', { token: target.token, body: { newEmail } })).status).toBe(204)
      row.target = { ...target, email: newEmail }
      row.token = linkToken(app.inbox.lastTo(newEmail)?.text ?? '', 'confirm-email-change')
    },
    url: () => '/api/auth/confirm-email-change',
    body: (row) => ({ token: row.token, password: row.target?.password }),
    okStatus: 204,
    afterOk: async (_response, row) => {
      expect(await userRows(row.target as Account)).toEqual([{ id: row.target?.id, email: row.target?.email }])
    },
  },
  {
    method: 'GET',
    path: '/api/users/me',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/users/me',
    okStatus: 200,
    okBody: (row) => userShape(row.actor as Account),
  },
  {
    method: 'PATCH',
    path: '/api/users/me',
    on: 'caller',
    access: ACCESS.verified,
    freshActor: true,
    url: () => '/api/users/me',
    body: (row) => ({ oldPassword: row.actor?.password, password: 'another password', passwordConfirm: 'another password' }),
    okStatus: 200,
    okBody: (row) => ({ token: expect.any(String), ...userShape(row.actor as Account) }),
    afterOk: async (response, row) => {
      // The token used is void; the answer's new token keeps this device signed in.
      expect(await statusWith(row.actor?.token)).toBe(401)
      expect(await statusWith(response.body.token)).toBe(200)
    },
    afterRefused: async (row) => {
      if (row.actor) expect(await statusWith(row.actor.token)).toBe(200)
    },
  },
  {
    method: 'DELETE',
    path: '/api/users/me',
    on: 'caller',
    access: ACCESS.verified,
    freshActor: true,
    url: () => '/api/users/me',
    body: (row) => ({ password: row.actor?.password }),
    okStatus: 204,
    afterOk: async (_response, row) => {
      expect(await userRows(row.actor as Account)).toEqual([])
    },
    afterRefused: async (row) => {
      if (row.actor) expect(await userRows(row.actor)).toHaveLength(1)
    },
  },
  {
    method: 'GET',
    path: '/api/realtime',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/realtime',
    send: firstEvent,
    okStatus: 200,
    afterOk: (response, row) => {
      expect(response.headers.get('content-type')).toContain('text/event-stream')
      expect(response.body).toEqual({ userId: row.actor?.id })
    },
  },
]

const SET_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/sets/:id',
    on: 'set',
    access: ACCESS.readSet,
    url: (row) => `/api/sets/${row.fixture.set.id}`,
    okStatus: 200,
    okBody: ({ fixture, visibility }) =>
      setShape(accounts.owner, {
        id: fixture.set.id,
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
    on: 'set',
    access: ACCESS.readSet,
    url: (row) => `/api/sets/${row.fixture.set.id}/cards`,
    okStatus: 200,
    okBody: ({ fixture }) => ({ items: fixture.cards, page: 1, perPage: 30, totalItems: 3, totalPages: 1 }),
  },
  {
    method: 'GET',
    path: '/api/sets/:id/export',
    on: 'set',
    access: ACCESS.writeSet,
    url: (row) => `/api/sets/${row.fixture.set.id}/export?format=csv`,
    okStatus: 200,
    afterOk: (response, { visibility }) => {
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/)
      for (const term of TEXT[visibility].terms) expect(response.text).toContain(term)
    },
  },
  {
    method: 'PATCH',
    path: '/api/sets/:id',
    on: 'set',
    access: ACCESS.writeSet,
    url: (row) => `/api/sets/${row.fixture.set.id}`,
    body: (row) => ({ description: `changed by ${row.caller}` }),
    okStatus: 200,
    okBody: ({ fixture }) => ({ ...fixture.set, description: 'changed by owner', updated: expect.any(String) }),
    afterRefused: async ({ fixture }) => {
      expect((await getSet(app, fixture.set.id, accounts.owner.token)).description).not.toMatch(/^changed by/)
    },
  },
  {
    method: 'POST',
    path: '/api/sets/:id/cards',
    on: 'set',
    access: ACCESS.writeSet,
    url: (row) => `/api/sets/${row.fixture.set.id}/cards`,
    body: (row) => ({ term: `added by ${row.caller}`, definition: 'appended' }),
    okStatus: 201,
    okBody: () => cardShape({ term: 'added by owner', definition: 'appended', position: 4 }),
    afterRefused: async ({ fixture }) => {
      expect((await getSet(app, fixture.set.id, accounts.owner.token)).cardCount).toBe(3)
    },
  },
  {
    method: 'POST',
    path: '/api/sets/:id/cards/import',
    on: 'set',
    access: ACCESS.writeSet,
    url: (row) => `/api/sets/${row.fixture.set.id}/cards/import`,
    // The set's first card as it is (matched by its guid): the owner's import leaves it unchanged; nobody else's runs.
    body: ({ fixture }) => {
      const card = fixture.cards[0] as Flashcard
      return {
        cards: [
          {
            guid: card.guid,
            term: card.term,
            definition: card.definition,
            termImage: card.termImage?.id ?? null,
            definitionImage: card.definitionImage?.id ?? null,
            kind: card.kind,
            reverse: card.reverse,
          },
        ],
      }
    },
    okStatus: 200,
    okBody: () => ({ added: 0, updated: 0, unchanged: 1 }),
    afterRefused: async ({ fixture }) => {
      expect((await allCards(app, fixture.set.id, accounts.owner.token))[0]).toEqual(fixture.cards[0])
    },
  },
  {
    method: 'PATCH',
    path: '/api/sets/:id/cards/:cardId',
    on: 'set',
    access: ACCESS.writeSet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/cards/${fixture.cards[0]?.id}`,
    body: (row) => ({ term: `edited by ${row.caller}` }),
    okStatus: 200,
    okBody: ({ fixture }) => ({ ...fixture.cards[0], term: 'edited by owner' }),
    afterRefused: async ({ fixture }) => {
      const stored = await app.db
        .selectFrom('flashcards')
        .select('term')
        .where('id', '=', fixture.cards[0]?.id ?? '')
        .executeTakeFirstOrThrow()
      expect(stored.term).toBe(fixture.cards[0]?.term)
    },
  },
  {
    method: 'DELETE',
    path: '/api/sets/:id/cards/:cardId',
    on: 'set',
    access: ACCESS.writeSet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/cards/${fixture.cards[1]?.id}`,
    okStatus: 204,
    afterRefused: async ({ fixture }) => {
      const stored = await app.db
        .selectFrom('flashcards')
        .select('id')
        .where('id', '=', fixture.cards[1]?.id ?? '')
        .execute()
      expect(stored).toHaveLength(1)
    },
  },
  {
    method: 'DELETE',
    path: '/api/sets/:id',
    on: 'set',
    access: ACCESS.writeSet,
    url: ({ fixture }) => `/api/sets/${fixture.doomed.id}`,
    okStatus: 204,
    afterOk: async (_response, { fixture }) => {
      expect((await app.api('GET', `/api/sets/${fixture.doomed.id}`, { token: accounts.owner.token })).status).toBe(404)
    },
    afterRefused: async ({ fixture }) => {
      expect((await getSet(app, fixture.doomed.id, accounts.owner.token)).cardCount).toBe(1)
    },
  },
]

const countRows = async (table: 'learning_sessions' | 'study_progress' | 'match_results' | 'write_results' | 'card_stars' | 'study_sets') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/** A refused study request stores nothing. */
const storesNothing = (table: Parameters<typeof countRows>[0]) => {
  let before = 0
  return {
    prepare: async () => {
      before = await countRows(table)
    },
    afterRefused: async () => {
      expect(await countRows(table)).toBe(before)
    },
  }
}

const STUDY_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/sets/:id/progress',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/progress`,
    okStatus: 200,
    // Each caller sees their own records only: the owner answered card 3 three times, the other user once.
    afterOk: async (response, { caller, fixture }) => {
      const attempts = { owner: 3, other: 1 } as Record<Caller, number>
      const expected = (await progressOf(caller, fixture.set.id)).map((row) => ({ cardId: row.flashcard_id, attempts: attempts[caller] }))
      expect(response.body.items).toMatchObject(expected)
      expect(response.body.items).toHaveLength(expected.length)
    },
  },
  {
    method: 'POST',
    path: '/api/sets/:id/learning-sessions',
    on: 'set',
    access: ACCESS.studySet,
    ...storesNothing('learning_sessions'),
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/learning-sessions`,
    body: () => ({ totalCards: 3 }),
    okStatus: 201,
    okBody: () => ({
      id: expect.any(String),
      status: 'in_progress',
      startTime: expect.any(String),
      endTime: null,
      totalCards: 3,
      correctCount: 0,
      incorrectCount: 0,
    }),
  },
  {
    method: 'PATCH',
    path: '/api/learning-sessions/:sid',
    on: 'set',
    access: ACCESS.ownSession,
    url: ({ fixture }) => `/api/learning-sessions/${fixture.session.id}`,
    body: () => ({ correctCount: 2 }),
    okStatus: 200,
    okBody: ({ fixture }) => ({ ...fixture.session, correctCount: 2 }),
    afterRefused: async ({ fixture }) => {
      const stored = await app.db.selectFrom('learning_sessions').select('correct_count').where('id', '=', fixture.session.id).executeTakeFirstOrThrow()
      expect(stored.correct_count).toBe(0)
    },
  },
  {
    method: 'POST',
    path: '/api/sets/:id/answers',
    on: 'set',
    access: ACCESS.studySet,
    ...storesNothing('study_progress'),
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/answers`,
    body: ({ fixture }) => ({ cardId: fixture.cards[0]?.id, correct: true, mode: 'learn' }),
    okStatus: 201,
    okBody: ({ fixture }) => ({
      cardId: fixture.cards[0]?.id,
      prompt: 'f',
      progress: {
        cardId: fixture.cards[0]?.id,
        prompt: 'f',
        correct: 1,
        incorrect: 0,
        attempts: 1,
        masteryRate: 1,
        status: 'mastered',
        lastReviewed: expect.any(String),
      },
      memory: expect.objectContaining({ state: 'learning', reps: 1, lapses: 0, due: expect.any(String) }),
      session: null,
      summary: {
        dueNow: expect.any(Number),
        dueToday: expect.any(Number),
        reviewedToday: expect.any(Number),
        nextDue: expect.toBeOneOf([null, expect.any(String)]),
        goal: { target: 20, doneToday: expect.any(Number) },
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/sets/:id/match-results',
    on: 'set',
    access: ACCESS.studySet,
    ...storesNothing('match_results'),
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/match-results`,
    body: () => ({ timeTaken: 12, correctMatches: 6, incorrectMatches: 0 }),
    okStatus: 201,
    okBody: () => ({ id: expect.any(String), timeTaken: 12, correctMatches: 6, incorrectMatches: 0, created: expect.any(String) }),
  },
  {
    method: 'GET',
    path: '/api/sets/:id/match-results/best',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/match-results/best`,
    okStatus: 200,
    // The caller's own fastest game only.
    afterOk: async (response, { actor, fixture }) => {
      const times = await app.db
        .selectFrom('match_results')
        .select('time_taken')
        .where('user_id', '=', actor?.id ?? '')
        .where('study_set_id', '=', fixture.set.id)
        .execute()
      expect(response.body).toEqual({ bestTime: Math.min(...times.map((row) => row.time_taken)) })
    },
  },
  {
    method: 'PUT',
    path: '/api/sets/:id/stars/:cardId',
    on: 'set',
    access: ACCESS.studySet,
    ...storesNothing('card_stars'),
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/stars/${fixture.cards[2]?.id}`,
    okStatus: 204,
    afterOk: async (_response, { actor, fixture }) => {
      expect(await starsOf(actor, fixture)).toEqual([fixture.cards[2]?.id])
    },
  },
  {
    method: 'GET',
    path: '/api/sets/:id/stars',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/stars`,
    okStatus: 200,
    // Each caller sees their own stars (the PUT rows above starred the third card), nobody else's.
    okBody: ({ fixture }) => ({ cardIds: [fixture.cards[2]?.id] }),
  },
  {
    method: 'DELETE',
    path: '/api/sets/:id/stars/:cardId',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/stars/${fixture.cards[2]?.id}`,
    okStatus: 204,
    afterOk: async (_response, { actor, fixture }) => {
      expect(await starsOf(actor, fixture)).toEqual([])
    },
    afterRefused: async ({ fixture }) => {
      // The owner's star (set by the PUT rows) is still there after everyone else's refused DELETE.
      expect(await starsOf(accounts.owner, fixture)).toEqual([fixture.cards[2]?.id])
    },
  },
]

/** The card ids `account` starred on the fixture's set, as stored. */
async function starsOf(account: Account | undefined, fixture: Fixture): Promise<string[]> {
  const rows = await app.db
    .selectFrom('card_stars')
    .select('flashcard_id')
    .where('user_id', '=', account?.id ?? '')
    .where('study_set_id', '=', fixture.set.id)
    .execute()
  return rows.map((row) => row.flashcard_id)
}

/** Uploads a small PNG as the row's actor (a raw body: the harness's `api` sends JSON). */
async function uploadAsActor(row: Row): Promise<ApiResponse> {
  return sendUpload(app, await pngImage(12, 8), { token: row.actor?.token })
}

/** Fetches the fixture's picture as the row's actor; an image's bytes are not text to search. */
async function fetchPictureAsActor(row: Row): Promise<ApiResponse> {
  const response = await fetchMedia(app, row.fixture.picture.id, { token: row.actor?.token })
  const isJson = response.headers.get('content-type')?.includes('application/json')
  const text = isJson ? response.bytes.toString() : ''
  return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : response.bytes }
}

let mediaBefore = 0
const MEDIA_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/media',
    on: 'caller',
    access: ACCESS.verified,
    prepare: async () => {
      mediaBefore = await mediaCount(app)
    },
    url: () => '/api/media',
    send: uploadAsActor,
    okStatus: 201,
    afterOk: (response) => {
      expect(response.body).toEqual({
        id: expect.any(String),
        url: `/api/media/${response.body.id}`,
        type: 'image/webp',
        width: 12,
        height: 8,
        bytes: expect.any(Number),
      })
    },
    afterRefused: async () => {
      expect(await mediaCount(app)).toBe(mediaBefore)
    },
  },
  {
    method: 'GET',
    path: '/api/media/:id',
    on: 'set',
    access: ACCESS.readMedia,
    url: ({ fixture }) => `/api/media/${fixture.picture.id}`,
    send: fetchPictureAsActor,
    okStatus: 200,
    afterOk: (response, { fixture, visibility }) => {
      expect(response.headers.get('content-type')).toBe('image/webp')
      expect(response.headers.get('cache-control')).toBe(visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-cache')
      expect((response.body as Buffer).length).toBe(fixture.picture.bytes)
    },
  },
]

/** The sets a caller created in a row are deleted again, so the lists below stay as the fixtures made them. */
const deleteCreated = async (response: ApiResponse, row: Row) => {
  expect((await app.api('DELETE', `/api/sets/${response.body.id}`, { token: row.actor?.token })).status).toBe(204)
}
const setIds = (response: ApiResponse) => response.body.items.map((set: StudySet) => set.id)
const setsOwnedBy = (account: Account | undefined) =>
  app.db
    .selectFrom('study_sets')
    .select('title')
    .where('owner_id', '=', account?.id ?? '')
    .execute()

const COLLECTION_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/sets/:id/copy',
    on: 'set',
    access: ACCESS.verifiedReadSet,
    ...storesNothing('study_sets'),
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/copy`,
    okStatus: 201,
    // The copy is the caller's, private, with the source's text and cards as they are now.
    afterOk: async (response, row) => {
      const source = await getSet(app, row.fixture.set.id, accounts.owner.token)
      expect(response.body).toEqual(
        setShape(row.actor as Account, {
          title: source.title,
          description: source.description,
          tags: source.tags,
          isPublic: false,
          cardCount: source.cardCount,
          copiedFromSetId: source.id,
        }),
      )
      await deleteCreated(response, row)
    },
  },
  {
    method: 'GET',
    path: '/api/sets',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/sets',
    okStatus: 200,
    // Each their own sets, private included, newest first (the owner's deleted ones are gone).
    afterOk: (response, { caller }) => {
      // The class's student does not see its assigned sets here: those are in GET /api/classes/:id.
      const own = caller === 'owner' ? [fixtures.private.set.id, fixtures.public.set.id] : caller === 'member' ? [] : [otherPrivate.id, otherPublic.id]
      expect(response.body).toMatchObject({ page: 1, perPage: 30, totalItems: own.length, totalPages: own.length > 0 ? 1 : 0 })
      expect(setIds(response)).toEqual(own)
    },
  },
  {
    method: 'GET',
    path: '/api/sets/public',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/sets/public',
    okStatus: 200,
    afterOk: (response) => {
      expect(response.body).toMatchObject({ page: 1, perPage: 30, totalItems: 2, totalPages: 1 })
      expect(setIds(response)).toEqual([otherPublic.id, fixtures.public.set.id])
    },
  },
  {
    method: 'GET',
    path: '/api/sets/tags',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/sets/tags',
    okStatus: 200,
    okBody: () => ({ tags: ['ANATOMY', 'OPEN', 'ROCKS'] }),
  },
  {
    method: 'POST',
    path: '/api/sets',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/sets',
    body: (row) => ({ title: `New by ${row.caller}` }),
    okStatus: 201,
    okBody: (row) => setShape(row.actor as Account, { title: `New by ${row.caller}`, description: '', tags: '', isPublic: false, cardCount: 0 }),
    afterOk: deleteCreated,
    afterRefused: async (row) => {
      expect(await setsOwnedBy(row.actor)).toEqual([])
    },
  },
  {
    method: 'POST',
    path: '/api/sets/import',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/sets/import',
    body: (row) => ({ title: `Imported by ${row.caller}`, cards: [{ term: 'one', definition: 'uno' }] }),
    okStatus: 201,
    okBody: (row) => setShape(row.actor as Account, { title: `Imported by ${row.caller}`, description: '', tags: '', isPublic: false, cardCount: 1 }),
    afterOk: deleteCreated,
    afterRefused: async (row) => {
      expect(await setsOwnedBy(row.actor)).toEqual([])
    },
  },
  {
    method: 'POST',
    path: '/api/imports/preview',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/imports/preview',
    body: (row) => ({ text: `word\tpreviewed by ${row.caller}` }),
    okStatus: 200,
    okBody: (row) => ({
      format: 'text',
      sets: [
        {
          title: 'Pasted cards',
          tags: '',
          total: 1,
          cards: [
            {
              term: 'word',
              definition: `previewed by ${row.caller}`,
              termImage: null,
              definitionImage: null,
              termAudio: null,
              definitionAudio: null,
              kind: 'basic',
              reverse: false,
              guid: null,
            },
          ],
        },
      ],
      problems: [],
      matchingSets: [],
      encoding: null,
      html: false,
    }),
    // A preview saves nothing, whoever asks.
    afterOk: async () => {
      expect(await app.db.selectFrom('study_sets').select('id').where('title', '=', 'Pasted cards').execute()).toEqual([])
    },
  },
  {
    method: 'GET',
    path: '/api/imports/limits',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/imports/limits',
    okStatus: 200,
    okBody: () => expect.objectContaining({ packageBytes: expect.any(Number), notes: expect.any(Number), mediaQuotaBytes: expect.any(Number) }),
  },
]

/**
 * The owner's private quiz set (four cards showing the private fixture's picture) and games on
 * it, made on first use: a game in the lobby with one player, or started.
 */
let quizSet: StudySet | undefined
async function ownerQuizSet(): Promise<StudySet> {
  if (quizSet) return quizSet
  const set = await createSet(app, accounts.owner, { title: 'Matrix Quiz' })
  for (const term of ['alpha', 'beta', 'gamma', 'delta']) {
    const body = { term, definition: `${term} letter`, termImage: fixtures.private.picture.id }
    expect((await app.api('POST', `/api/sets/${set.id}/cards`, { token: accounts.owner.token, body })).status).toBe(201)
  }
  quizSet = set
  return set
}

const gamesOfRows = new WeakMap<Row, { game: Game; player: JoinedGame }>()
async function prepareGame(row: Row, started: boolean): Promise<void> {
  const made = await app.api('POST', '/api/games', { token: accounts.owner.token, body: { setId: (await ownerQuizSet()).id } })
  expect(made.status, made.text).toBe(201)
  const joined = await app.api('POST', '/api/games/join', { body: { code: made.body.code, nickname: 'matrix player' } })
  expect(joined.status, joined.text).toBe(201)
  if (started) expect((await app.api('POST', `/api/games/${made.body.id}/start`, { token: accounts.owner.token })).status).toBe(204)
  gamesOfRows.set(row, { game: made.body, player: joined.body })
}
const gameOf = (row: Row) => {
  const found = gamesOfRows.get(row)
  if (!found) throw new Error('the row made no game')
  return found
}
const gameStatus = async (row: Row) =>
  await app.db.selectFrom('games').select(['status', 'question_index']).where('id', '=', gameOf(row).game.id).executeTakeFirst()

/** The live game routes (api.md "Live class game"): the owner hosts; a player token is not an account. */
const GAME_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/games',
    on: 'caller',
    access: ACCESS.hostGame,
    url: () => '/api/games',
    body: () => ({ setId: quizSet?.id }),
    prepare: async () => {
      await ownerQuizSet()
    },
    okStatus: 201,
    okBody: () => expect.objectContaining({ status: 'lobby', setTitle: 'Matrix Quiz', code: expect.stringMatching(/^\d{6}$/), players: [] }),
    afterRefused: async (row) => {
      expect(
        await app.db
          .selectFrom('games')
          .select('id')
          .where('host_id', '=', row.actor?.id ?? '')
          .execute(),
      ).toEqual([])
    },
  },
  {
    method: 'POST',
    path: '/api/games/join',
    on: 'caller',
    access: ACCESS.open,
    prepare: (row) => prepareGame(row, false),
    url: () => '/api/games/join',
    body: (row) => ({ code: gameOf(row).game.code, nickname: `guest of ${row.caller}` }),
    okStatus: 201,
    // A signed-in player plays under their username; a visitor under the nickname.
    afterOk: (response, row) => {
      expect(response.body.player.nickname).toBe(row.actor ? row.actor.username : 'guest of visitor')
      expect(response.body.game.players).toHaveLength(2)
    },
  },
  {
    method: 'GET',
    path: '/api/games/:id',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, true),
    url: (row) => `/api/games/${gameOf(row).game.id}`,
    okStatus: 200,
    okBody: (row) => expect.objectContaining({ id: gameOf(row).game.id, status: 'question', me: null }),
  },
  {
    method: 'POST',
    path: '/api/games/:id/start',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, false),
    url: (row) => `/api/games/${gameOf(row).game.id}/start`,
    okStatus: 204,
    afterOk: async (_response, row) => expect(await gameStatus(row)).toEqual({ status: 'question', question_index: 0 }),
    afterRefused: async (row) => expect(await gameStatus(row)).toEqual({ status: 'lobby', question_index: -1 }),
  },
  {
    method: 'POST',
    path: '/api/games/:id/next',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, true),
    url: (row) => `/api/games/${gameOf(row).game.id}/next`,
    okStatus: 204,
    afterOk: async (_response, row) => expect(await gameStatus(row)).toEqual({ status: 'reveal', question_index: 0 }),
    afterRefused: async (row) => expect(await gameStatus(row)).toEqual({ status: 'question', question_index: 0 }),
  },
  {
    method: 'POST',
    path: '/api/games/:id/answers',
    on: 'caller',
    // Only a player token answers: the owner's row sends the player's, the others their own token (not the game's).
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, true),
    url: (row) => `/api/games/${gameOf(row).game.id}/answers`,
    body: () => ({ index: 0, choice: 0 }),
    send: (row, outcome) =>
      app.api('POST', `/api/games/${gameOf(row).game.id}/answers`, {
        body: { index: 0, choice: 0 },
        ...(outcome === 'ok' ? { headers: { 'X-Game-Token': gameOf(row).player.playerToken } } : { token: row.actor?.token }),
      }),
    okStatus: 200,
    okBody: () => ({ correct: expect.any(Boolean), points: expect.any(Number) }),
    afterRefused: async (row) => {
      expect(await app.db.selectFrom('game_answers').select('player_id').where('game_id', '=', gameOf(row).game.id).execute()).toEqual([])
    },
  },
  {
    method: 'GET',
    path: '/api/games/:id/events',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, false),
    url: (row) => `/api/games/${gameOf(row).game.id}/events`,
    send: async (row, outcome) => {
      const url = `/api/games/${gameOf(row).game.id}/events`
      if (outcome !== 'ok') return app.api('GET', url, { token: row.actor?.token })
      const stream = await openEventStreamAt(`${app.url}${url}?token=${row.actor?.token}`)
      try {
        const lobby = await stream.next('lobby')
        return { status: stream.status, headers: stream.headers, text: JSON.stringify(stream.events), body: JSON.parse(lobby.data) }
      } finally {
        await stream.close()
      }
    },
    okStatus: 200,
    okBody: (row) => ({ code: gameOf(row).game.code, players: [expect.objectContaining({ nickname: 'matrix player' })] }),
  },
  {
    method: 'GET',
    path: '/api/games/:id/media/:mediaId',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, true),
    url: (row) => `/api/games/${gameOf(row).game.id}/media/${fixtures.private.picture.id}`,
    okStatus: 200,
    afterOk: (response) => expect(response.headers.get('content-type')).toBe('image/webp'),
  },
  {
    method: 'GET',
    path: '/api/games/:id/results',
    on: 'caller',
    access: ACCESS.gameHost,
    prepare: (row) => prepareGame(row, true),
    url: (row) => `/api/games/${gameOf(row).game.id}/results`,
    okStatus: 200,
    okBody: (row) =>
      expect.objectContaining({
        game: expect.objectContaining({ id: gameOf(row).game.id }),
        players: [expect.objectContaining({ nickname: 'matrix player' })],
      }),
  },
  {
    method: 'GET',
    path: '/api/classes/:id/games',
    on: 'caller',
    access: ACCESS.classTeacher,
    url: () => `/api/classes/${matrixClass.id}/games`,
    okStatus: 200,
    okBody: () => ({ items: [] }),
  },
]

const OTHER_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/contact',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/contact',
    body: (row) => ({ name: 'Ada', email: 'ada@example.org', subject: `From ${row.caller}`, message: 'Hello there, a question.' }),
    okStatus: 201,
    okBody: () => ({ id: expect.any(String) }),
    // A signed-in sender writes as their account, whatever email the body says.
    afterOk: async (response, row) => {
      const stored = await app.db.selectFrom('contact_form_submissions').select('email').where('id', '=', response.body.id).executeTakeFirstOrThrow()
      expect(stored.email).toBe(row.actor?.email ?? 'ada@example.org')
    },
  },
  {
    method: 'GET',
    path: '/api/health',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/health',
    okStatus: 200,
    okBody: () => ({ status: 'ok', version: expect.any(String), database: app.dialect, databaseUp: true }),
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/openapi.json',
    okStatus: 200,
    okBody: () => expect.objectContaining({ openapi: '3.1.0', paths: expect.any(Object) }),
  },
]

const classIds = (response: ApiResponse) => response.body.items.map((klass: Classroom) => klass.id)
const classRows = (klass: () => Classroom) => app.db.selectFrom('classes').select(['name', 'join_code']).where('id', '=', klass().id).execute()
const membersOf = async (klass: Classroom) =>
  (await app.db.selectFrom('class_members').select('user_id').where('class_id', '=', klass.id).execute()).map((row) => row.user_id)
const assignedTo = async (klass: Classroom) =>
  (await app.db.selectFrom('class_sets').select('set_id').where('class_id', '=', klass.id).orderBy('set_id').execute()).map((row) => row.set_id)

/**
 * The class routes (api.md "Additions" > Classes), once per caller: the owner is the teacher of
 * `matrixClass`, `member` its student, `other` and `unverified` strangers to it.
 */
const CLASS_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/classes',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/classes',
    body: (row) => ({ name: `Class of ${row.caller}` }),
    okStatus: 201,
    okBody: (row) => ({
      id: expect.any(String),
      name: `Class of ${row.caller}`,
      owner: { id: row.actor?.id, username: row.actor?.username },
      memberCount: 0,
      role: 'teacher',
      joinCode: expect.stringMatching(/^[2-9A-HJKMNP-Z]{8}$/),
      created: expect.any(String),
      updated: expect.any(String),
    }),
    // Deleted again, so the class lists below stay as the fixtures made them.
    afterOk: async (response, row) => {
      expect((await app.api('DELETE', `/api/classes/${response.body.id}`, { token: row.actor?.token })).status).toBe(204)
    },
    afterRefused: async (row) => {
      const owned = await app.db
        .selectFrom('classes')
        .select('id')
        .where('owner_id', '=', row.actor?.id ?? '')
        .execute()
      expect(owned).toEqual([])
    },
  },
  {
    method: 'GET',
    path: '/api/classes',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/classes',
    okStatus: 200,
    // The teacher and the student see both classes (newest first), with their own role; others none.
    afterOk: (response, { caller }) => {
      const expected = caller === 'owner' || caller === 'member' ? [doomedClass.id, matrixClass.id] : []
      expect(classIds(response)).toEqual(expected)
      for (const item of response.body.items) expect(item.role).toBe(caller === 'owner' ? 'teacher' : 'student')
    },
  },
  {
    method: 'GET',
    path: '/api/classes/:id',
    on: 'caller',
    access: ACCESS.classMember,
    url: () => `/api/classes/${matrixClass.id}`,
    okStatus: 200,
    // Both see the assigned sets; only the teacher sees the students (never their emails).
    okBody: ({ caller }) => ({
      ...matrixClass,
      memberCount: 1,
      role: caller === 'owner' ? 'teacher' : 'student',
      joinCode: caller === 'owner' ? matrixClass.joinCode : undefined,
      updated: expect.any(String),
      // The doomed private set was assigned too, until the owner's DELETE row above removed it.
      sets: [expect.objectContaining({ id: fixtures.private.set.id, title: TEXT.private.title })],
      ...(caller === 'owner' ? { members: [{ id: accounts.member.id, username: 'member' }] } : {}),
    }),
  },
  {
    method: 'PATCH',
    path: '/api/classes/:id',
    on: 'caller',
    access: ACCESS.classTeacher,
    url: () => `/api/classes/${matrixClass.id}`,
    body: (row) => ({ name: row.caller === 'owner' ? matrixClass.name : `Renamed by ${row.caller}` }),
    okStatus: 200,
    okBody: () => ({ ...matrixClass, memberCount: 1, updated: expect.any(String) }),
    afterRefused: async () => {
      expect(await classRows(() => matrixClass)).toEqual([{ name: matrixClass.name, join_code: matrixClass.joinCode }])
    },
  },
  {
    method: 'POST',
    path: '/api/classes/join',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/classes/join',
    body: () => ({ code: doomedClass.joinCode?.toLowerCase() }),
    okStatus: 200,
    okBody: ({ caller }) => ({
      ...doomedClass,
      role: caller === 'owner' ? 'teacher' : 'student',
      memberCount: caller === 'other' ? 2 : 1,
      joinCode: caller === 'owner' ? doomedClass.joinCode : undefined,
      updated: expect.any(String),
    }),
    // A stranger who joined leaves again, so the class is as the fixtures made it.
    afterOk: async (_response, row) => {
      if (row.caller !== 'other') return
      expect(await membersOf(doomedClass)).toContain(row.actor?.id)
      expect((await app.api('DELETE', `/api/classes/${doomedClass.id}/members/me`, { token: row.actor?.token })).status).toBe(204)
    },
    afterRefused: async () => {
      expect(await membersOf(doomedClass)).toEqual([accounts.member.id])
    },
  },
  {
    method: 'POST',
    path: '/api/classes/:id/sets',
    on: 'caller',
    access: ACCESS.classTeacher,
    url: () => `/api/classes/${matrixClass.id}/sets`,
    body: () => ({ setId: fixtures.public.set.id }),
    okStatus: 201,
    okBody: () => ({ ...fixtures.public.set, description: expect.any(String), cardCount: expect.any(Number), updated: expect.any(String) }),
    afterOk: async () => {
      expect(await assignedTo(matrixClass)).toContain(fixtures.public.set.id)
    },
    afterRefused: async () => {
      expect(await assignedTo(matrixClass)).not.toContain(fixtures.public.set.id)
    },
  },
  {
    method: 'DELETE',
    path: '/api/classes/:id/sets/:setId',
    on: 'caller',
    access: ACCESS.classTeacher,
    // The public set the row above assigned (as the owner): taken back again.
    prepare: async () => {
      await app.api('POST', `/api/classes/${matrixClass.id}/sets`, { token: accounts.owner.token, body: { setId: fixtures.public.set.id } })
    },
    url: () => `/api/classes/${matrixClass.id}/sets/${fixtures.public.set.id}`,
    okStatus: 204,
    afterOk: async () => {
      expect(await assignedTo(matrixClass)).toEqual([fixtures.private.set.id])
    },
    afterRefused: async () => {
      expect(await assignedTo(matrixClass)).toContain(fixtures.public.set.id)
    },
  },
  {
    method: 'GET',
    path: '/api/classes/:id/progress',
    on: 'caller',
    access: ACCESS.classTeacher,
    url: () => `/api/classes/${matrixClass.id}/progress`,
    okStatus: 200,
    // One row per student and assigned set: the student, by id and username only.
    afterOk: (response) => {
      const rows = response.body.items.map((item: { userId: string; username: string; setId: string; studied: number }) => [
        item.userId,
        item.username,
        item.setId,
        item.studied,
      ])
      // The student answered one card of the private set in the answers row above.
      expect(rows).toEqual([[accounts.member.id, 'member', fixtures.private.set.id, 1]])
    },
  },
  {
    method: 'DELETE',
    path: '/api/classes/:id/members/:userId',
    on: 'caller',
    access: ACCESS.classMember,
    // The student leaves (`me`), the teacher removes the student by id; strangers try the student's id.
    prepare: async () => {
      await joinAsMember(doomedClass)
    },
    url: ({ caller }) => `/api/classes/${doomedClass.id}/members/${caller === 'member' ? 'me' : accounts.member.id}`,
    okStatus: 204,
    afterOk: async () => {
      expect(await membersOf(doomedClass)).toEqual([])
    },
    afterRefused: async () => {
      expect(await membersOf(doomedClass)).toEqual([accounts.member.id])
    },
  },
  {
    method: 'DELETE',
    path: '/api/classes/:id',
    on: 'caller',
    access: ACCESS.classTeacher,
    prepare: async () => {
      await joinAsMember(doomedClass)
    },
    url: () => `/api/classes/${doomedClass.id}`,
    okStatus: 204,
    afterOk: async () => {
      expect(await classRows(() => doomedClass)).toEqual([])
      expect(await membersOf(doomedClass)).toEqual([])
    },
    afterRefused: async () => {
      expect(await classRows(() => doomedClass)).toHaveLength(1)
    },
  },
]

/** The caller's review-log rows (none for a visitor): the only reviews their memory routes may count. */
async function reviewsOf(caller: Caller) {
  if (caller === 'visitor') return []
  return app.db.selectFrom('review_log').select(['flashcard_id', 'study_set_id']).where('user_id', '=', accounts[caller].id).execute()
}

/** A set the caller may read: public, their own, or assigned to a class they are a student of. */
async function readableBy(caller: Caller, setId: string): Promise<boolean> {
  const set = await app.db.selectFrom('study_sets').select(['is_public', 'owner_id']).where('id', '=', setId).executeTakeFirstOrThrow()
  if (set.is_public === 1) return true
  if (caller === 'visitor') return false
  if (set.owner_id === accounts[caller].id) return true
  const assigned = await app.db
    .selectFrom('class_sets')
    .innerJoin('class_members', 'class_members.class_id', 'class_sets.class_id')
    .select('class_sets.set_id')
    .where('class_sets.set_id', '=', setId)
    .where('class_members.user_id', '=', accounts[caller].id)
    .execute()
  return assigned.length > 0
}

const MEMORY_ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/review/summary',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/review/summary',
    okStatus: 200,
    // Each caller counts their own reviews only (every fixture answer was given today).
    afterOk: async (response, { caller }) => {
      expect(response.body).toEqual({
        dueNow: expect.any(Number),
        dueToday: expect.any(Number),
        reviewedToday: (await reviewsOf(caller)).length,
        nextDue: response.body.nextDue === null ? null : expect.any(String),
        goal: { target: 20, doneToday: (await reviewsOf(caller)).length },
      })
    },
  },
  {
    method: 'GET',
    path: '/api/review/due',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/review/due?perPage=500',
    okStatus: 200,
    // Only cards the caller reviewed, of sets they may read.
    afterOk: async (response, { caller }) => {
      const reviewed = new Set((await reviewsOf(caller)).map((row) => row.flashcard_id))
      for (const item of response.body.items) {
        expect(reviewed.has(item.card.id)).toBe(true)
        expect(await readableBy(caller, item.set.id)).toBe(true)
      }
    },
  },
  {
    method: 'GET',
    path: '/api/users/me/settings',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/users/me/settings',
    okStatus: 200,
    okBody: () => ({
      desiredRetention: 0.9,
      parameters: 'default',
      parametersFittedAt: null,
      reviewCount: expect.any(Number),
      reviewsForPersonalParameters: 400,
      dailyGoal: 20,
      timeZone: 'UTC',
      reminderEmail: null,
      locale: null,
    }),
    afterOk: async (response, { caller }) => {
      expect(response.body.reviewCount).toBe((await reviewsOf(caller)).length)
    },
  },
  {
    method: 'PATCH',
    path: '/api/users/me/settings',
    on: 'caller',
    access: ACCESS.verified,
    url: () => '/api/users/me/settings',
    body: () => ({ desiredRetention: 0.9 }),
    okStatus: 200,
    okBody: () => ({
      desiredRetention: 0.9,
      parameters: 'default',
      parametersFittedAt: null,
      reviewCount: expect.any(Number),
      reviewsForPersonalParameters: 400,
      dailyGoal: 20,
      timeZone: 'UTC',
      reminderEmail: null,
      locale: null,
    }),
    afterRefused: async (row) => {
      if (!row.actor) return
      expect(await app.db.selectFrom('user_settings').select('user_id').where('user_id', '=', row.actor.id).execute()).toEqual([])
    },
  },
  {
    method: 'GET',
    path: '/api/users/me/stats',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/users/me/stats?days=30',
    okStatus: 200,
    afterOk: async (response, { caller }) => {
      const total = response.body.reviewsPerDay.reduce((sum: number, day: { reviews: number }) => sum + day.reviews, 0)
      expect(total).toBe((await reviewsOf(caller)).length)
      expect(response.body.dueForecast).toHaveLength(14)
    },
  },
  {
    method: 'GET',
    path: '/api/users/me/review-log',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/users/me/review-log?format=csv',
    okStatus: 200,
    // One line per review of the caller's, none of anyone else's.
    afterOk: async (response, { caller }) => {
      const lines = response.text.trimEnd().split('\r\n').slice(1)
      const own = await reviewsOf(caller)
      expect(lines).toHaveLength(own.length)
      const ownCards = new Set(own.map((row) => row.flashcard_id))
      for (const line of lines) expect(ownCards.has(line.split(',')[1] ?? '')).toBe(true)
    },
  },
]

const folderNotFound = apiError(404, 'not_found', habitMessages.folderNotFound)
/** A folder is its owner's: anyone else signed in gets 404, as if it did not exist. */
const ownFolder = (caller: Caller) => (caller === 'visitor' ? unauthenticated : caller === 'owner' ? 'ok' : folderNotFound)
/** The owner's folder the folder rows ask about (made on first use), and one per DELETE row. */
let ownerFolder: Folder | undefined
const folderOfOwner = async () => {
  ownerFolder ??= (await app.api('POST', '/api/folders', { token: accounts.owner.token, body: { name: 'Matrix folder' } })).body as Folder
  return ownerFolder
}
let doomedFolder: Folder
const folderIdOf = () => ownerFolder?.id ?? ''

const HABIT_ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/folders',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/folders',
    body: (row) => ({ name: `Folder of ${row.caller}` }),
    okStatus: 201,
    okBody: (row) => ({ id: expect.any(String), name: `Folder of ${row.caller}`, parentId: null, setCount: 0 }),
  },
  {
    method: 'GET',
    path: '/api/folders',
    on: 'caller',
    access: ACCESS.token,
    url: () => '/api/folders',
    okStatus: 200,
    // Each caller sees their own folders only.
    afterOk: (response, { caller }) => {
      expect(response.body.items.map((folder: Folder) => folder.name)).toContain(`Folder of ${caller}`)
      for (const folder of response.body.items as Folder[]) expect(folder.name === `Folder of ${caller}` || caller === 'owner').toBe(true)
    },
  },
  {
    method: 'PUT',
    path: '/api/folders/:id/sets/:setId',
    on: 'set',
    access: (caller) => ownFolder(caller),
    prepare: async () => {
      await folderOfOwner()
    },
    url: ({ fixture }) => `/api/folders/${folderIdOf()}/sets/${fixture.set.id}`,
    okStatus: 204,
  },
  {
    method: 'GET',
    path: '/api/folders/:id',
    on: 'caller',
    access: ownFolder,
    prepare: async () => {
      await folderOfOwner()
    },
    url: () => `/api/folders/${folderIdOf()}`,
    okStatus: 200,
    okBody: () => ({ ...ownerFolder, setCount: 2, folders: [], sets: expect.any(Array) }),
  },
  {
    method: 'GET',
    path: '/api/folders/:id/cards',
    on: 'caller',
    access: ownFolder,
    prepare: async () => {
      await folderOfOwner()
    },
    url: () => `/api/folders/${folderIdOf()}/cards`,
    okStatus: 200,
    afterOk: (response) => {
      expect(response.body.totalItems).toBe(6)
    },
  },
  {
    method: 'PATCH',
    path: '/api/folders/:id',
    on: 'caller',
    access: ownFolder,
    prepare: async () => {
      await folderOfOwner()
    },
    url: () => `/api/folders/${folderIdOf()}`,
    body: (row) => ({ name: `Renamed by ${row.caller}` }),
    okStatus: 200,
    okBody: () => ({ id: ownerFolder?.id, name: 'Renamed by owner', parentId: null, setCount: 2 }),
    afterRefused: async () => {
      const stored = await app.db.selectFrom('folders').select('name').where('id', '=', folderIdOf()).executeTakeFirstOrThrow()
      expect(stored.name).toBe('Matrix folder')
    },
  },
  {
    method: 'DELETE',
    path: '/api/folders/:id/sets/:setId',
    on: 'set',
    access: (caller) => ownFolder(caller),
    prepare: async () => {
      await folderOfOwner()
    },
    url: ({ fixture }) => `/api/folders/${folderIdOf()}/sets/${fixture.set.id}`,
    okStatus: 204,
    afterRefused: async ({ fixture }) => {
      const links = await app.db.selectFrom('folder_sets').select('study_set_id').where('folder_id', '=', folderIdOf()).execute()
      expect(links.map((link) => link.study_set_id)).toContain(fixture.set.id)
    },
  },
  {
    method: 'DELETE',
    path: '/api/folders/:id',
    on: 'caller',
    access: ownFolder,
    prepare: async () => {
      doomedFolder = (await app.api('POST', '/api/folders', { token: accounts.owner.token, body: { name: 'Doomed folder' } })).body as Folder
    },
    url: () => `/api/folders/${doomedFolder.id}`,
    okStatus: 204,
    afterRefused: async () => {
      expect(await app.db.selectFrom('folders').select('id').where('id', '=', doomedFolder.id).execute()).toHaveLength(1)
    },
  },
  {
    method: 'GET',
    path: '/api/study-together/cards',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/study-together/cards?setIds=${fixture.set.id}`,
    okStatus: 200,
    afterOk: (response, { fixture }) => {
      expect(response.body.items.map((card: { setId: string }) => card.setId)).toEqual(fixture.cards.map(() => fixture.set.id))
    },
  },
  {
    method: 'PATCH',
    path: '/api/sets/:id/study-options',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/study-options`,
    body: () => ({ shuffle: true }),
    okStatus: 200,
    okBody: () => ({ ...DEFAULT_STUDY_OPTIONS, shuffle: true }),
  },
  {
    method: 'GET',
    path: '/api/sets/:id/study-options',
    on: 'set',
    access: ACCESS.studySet,
    url: ({ fixture }) => `/api/sets/${fixture.set.id}/study-options`,
    okStatus: 200,
    // Each caller's own options (the PATCH rows above turned shuffle on for each).
    okBody: () => ({ ...DEFAULT_STUDY_OPTIONS, shuffle: true }),
  },
  {
    method: 'POST',
    path: '/api/reminders/unsubscribe',
    on: 'caller',
    access: ACCESS.open,
    url: () => '/api/reminders/unsubscribe?token=matrix-token',
    okStatus: 204,
    prepare: async () => {
      await app.api('PATCH', '/api/users/me/settings', { token: accounts.owner.token, body: { reminderEmail: 18 } })
      await app.db.updateTable('user_settings').set({ reminder_token: 'matrix-token' }).where('user_id', '=', accounts.owner.id).execute()
    },
  },
]

/** Every route, in the order its rows run. */
const ROUTES: RouteCase[] = [
  ...ACCOUNT_ROUTES,
  ...SET_ROUTES,
  ...STUDY_ROUTES,
  ...MEMORY_ROUTES,
  ...MEDIA_ROUTES,
  ...COLLECTION_ROUTES,
  ...CLASS_ROUTES,
  ...GAME_ROUTES,
  ...OTHER_ROUTES,
  ...HABIT_ROUTES,
]

it('the table has exactly one row per route the app serves', () => {
  const table = ROUTES.map((route) => `${route.method} ${route.path}`)
  expect(new Set(table).size, 'a route is in the table twice').toBe(table.length)
  expect([...table].sort()).toEqual(
    servedRoutes()
      .map((route) => `${route.method} ${route.path}`)
      .sort(),
  )
})

function matrixRow(route: RouteCase, row: Row): ApiScenario {
  const { caller, visibility } = row
  const outcome = route.access(caller, visibility)
  const base = {
    method: route.method,
    url: () => route.url(row),
    token: () => row.actor?.token,
    body: route.body ? () => route.body?.(row) : undefined,
    before: async () => {
      row.fixture = fixtures[visibility]
      row.actor = route.freshActor ? await freshAccount(caller) : caller === 'visitor' ? undefined : accounts[caller]
      await route.prepare?.(row)
    },
  }
  const where = route.on === 'set' ? `, ${visibility} set` : ''
  const leaks = noTrace(() => hiddenFrom(caller))
  if (outcome === 'ok') {
    return {
      ...base,
      name: `${route.method} ${route.path}${where}, ${caller}: ${route.okStatus}`,
      expectedStatus: route.okStatus,
      expectedBody: route.okBody ? () => route.okBody?.(row) : undefined,
      after: async (response) => {
        leaks(response)
        await route.afterOk?.(response, row)
      },
    }
  }
  return {
    ...base,
    name: `${route.method} ${route.path}${where}, ${caller}: ${outcome.error.status} ${outcome.error.code}`,
    expectedStatus: outcome.error.status,
    expectedBody: outcome,
    after: async (response) => {
      leaks(response)
      await route.afterRefused?.(row)
    },
  }
}

/** Runs a row; a route with its own `send` (the event stream) is sent by it and checked here. */
function matrixTest(route: RouteCase, visibility: Visibility, caller: Caller): void {
  const row: Row = { caller, visibility, fixture: fixtures[visibility], actor: undefined }
  const scenario = matrixRow(route, row)
  const { send } = route
  if (!send) {
    it(scenario.name, async () => {
      await runScenario(app, scenario)
    })
    return
  }
  it(scenario.name, async () => {
    await scenario.before?.()
    const response = await send(row, route.access(caller, visibility))
    expect(response.status, response.text).toBe(scenario.expectedStatus)
    const expectedBody = typeof scenario.expectedBody === 'function' ? scenario.expectedBody() : scenario.expectedBody
    if (expectedBody !== undefined) expect(response.body).toEqual(expectedBody)
    await scenario.after?.(response, [])
  })
}

describe('per route, per caller (and on a public and a private set where the route is about a set)', () => {
  for (const route of ROUTES) {
    describe(`${route.method} ${route.path}`, () => {
      // The owner comes last, so the refused requests meet the set as it was.
      for (const visibility of route.on === 'set' ? VISIBILITIES : (['public'] as const)) {
        for (const caller of CALLERS) matrixTest(route, visibility, caller)
      }
    })
  }

  describe("afterwards, only the owner's writes are there", () => {
    scenarios(
      getApp,
      VISIBILITIES.map(
        (visibility): ApiScenario => ({
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
        }),
      ),
    )
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

describe('the collection routes: the queries the matrix does not send', () => {
  const tags = (name: string, url: string, caller: Caller, expected: string[]): ApiScenario => ({
    name,
    method: 'GET',
    url,
    token: tokenOf(caller),
    expectedStatus: 200,
    expectedBody: { tags: expected },
  })

  describe('GET /api/sets/tags?scope=public: anyone, tags of public sets only', () => {
    scenarios(getApp, [
      ...CALLERS.map((caller) => tags(`scope=public, ${caller}`, '/api/sets/tags?scope=public', caller, ['ANATOMY', 'OPEN', 'ROCKS'])),
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

  describe('POST /api/sets: the server decides the fields it owns', () => {
    scenarios(getApp, [
      {
        method: 'POST',
        url: '/api/sets',
        token: tokenOf('owner'),
        name: 'owner: id, cardCount, owner and created in the body are ignored',
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
      KINDS.map(
        (kind): ApiScenario => ({
          name: `${method} ${path}, ${kind}: 401`,
          method,
          url,
          body,
          token: () => bad[kind],
          expectedStatus: 401,
          expectedBody: unauthenticated,
        }),
      ),
    ),
  )
})

const publicCount = async () =>
  Number(
    (
      await app.db
        .selectFrom('study_sets')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('is_public', '=', 1)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** Rows that read every list, search, tag list and set route as `caller` and find no trace of the set. */
function invisibleTo(
  caller: Exclude<Caller, 'owner'>,
  target: () => StudySet,
  words: { title: string; description: string; tag: string; term: string },
  markers: () => string[],
): ApiScenario[] {
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
    visible(
      caller,
      'public search finds it',
      () => '/api/sets/public?search=walrus',
      () => ({ totalItems: 1, items: [{ id: flip.id }] }),
    ),
    visible(
      caller,
      'its cards can be read',
      () => `/api/sets/${flip.id}/cards`,
      () => ({ totalItems: 2 }),
    ),
    visible(
      caller,
      'its tag is in the public tags',
      () => '/api/sets/tags',
      () => ({ tags: expect.arrayContaining(['FLIPTAG']) }),
    ),
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
    visible(
      'owner',
      'still sees it in my sets',
      () => '/api/sets?search=walrus',
      () => ({ totalItems: 1, items: [{ id: flip.id, isPublic: false }] }),
    ),
    visible(
      'owner',
      'still has its tag in my tags',
      () => '/api/sets/tags?scope=mine',
      () => ({ tags: expect.arrayContaining(['FLIPTAG']) }),
    ),
    visible(
      'owner',
      'still reads its cards',
      () => `/api/sets/${flip.id}/cards`,
      () => ({ totalItems: 2 }),
    ),
    setPublic(true),
    ...seenByEveryone.map((row) => ({ ...row, name: `public again, ${row.name}` })),
  ])
})
