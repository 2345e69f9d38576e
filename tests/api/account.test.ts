import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TOKEN_TTL_SECONDS } from '#shared/limits'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const unauthenticated = apiError(401, 'unauthenticated', m.unauthenticated)
const unverified = apiError(403, 'unverified', m.unverified)
const invalid = (fields: Record<string, string>) => apiError(400, 'invalid_input', m.invalidInput, fields)
const login = (identity: string, password: string) => app.api('POST', '/api/auth/login', { body: { identity, password } })
const failedToAuthenticate = apiError(400, 'invalid_input', m.failedToAuthenticate)

const ownUser = (account: Account, changes: Record<string, unknown> = {}) => ({
  user: {
    id: account.id,
    username: account.username,
    email: account.email,
    verified: true,
    plan: { id: expect.any(String), name: 'Free' },
    created: expect.any(String),
    updated: expect.any(String),
    ...changes,
  },
})

describe('GET /api/users/me', () => {
  let alice: Account
  let pending: Account
  beforeAll(async () => {
    alice = await createAccount(app)
    pending = await createAccount(app, { verified: false })
  })

  scenarios(
    () => app,
    [
      { name: 'without a token: 401', method: 'GET', url: '/api/users/me', expectedStatus: 401, expectedBody: unauthenticated },
      {
        name: 'verified user: their own record, with email',
        method: 'GET',
        url: '/api/users/me',
        token: () => alice.token,
        expectedStatus: 200,
        expectedBody: () => ownUser(alice),
      },
      {
        name: 'unverified user: 200 with verified false',
        method: 'GET',
        url: '/api/users/me',
        token: () => pending.token,
        expectedStatus: 200,
        expectedBody: () => ownUser(pending, { verified: false }),
      },
    ],
  )
})

describe('verified-only account routes: 403 unverified for an unverified user', () => {
  let pending: Account
  beforeAll(async () => {
    pending = await createAccount(app, { verified: false })
  })

  const forUnverified = (method: ApiScenario['method'], url: string, body: () => unknown): ApiScenario => ({
    name: `${method} ${url}`,
    method,
    url,
    body,
    token: () => pending.token,
    expectedStatus: 403,
    expectedBody: unverified,
    expectedMails: [],
  })

  scenarios(
    () => app,
    [
      forUnverified('PATCH', '/api/users/me', () => ({
        oldPassword: pending.password,
        password: 'a new password',
        passwordConfirm: 'a new password',
      })),
      forUnverified('DELETE', '/api/users/me', () => ({ password: pending.password })),
      forUnverified('POST', '/api/auth/request-email-change', () => ({ newEmail: 'elsewhere@example.org' })),
    ],
  )

  it('nothing changed: the old password still works and the account exists', async () => {
    const again = await login(pending.email, pending.password)
    expect(again.status).toBe(200)
    expect(again.body.user.email).toBe(pending.email)
  })
})

