import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages as m } from '#shared/messages'
import { linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, runScenario, scenarios } from './scenarios'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ publicUrl: 'https://cards.example.test' })
})
afterAll(() => app.close())

const password = 'correct horse battery'
/** A valid registration; rows override one field at a time. */
const valid = (overrides: Record<string, unknown> = {}) => ({
  username: 'validname',
  email: 'valid@example.org',
  password,
  passwordConfirm: password,
  ...overrides,
})
const invalid = (fields: Record<string, string>) => apiError(400, 'invalid_input', m.invalidInput, fields)

/** The user as its owner sees it: exactly these fields. */
const registeredUser = (username: string, email: string) => ({
  user: {
    id: expect.stringMatching(/^[a-z0-9]{15}$/),
    username,
    email,
    verified: false,
    plan: { id: expect.any(String), name: 'Free' },
    created: expect.any(String),
    updated: expect.any(String),
  },
})

const created = (username: string, email: string, body: Record<string, unknown> = {}): ApiScenario => ({
  name: `accepts ${username}`,
  method: 'POST',
  url: '/api/auth/register',
  body: valid({ username, email, ...body }),
  expectedStatus: 201,
  expectedBody: registeredUser(username, email),
  expectedMails: [{ to: email, link: 'verify-email' }],
})

const rejected = (name: string, body: unknown, fields: Record<string, string>): ApiScenario => ({
  name,
  method: 'POST',
  url: '/api/auth/register',
  body,
  expectedStatus: 400,
  expectedBody: invalid(fields),
  expectedMails: [],
})

describe('POST /api/auth/register: validation', () => {
  const { username: _u, ...withoutUsername } = valid()
  const { email: _e, ...withoutEmail } = valid()
  const { password: _p, ...withoutPassword } = valid()

  scenarios(
    () => app,
    [
      rejected(
        'empty body',
        {},
        {
          username: m.usernameRequired,
          email: m.emailRequired,
          password: m.passwordRequired,
          passwordConfirm: m.passwordRequired,
        },
      ),
      rejected('missing username', withoutUsername, { username: m.usernameRequired }),
      rejected('blank username', valid({ username: '   ' }), { username: m.usernameRequired }),
      rejected('username of the wrong type', valid({ username: 42 }), { username: m.usernameRequired }),
      rejected('username of 2 characters', valid({ username: 'ab' }), { username: m.usernameLength }),
      rejected('username of 31 characters', valid({ username: 'a'.repeat(31) }), { username: m.usernameLength }),
      rejected('username with a space', valid({ username: 'two words' }), { username: m.usernameCharacters }),
      rejected('username with markup', valid({ username: '<b>bold</b>' }), { username: m.usernameCharacters }),
      rejected('profane username', valid({ username: 'shit.happens' }), { username: m.usernameProfane }),
      rejected('profane username in another case', valid({ username: 'Dick99' }), { username: m.usernameProfane }),
      rejected('missing email', withoutEmail, { email: m.emailRequired }),
      rejected('blank email', valid({ email: '  ' }), { email: m.emailRequired }),
      rejected('email without @', valid({ email: 'not-an-email' }), { email: m.emailInvalid }),
      rejected('email without domain', valid({ email: 'someone@' }), { email: m.emailInvalid }),
      rejected('email over 254 characters', valid({ email: `${'a'.repeat(250)}@example.org` }), { email: m.emailInvalid }),
      rejected('missing password', withoutPassword, { password: m.passwordRequired }),
      rejected('password of 7 characters', valid({ password: '1234567', passwordConfirm: '1234567' }), {
        password: m.passwordTooShort,
      }),
      rejected('password of 73 bytes', valid({ password: 'a'.repeat(73), passwordConfirm: 'a'.repeat(73) }), {
        password: m.passwordTooLong,
      }),
      // 37 characters, but 74 bytes in UTF-8: bcrypt counts bytes.
      rejected('password of 37 two-byte characters', valid({ password: 'é'.repeat(37), passwordConfirm: 'é'.repeat(37) }), {
        password: m.passwordTooLong,
      }),
      rejected('passwords that do not match', valid({ passwordConfirm: `${password}!` }), {
        passwordConfirm: m.passwordsDoNotMatch,
      }),
    ],
  )
})

