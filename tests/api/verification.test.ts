import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TOKEN_TTL_SECONDS } from '#shared/limits'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError, scenarios } from './scenarios'

let app: TestApp
let verified: Account
let unverified: Account
beforeAll(async () => {
  app = await startTestApp()
  verified = await createAccount(app)
  unverified = await createAccount(app, { verified: false })
})
afterAll(() => app.close())

const me = async (token: string) => (await app.api('GET', '/api/users/me', { token })).body.user
/** The token of the newest verification mail to this address. */
const latestToken = (email: string) => linkToken(app.inbox.lastTo(email)?.text ?? '', 'verify-email')
const linkInvalid = apiError(400, 'invalid_input', m.invalidInput, { token: m.tokenInvalid })
// The token's own message names the fault, so it is also the error's message.
const tokenRejected = apiError(400, 'invalid_input', m.tokenInvalid, { token: m.tokenInvalid })

describe('POST /api/auth/request-verification', () => {
  scenarios(
    () => app,
    [
      {
        name: 'unknown email: 204 and no mail',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: { email: 'nobody@example.org' },
        expectedStatus: 204,
        expectedMails: [],
      },
      {
        name: 'verified user: 204 and no mail',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: () => ({ email: verified.email }),
        expectedStatus: 204,
        expectedMails: [],
      },
      {
        name: 'unverified user: 204 and a new verification mail',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: () => ({ email: unverified.email }),
        expectedStatus: 204,
        expectedMails: [{ to: () => unverified.email, link: 'verify-email' }],
      },
      {
        name: 'unverified user, email in another case: 204 and a mail',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: () => ({ email: unverified.email.toUpperCase() }),
        expectedStatus: 204,
        expectedMails: [{ to: () => unverified.email, link: 'verify-email' }],
      },
      {
        name: 'invalid email: 400 with fields.email',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: { email: 'not-an-email' },
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { email: m.emailInvalid }),
      },
      {
        name: 'missing email: 400 with fields.email',
        method: 'POST',
        url: '/api/auth/request-verification',
        body: {},
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { email: m.emailRequired }),
      },
    ],
  )
})

describe('POST /api/auth/confirm-verification', () => {
  let token = ''
  let usedToken = ''

  scenarios(
    () => app,
    [
      {
        name: 'missing token: 400 with fields.token',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        body: {},
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { token: m.tokenRequired }),
      },
      {
        name: 'blank token: 400 with fields.token',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        body: { token: '   ' },
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { token: m.tokenRequired }),
      },
      {
        name: 'overlong token: 400',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        body: { token: 'x'.repeat(201) },
        expectedStatus: 400,
        expectedBody: linkInvalid,
      },
      {
        name: 'garbage token: 400',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        body: { token: 'not-a-real-token' },
        expectedStatus: 400,
        expectedBody: tokenRejected,
      },
      {
        name: 'good token: 204 and the user becomes verified',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        before: () => {
          token = latestToken(unverified.email)
        },
        body: () => ({ token }),
        expectedStatus: 204,
        after: async () => {
          expect(await me(unverified.token)).toMatchObject({ verified: true })
          usedToken = token
        },
      },
      {
        name: 'the same token again: 400',
        method: 'POST',
        url: '/api/auth/confirm-verification',
        body: () => ({ token: usedToken }),
        expectedStatus: 400,
        expectedBody: tokenRejected,
      },
    ],
  )

  it('an expired token (older than 72 hours): 400, and the user stays unverified', async () => {
    const late = await createAccount(app, { verified: false })
    const lateToken = latestToken(late.email)
    app.clock.advance((EMAIL_TOKEN_TTL_SECONDS.verification + 60) * 1000)

    const confirmed = await app.api('POST', '/api/auth/confirm-verification', { body: { token: lateToken } })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body).toEqual(tokenRejected)

    const relogin = await app.api('POST', '/api/auth/login', { body: { identity: late.email, password: late.password } })
    expect(relogin.body.user).toMatchObject({ verified: false })
  })

  it('a token just inside 72 hours still works', async () => {
    const onTime = await createAccount(app, { verified: false })
    const onTimeToken = latestToken(onTime.email)
    app.clock.advance((EMAIL_TOKEN_TTL_SECONDS.verification - 60) * 1000)

    const confirmed = await app.api('POST', '/api/auth/confirm-verification', { body: { token: onTimeToken } })
    expect(confirmed.status).toBe(204)
  })
})