describe('PATCH /api/users/me (change password)', () => {
  let carol: Account
  let previousUpdated = ''
  const newPassword = 'a fresh new password'
  let carolNewToken = ''
  let carolOtherDevice = ''
  beforeAll(async () => {
    carol = await createAccount(app)
    previousUpdated = (await app.api('GET', '/api/users/me', { token: carol.token })).body.user.updated
    carolOtherDevice = (await app.api('POST', '/api/auth/login', { body: { identity: carol.email, password: carol.password } })).body.token
  })

  const change = (name: string, body: () => unknown, expectedStatus: number, expectedBody: unknown): ApiScenario => ({
    name,
    method: 'PATCH',
    url: '/api/users/me',
    token: () => carol.token,
    body,
    expectedStatus,
    expectedBody,
  })

  scenarios(
    () => app,
    [
      {
        name: 'without a token: 401',
        method: 'PATCH',
        url: '/api/users/me',
        body: { oldPassword: 'whatever1', password: newPassword, passwordConfirm: newPassword },
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      change(
        'empty body',
        () => ({}),
        400,
        invalid({
          oldPassword: m.oldPasswordRequired,
          password: m.passwordRequired,
          passwordConfirm: m.passwordRequired,
        }),
      ),
      change(
        'missing old password',
        () => ({ password: newPassword, passwordConfirm: newPassword }),
        400,
        invalid({
          oldPassword: m.oldPasswordRequired,
        }),
      ),
      change(
        'short new password',
        () => ({ oldPassword: carol.password, password: 'short', passwordConfirm: 'short' }),
        400,
        invalid({ password: m.passwordTooShort }),
      ),
      change(
        'new password over 72 bytes',
        () => ({ oldPassword: carol.password, password: 'ü'.repeat(40), passwordConfirm: 'ü'.repeat(40) }),
        400,
        invalid({ password: m.passwordTooLong }),
      ),
      change(
        'confirmation does not match',
        () => ({ oldPassword: carol.password, password: newPassword, passwordConfirm: 'something else' }),
        400,
        invalid({ passwordConfirm: m.passwordsDoNotMatch }),
      ),
      change(
        'wrong old password: 400 with fields.oldPassword',
        () => ({ oldPassword: 'not my password', password: newPassword, passwordConfirm: newPassword }),
        400,
        apiError(400, 'invalid_input', m.oldPasswordWrong, { oldPassword: m.oldPasswordWrong }),
      ),
      {
        ...change(
          'good: 200 with the user and a new token for this device',
          () => ({ oldPassword: carol.password, password: newPassword, passwordConfirm: newPassword }),
          200,
          () => ({ token: expect.any(String), ...ownUser(carol) }),
        ),
        after: (response) => {
          expect(response.body.user.updated).not.toBe(previousUpdated)
          expect(response.body.token).not.toBe(carol.token)
          carolNewToken = response.body.token
        },
      },
      {
        name: 'the token used for the change is 401 now (tokenKey rotated)',
        method: 'GET',
        url: '/api/users/me',
        token: () => carol.token,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: "every other session has ended (another device's token is 401)",
        method: 'GET',
        url: '/api/users/me',
        token: () => carolOtherDevice,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'the new token keeps this device signed in',
        method: 'GET',
        url: '/api/users/me',
        token: () => carolNewToken,
        expectedStatus: 200,
        expectedBody: () => ownUser(carol),
      },
      {
        name: 'the new password signs in',
        method: 'POST',
        url: '/api/auth/login',
        body: () => ({ identity: carol.email, password: newPassword }),
        expectedStatus: 200,
      },
      {
        name: 'the old password does not',
        method: 'POST',
        url: '/api/auth/login',
        body: () => ({ identity: carol.email, password: carol.password }),
        expectedStatus: 400,
        expectedBody: failedToAuthenticate,
      },
    ],
  )
})

describe('email change', () => {
  let erin: Account
  let frank: Account
  let confirmToken = ''
  const newEmail = 'erin.new@example.org'
  beforeAll(async () => {
    erin = await createAccount(app)
    frank = await createAccount(app)
  })

  const requestChange = (name: string, body: () => unknown, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
    name,
    method: 'POST',
    url: '/api/auth/request-email-change',
    token: () => erin.token,
    body,
    expectedStatus,
    expectedBody,
    expectedMails: expectedStatus === 204 ? [{ to: newEmail, link: 'confirm-email-change' }] : [],
  })
  const confirmChange = (name: string, body: () => unknown, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
    name,
    method: 'POST',
    url: '/api/auth/confirm-email-change',
    body,
    expectedStatus,
    expectedBody,
  })
  const tokenInvalid = apiError(400, 'invalid_input', m.tokenInvalid, { token: m.tokenInvalid })

  describe('POST /api/auth/request-email-change', () => {
    scenarios(
      () => app,
      [
        {
          name: 'without a token: 401',
          method: 'POST',
          url: '/api/auth/request-email-change',
          body: { newEmail },
          expectedStatus: 401,
          expectedBody: unauthenticated,
          expectedMails: [],
        },
        requestChange('missing newEmail', () => ({}), 400, invalid({ newEmail: m.emailRequired })),
        requestChange('invalid newEmail', () => ({ newEmail: 'erin at example' }), 400, invalid({ newEmail: m.emailInvalid })),
        requestChange(
          'the same email: 400',
          () => ({ newEmail: erin.email }),
          400,
          apiError(400, 'invalid_input', m.emailUnchanged, { newEmail: m.emailUnchanged }),
        ),
        requestChange(
          'the same email in another case: 400',
          () => ({ newEmail: erin.email.toUpperCase() }),
          400,
          apiError(400, 'invalid_input', m.emailUnchanged, { newEmail: m.emailUnchanged }),
        ),
        requestChange("another user's email: 409", () => ({ newEmail: frank.email }), 409, apiError(409, 'conflict', m.emailTaken, { newEmail: m.emailTaken })),
        requestChange(
          "another user's email in another case: 409",
          () => ({ newEmail: frank.email.toUpperCase() }),
          409,
          apiError(409, 'conflict', m.emailTaken, { newEmail: m.emailTaken }),
        ),
        {
          ...requestChange('good: 204 and a confirmation mail to the new address only', () => ({ newEmail: ` ${newEmail.toUpperCase()} ` }), 204),
          after: (_response, mails) => {
            expect(mails[0]?.subject).toBe('Confirm your new Cardwise email address')
            confirmToken = linkToken(mails[0]?.text ?? '', 'confirm-email-change')
          },
        },
        {
          name: 'until confirmed, the account keeps its email',
          method: 'GET',
          url: '/api/users/me',
          token: () => erin.token,
          expectedStatus: 200,
          expectedContent: () => ({ user: { email: erin.email } }),
        },
      ],
    )
  })

  describe('POST /api/auth/confirm-email-change', () => {
    scenarios(
      () => app,
      [
        confirmChange('missing token', () => ({ password: erin.password }), 400, invalid({ token: m.tokenRequired })),
        confirmChange('missing password', () => ({ token: confirmToken }), 400, invalid({ password: m.passwordRequired })),
        confirmChange('bad token', () => ({ token: 'not-a-token', password: erin.password }), 400, tokenInvalid),
        confirmChange(
          'wrong password: 400 with fields.password',
          () => ({ token: confirmToken, password: 'not my password' }),
          400,
          apiError(400, 'invalid_input', m.passwordWrong, { password: m.passwordWrong }),
        ),
        {
          name: 'the wrong password did not change anything',
          method: 'GET',
          url: '/api/users/me',
          token: () => erin.token,
          expectedStatus: 200,
          expectedContent: () => ({ user: { email: erin.email } }),
        },
        // The token survived the wrong password.
        confirmChange('good: 204', () => ({ token: confirmToken, password: erin.password }), 204),
        {
          name: 'the old token is 401 (tokenKey rotated)',
          method: 'GET',
          url: '/api/users/me',
          token: () => erin.token,
          expectedStatus: 401,
          expectedBody: unauthenticated,
        },
        {
          name: 'the new email signs in and shows the new address',
          method: 'POST',
          url: '/api/auth/login',
          body: () => ({ identity: newEmail, password: erin.password }),
          expectedStatus: 200,
          expectedContent: () => ({ user: { id: erin.id, email: newEmail, verified: true } }),
        },
        {
          name: 'the old email does not sign in any more',
          method: 'POST',
          url: '/api/auth/login',
          body: () => ({ identity: erin.email, password: erin.password }),
          expectedStatus: 400,
          expectedBody: failedToAuthenticate,
        },
        confirmChange('the same token again: 400', () => ({ token: confirmToken, password: erin.password }), 400, tokenInvalid),
      ],
    )
  })

  it('an address taken between request and confirmation: 409 and nothing changes', async () => {
    const gus = await createAccount(app)
    const wanted = 'wanted@example.org'
    expect((await app.api('POST', '/api/auth/request-email-change', { token: gus.token, body: { newEmail: wanted } })).status).toBe(204)
    const token = linkToken(app.inbox.lastTo(wanted)?.text ?? '', 'confirm-email-change')
    const squatter = await app.api('POST', '/api/auth/register', {
      body: { username: 'squatter', email: wanted, password: 'squatter password', passwordConfirm: 'squatter password' },
    })
    expect(squatter.status).toBe(201)

    const confirmed = await app.api('POST', '/api/auth/confirm-email-change', { body: { token, password: gus.password } })
    expect(confirmed.status).toBe(409)
    expect(confirmed.body).toEqual(apiError(409, 'conflict', m.emailTaken, { token: m.emailTaken }))
    expect((await app.api('GET', '/api/users/me', { token: gus.token })).body.user.email).toBe(gus.email)
  })

  it('an expired confirmation link (older than 1 hour): 400', async () => {
    const hank = await createAccount(app)
    const wanted = 'hank.new@example.org'
    await app.api('POST', '/api/auth/request-email-change', { token: hank.token, body: { newEmail: wanted } })
    const token = linkToken(app.inbox.lastTo(wanted)?.text ?? '', 'confirm-email-change')
    app.clock.advance((EMAIL_TOKEN_TTL_SECONDS.emailChange + 1) * 1000)

    const confirmed = await app.api('POST', '/api/auth/confirm-email-change', { body: { token, password: hank.password } })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body).toEqual(tokenInvalid)
  })
})

