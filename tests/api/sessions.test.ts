import { createHash } from 'node:crypto'
import { decodeJwt, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'

const unauthenticated = apiError(401, 'unauthenticated', m.unauthenticated)

const authResponse = (account: () => Account) => () => ({
  token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
  user: expect.objectContaining({ id: account().id, username: account().username, email: account().email, verified: true }),
})

async function meStatus(app: TestApp, token: string): Promise<number> {
  return (await app.api('GET', '/api/users/me', { token })).status
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** The key the server signs a user's tokens with (see server/access/tokens.ts). */
function serverSigningKey(secret: string, tokenKey: string): Uint8Array {
  return createHash('sha256').update(secret).update('\0').update(tokenKey).digest()
}

async function sign(key: Uint8Array, claims: { sub: string; sid: string }, expiresAt?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt ?? now + 3600)
    .sign(key)
}

describe('refresh and logout', () => {
  let app: TestApp
  let alice: Account
  let secondSession = ''
  let refreshed = ''
  beforeAll(async () => {
    app = await startTestApp()
    alice = await createAccount(app)
    const login = await app.api('POST', '/api/auth/login', { body: { identity: alice.email, password: alice.password } })
    secondSession = login.body.token
  })
  afterAll(() => app.close())

  scenarios(
    () => app,
    [
      {
        name: 'refresh without a token: 401',
        method: 'POST',
        url: '/api/auth/refresh',
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'refresh: 200 with a fresh token that works',
        method: 'POST',
        url: '/api/auth/refresh',
        token: () => alice.token,
        expectedStatus: 200,
        expectedBody: authResponse(() => alice),
        after: async (response) => {
          refreshed = response.body.token
          expect(await meStatus(app, refreshed)).toBe(200)
        },
      },
      {
        name: 'logout: 204',
        method: 'POST',
        url: '/api/auth/logout',
        token: () => alice.token,
        expectedStatus: 204,
      },
      {
        name: 'the logged-out token is 401 at once',
        method: 'GET',
        url: '/api/users/me',
        token: () => alice.token,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        // A refreshed token names the same server-side session, so it ends with it.
        name: 'a token refreshed from the logged-out session is 401 too',
        method: 'GET',
        url: '/api/users/me',
        token: () => refreshed,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'the logged-out token cannot refresh',
        method: 'POST',
        url: '/api/auth/refresh',
        token: () => alice.token,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'logging out twice: 401',
        method: 'POST',
        url: '/api/auth/logout',
        token: () => alice.token,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: "the same user's other session still works",
        method: 'GET',
        url: '/api/users/me',
        token: () => secondSession,
        expectedStatus: 200,
        expectedContent: { user: { id: expect.any(String), verified: true } },
      },
      {
        name: 'and can still refresh',
        method: 'POST',
        url: '/api/auth/refresh',
        token: () => secondSession,
        expectedStatus: 200,
        expectedBody: authResponse(() => alice),
      },
    ],
  )
})

describe('tokens that are not valid: 401 unauthenticated', () => {
  let app: TestApp
  let alice: Account
  let bob: Account
  const forged: Record<string, string> = {}
  beforeAll(async () => {
    app = await startTestApp()
    alice = await createAccount(app)
    bob = await createAccount(app)
    const aliceClaims = decodeJwt(alice.token) as { sub: string; sid: string }
    const bobClaims = decodeJwt(bob.token) as { sub: string; sid: string }
    const [header, payload, signature] = alice.token.split('.')
    const { token_key: aliceKey } = await app.db.selectFrom('users').select('token_key').where('id', '=', alice.id).executeTakeFirstOrThrow()
    const rightKey = serverSigningKey(app.config.authSecret, aliceKey)

    forged.otherSecret = await sign(serverSigningKey('another-secret-that-is-long-enough-987654321', aliceKey), aliceClaims)
    forged.secretAlone = await sign(new TextEncoder().encode(app.config.authSecret), aliceClaims)
    forged.wrongTokenKey = await sign(serverSigningKey(app.config.authSecret, 'guessed-token-key'), aliceClaims)
    forged.algNone = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`
    forged.otherSubject = `${header}.${base64url({ ...decodeJwt(alice.token), sub: bob.id })}.${signature}`
    forged.unsigned = `${header}.${payload}`
    // Signed with the right key, so only the server-side session check can refuse these:
    forged.unknownSession = await sign(rightKey, { sub: aliceClaims.sub, sid: 'no-such-session' })
    forged.othersSession = await sign(rightKey, { sub: aliceClaims.sub, sid: bobClaims.sid })
    forged.expired = await sign(rightKey, aliceClaims, Math.floor(Date.now() / 1000) - 10)
  })
  afterAll(() => app.close())

  const rejected = (name: string, headers: () => Record<string, string>): ApiScenario => ({
    name,
    method: 'GET',
    url: '/api/users/me',
    headers,
    expectedStatus: 401,
    expectedBody: unauthenticated,
  })

  scenarios(
    () => app,
    [
      rejected('no Authorization header', () => ({})),
      rejected('empty Bearer', () => ({ Authorization: 'Bearer ' })),
      rejected('another scheme', () => ({ Authorization: `Basic ${alice.token}` })),
      rejected('token without a scheme', () => ({ Authorization: alice.token })),
      rejected('not a JWT', () => ({ Authorization: 'Bearer not-a-jwt' })),
      rejected('three dots of nothing', () => ({ Authorization: 'Bearer a.b.c' })),
      rejected('a JWT without its signature', () => ({ Authorization: `Bearer ${forged.unsigned}` })),
      rejected('signed with another secret', () => ({ Authorization: `Bearer ${forged.otherSecret}` })),
      rejected('signed with the server secret alone', () => ({ Authorization: `Bearer ${forged.secretAlone}` })),
      rejected('signed with a guessed tokenKey', () => ({ Authorization: `Bearer ${forged.wrongTokenKey}` })),
      rejected('alg "none"', () => ({ Authorization: `Bearer ${forged.algNone}` })),
      rejected("subject changed to another user's id", () => ({ Authorization: `Bearer ${forged.otherSubject}` })),
      rejected('right key, unknown session', () => ({ Authorization: `Bearer ${forged.unknownSession}` })),
      rejected("right key, another user's session", () => ({ Authorization: `Bearer ${forged.othersSession}` })),
      rejected('right key, expired', () => ({ Authorization: `Bearer ${forged.expired}` })),
      {
        name: 'the real token still works (control)',
        method: 'GET',
        url: '/api/users/me',
        token: () => alice.token,
        expectedStatus: 200,
      },
      {
        name: 'the scheme name is case-insensitive',
        method: 'GET',
        url: '/api/users/me',
        headers: () => ({ Authorization: `bearer ${alice.token}` }),
        expectedStatus: 200,
      },
    ],
  )
})

describe('token expiry', () => {
  let app: TestApp
  let alice: Account
  beforeAll(async () => {
    app = await startTestApp()
    alice = await createAccount(app)
  })
  afterAll(() => app.close())

  it('a token works until its lifetime is over, then is 401; a refreshed token lives on', async () => {
    const ttlMs = app.config.tokenTtlSeconds * 1000
    app.clock.advance(ttlMs - 60_000)
    expect(await meStatus(app, alice.token)).toBe(200)

    const refresh = await app.api('POST', '/api/auth/refresh', { token: alice.token })
    expect(refresh.status).toBe(200)
    const refreshed: string = refresh.body.token
    expect(refreshed).not.toBe(alice.token)

    app.clock.advance(2 * 60_000)
    for (const [method, url] of [
      ['GET', '/api/users/me'],
      ['POST', '/api/auth/refresh'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const response = await app.api(method, url, { token: alice.token })
      expect(response.status, `${method} ${url}`).toBe(401)
      expect(response.body).toEqual(unauthenticated)
    }
    expect(await meStatus(app, refreshed)).toBe(200)

    app.clock.advance(ttlMs)
    expect(await meStatus(app, refreshed)).toBe(401)
    const login = await app.api('POST', '/api/auth/login', { body: { identity: alice.email, password: alice.password } })
    expect(login.status).toBe(200)
    expect(await meStatus(app, login.body.token)).toBe(200)
  })
})

describe('a change of credentials ends every earlier token', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.close())

  const newPassword = 'a brand new password'
  const changes: Array<{ name: string; change: (account: Account) => Promise<void> }> = [
    {
      name: 'password change',
      async change(account) {
        const response = await app.api('PATCH', '/api/users/me', {
          token: account.token,
          body: { oldPassword: account.password, password: newPassword, passwordConfirm: newPassword },
        })
        expect(response.status, response.text).toBe(200)
      },
    },
    {
      name: 'password reset',
      async change(account) {
        await app.api('POST', '/api/auth/request-password-reset', { body: { email: account.email } })
        const token = linkToken(app.inbox.lastTo(account.email)?.text ?? '', 'reset-password')
        const response = await app.api('POST', '/api/auth/confirm-password-reset', {
          body: { token, password: newPassword, passwordConfirm: newPassword },
        })
        expect(response.status, response.text).toBe(204)
      },
    },
    {
      name: 'email change',
      async change(account) {
        const newEmail = `new.${account.email}`
        const request = await app.api('POST', '/api/auth/request-email-change', { token: account.token, body: { newEmail } })
        expect(request.status, request.text).toBe(204)
        const token = linkToken(app.inbox.lastTo(newEmail)?.text ?? '', 'confirm-email-change')
        const response = await app.api('POST', '/api/auth/confirm-email-change', { body: { token, password: account.password } })
        expect(response.status, response.text).toBe(204)
      },
    },
    {
      name: 'account deletion',
      async change(account) {
        const response = await app.api('DELETE', '/api/users/me', { token: account.token, body: { password: account.password } })
        expect(response.status, response.text).toBe(204)
      },
    },
  ]

  it.each(changes)('$name', async ({ change }) => {
    const account = await createAccount(app)
    const login = await app.api('POST', '/api/auth/login', { body: { identity: account.email, password: account.password } })
    const otherDevice: string = login.body.token
    expect(await meStatus(app, otherDevice)).toBe(200)

    await change(account)

    for (const token of [account.token, otherDevice]) {
      for (const [method, url] of [
        ['GET', '/api/users/me'],
        ['POST', '/api/auth/refresh'],
      ] as const) {
        const response = await app.api(method, url, { token })
        expect(response.status, `${method} ${url}`).toBe(401)
        expect(response.body).toEqual(unauthenticated)
      }
    }
  })
})