describe('POST /api/auth/register: accepted', () => {
  scenarios(
    () => app,
    [
      created('Alice', 'alice@example.org'),
      created('abc', 'three@example.org'),
      created('a'.repeat(30), 'thirty@example.org'),
      created('dots.dashes-under_9', 'punctuation@example.org'),
      // Whole-word matching: a rude word inside an innocent one is fine.
      created('class.act', 'classact@example.org'),
      created('scunthorpe', 'scunthorpe@example.org'),
      created('long.password', 'long@example.org', { password: 'a'.repeat(72), passwordConfirm: 'a'.repeat(72) }),
      {
        name: 'trims the username and trims and lower-cases the email',
        method: 'POST',
        url: '/api/auth/register',
        body: valid({ username: '  Trimmed ', email: '  Mixed.Case@Example.ORG ' }),
        expectedStatus: 201,
        expectedBody: registeredUser('Trimmed', 'mixed.case@example.org'),
        expectedMails: [{ to: 'mixed.case@example.org', link: 'verify-email' }],
      },
    ],
  )

  it('sends a plain-text verification mail whose link works, and keeps only a hash of its token', async () => {
    await runScenario(app, created('Mailcheck', 'mailcheck@example.org'))
    const mail = app.inbox.lastTo('mailcheck@example.org')
    if (!mail) throw new Error('no mail')
    expect(mail.subject).toBe('Verify your Cardwise email address')
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m)
    const token = linkToken(mail.text, 'verify-email')
    expect(mail.text).toContain(`https://cards.example.test/verify-email/${token}`)

    const stored = await app.db.selectFrom('email_tokens').select('token_hash').execute()
    expect(stored.map((row) => row.token_hash)).not.toContain(token)

    const confirmed = await app.api('POST', '/api/auth/confirm-verification', { body: { token } })
    expect(confirmed.status).toBe(204)
  })
})

describe('POST /api/auth/register: duplicates', () => {
  beforeAll(async () => {
    const first = await app.api('POST', '/api/auth/register', { body: valid({ username: 'Taken', email: 'taken@example.org' }) })
    expect(first.status, first.text).toBe(201)
  })

  const taken = (name: string, body: unknown, fields: Record<string, string>): ApiScenario => ({
    name,
    method: 'POST',
    url: '/api/auth/register',
    body,
    expectedStatus: 409,
    expectedBody: apiError(409, 'conflict', Object.values(fields)[0] ?? '', fields),
    expectedMails: [],
  })

  scenarios(
    () => app,
    [
      taken('same username', valid({ username: 'Taken', email: 'other1@example.org' }), { username: m.usernameTaken }),
      taken('same username in another case', valid({ username: 'tAKEN', email: 'other2@example.org' }), {
        username: m.usernameTaken,
      }),
      taken('same email', valid({ username: 'Other3', email: 'taken@example.org' }), { email: m.emailTaken }),
      taken('same email in another case', valid({ username: 'Other4', email: 'TAKEN@Example.org' }), { email: m.emailTaken }),
      taken('both taken', valid({ username: 'taken', email: 'taken@example.org' }), {
        username: m.usernameTaken,
        email: m.emailTaken,
      }),
    ],
  )

  it('left exactly one account named Taken', async () => {
    const rows = await app.db.selectFrom('users').select('username').where('email', 'like', '%taken%').execute()
    expect(rows).toEqual([{ username: 'Taken' }])
  })
})

describe('POST /api/auth/register: with autoVerifyAccounts (the desktop app)', () => {
  let desktop: TestApp
  beforeAll(async () => {
    desktop = await startTestApp({ autoVerifyAccounts: true })
  })
  afterAll(() => desktop.close())

  it('creates the account verified, sends no mail and lets it log in at once', async () => {
    const response = await desktop.api('POST', '/api/auth/register', { body: valid({ username: 'desk', email: 'desk@example.org' }) })
    expect(response.status, response.text).toBe(201)
    expect(response.body).toMatchObject({ user: { username: 'desk', verified: true } })
    const tokens = await desktop.db.selectFrom('email_tokens').select('id').execute()
    expect(tokens).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(desktop.inbox.messages).toEqual([])
    const login = await desktop.api('POST', '/api/auth/login', { body: { identity: 'desk', password } })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({ token: expect.any(String) })
  })
})