describe('DELETE /api/users/me', () => {
  let gina: Account
  beforeAll(async () => {
    gina = await createAccount(app, { username: 'Gina' })
  })

  const remove = (name: string, body: () => unknown, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
    name,
    method: 'DELETE',
    url: '/api/users/me',
    token: () => gina.token,
    body,
    expectedStatus,
    expectedBody,
  })

  scenarios(
    () => app,
    [
      {
        name: 'without a token: 401',
        method: 'DELETE',
        url: '/api/users/me',
        body: { password: 'whatever1' },
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      remove('missing password', () => ({}), 400, invalid({ password: m.passwordRequired })),
      remove(
        'wrong password: 400 with fields.password',
        () => ({ password: 'not my password' }),
        400,
        apiError(400, 'invalid_input', m.passwordWrong, { password: m.passwordWrong }),
      ),
      {
        name: 'the account survived the wrong password',
        method: 'GET',
        url: '/api/users/me',
        token: () => gina.token,
        expectedStatus: 200,
      },
      {
        ...remove('good: 204', () => ({ password: gina.password }), 204),
        after: async () => {
          // Sessions and link tokens go with the account (ON DELETE CASCADE).
          for (const table of ['users', 'sessions', 'email_tokens'] as const) {
            const column = table === 'users' ? 'id' : 'user_id'
            const rows = await app.db.selectFrom(table).select(column).where(column, '=', gina.id).execute()
            expect(rows, table).toEqual([])
          }
        },
      },
      {
        name: 'the token is 401 afterwards',
        method: 'GET',
        url: '/api/users/me',
        token: () => gina.token,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'login fails afterwards',
        method: 'POST',
        url: '/api/auth/login',
        body: () => ({ identity: gina.email, password: gina.password }),
        expectedStatus: 400,
        expectedBody: failedToAuthenticate,
      },
      {
        name: 'the username and email can be registered again',
        method: 'POST',
        url: '/api/auth/register',
        body: () => ({ username: 'gina', email: gina.email, password: 'another password', passwordConfirm: 'another password' }),
        expectedStatus: 201,
        expectedContent: () => ({ user: { username: 'gina', email: gina.email, verified: false } }),
        expectedMails: [{ to: () => gina.email, link: 'verify-email' }],
        after: (response) => {
          expect(response.body.user.id).not.toBe(gina.id)
        },
      },
    ],
  )
})
