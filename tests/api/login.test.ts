import { afterAll, beforeAll, describe, expect } from 'vitest'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'

let app: TestApp
let alice: Account
let bob: Account
let pending: Account
beforeAll(async () => {
  app = await startTestApp()
  alice = await createAccount(app, { username: 'AliceW' })
  bob = await createAccount(app, { username: 'bob.b' })
  pending = await createAccount(app, { username: 'pending', verified: false })
})
afterAll(() => app.close())

const failedToAuthenticate = apiError(400, 'invalid_input', m.failedToAuthenticate)

const signedIn = (account: () => Account, identity: () => string, name: string, verified = true): ApiScenario => ({
  name,
  method: 'POST',
  url: '/api/auth/login',
  body: () => ({ identity: identity(), password: account().password }),
  expectedStatus: 200,
  expectedBody: {
    token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
    user: {
      id: expect.any(String),
      username: expect.any(String),
      email: expect.any(String),
      verified,
      plan: { id: expect.any(String), name: 'Free' },
      created: expect.any(String),
      updated: expect.any(String),
    },
  },
  after: async (response) => {
    expect(response.body.user).toMatchObject({ id: account().id, username: account().username, email: account().email })
    const me = await app.api('GET', '/api/users/me', { token: response.body.token })
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(account().id)
  },
})

const failed = (name: string, body: () => unknown): ApiScenario => ({
  name,
  method: 'POST',
  url: '/api/auth/login',
  body,
  expectedStatus: 400,
  expectedBody: failedToAuthenticate,
})

describe('POST /api/auth/login', () => {
  scenarios(
    () => app,
    [
      signedIn(
        () => alice,
        () => alice.email,
        'by email',
      ),
      signedIn(
        () => alice,
        () => alice.email.toUpperCase(),
        'by email in another case',
      ),
      signedIn(
        () => alice,
        () => `  ${alice.email}  `,
        'by email with spaces around',
      ),
      signedIn(
        () => alice,
        () => 'AliceW',
        'by username',
      ),
      signedIn(
        () => alice,
        () => 'alicew',
        'by username in lower case',
      ),
      signedIn(
        () => alice,
        () => 'ALICEW',
        'by username in upper case',
      ),
      signedIn(
        () => bob,
        () => 'BOB.B',
        'by a username with a dot',
      ),
      signedIn(
        () => pending,
        () => pending.email,
        'an unverified user may sign in (verified: false)',
        false,
      ),

      failed('wrong password by email', () => ({ identity: alice.email, password: 'wrong password' })),
      failed('wrong password by username', () => ({ identity: 'AliceW', password: 'wrong password' })),
      failed('password in another case', () => ({ identity: alice.email, password: alice.password.toUpperCase() })),
      failed("another user's password", () => ({ identity: alice.email, password: `${bob.password}x` })),
      failed('unknown email', () => ({ identity: 'nobody@example.org', password: alice.password })),
      failed('unknown username', () => ({ identity: 'nobody', password: alice.password })),
      failed('identity over 254 characters', () => ({ identity: 'a'.repeat(255), password: alice.password })),

      {
        name: 'missing identity: 400 with fields.identity',
        method: 'POST',
        url: '/api/auth/login',
        body: { password: 'whatever1' },
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { identity: m.identityRequired }),
      },
      {
        name: 'blank identity: 400 with fields.identity',
        method: 'POST',
        url: '/api/auth/login',
        body: { identity: '  ', password: 'whatever1' },
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { identity: m.identityRequired }),
      },
      {
        name: 'missing password: 400 with fields.password',
        method: 'POST',
        url: '/api/auth/login',
        body: () => ({ identity: alice.email }),
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { password: m.passwordRequired }),
      },
      {
        name: 'empty body: 400 with both fields',
        method: 'POST',
        url: '/api/auth/login',
        body: {},
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { identity: m.identityRequired, password: m.passwordRequired }),
      },
      {
        name: 'no body at all: 400 with both fields',
        method: 'POST',
        url: '/api/auth/login',
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { identity: m.identityRequired, password: m.passwordRequired }),
      },
    ],
  )
})
