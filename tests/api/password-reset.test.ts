import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TOKEN_TTL_SECONDS } from '#shared/limits'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'

let app: TestApp
let alice: Account
beforeAll(async () => {
  app = await startTestApp()
  alice = await createAccount(app)
})
afterAll(() => app.close())

const newPassword = 'a much better passphrase'
const resetLinkInvalid = apiError(400, 'invalid_input', m.resetLinkInvalid, { token: m.resetLinkInvalid })
const invalid = (fields: Record<string, string>) => apiError(400, 'invalid_input', m.invalidInput, fields)
const passwords = (password: string) => ({ password, passwordConfirm: password })
const resetToken = (email: string) => linkToken(app.inbox.lastTo(email)?.text ?? '', 'reset-password')
const login = (identity: string, password: string) => app.api('POST', '/api/auth/login', { body: { identity, password } })

describe('POST /api/auth/request-password-reset', () => {
  const request = (name: string, email: () => string, expectedMails: ApiScenario['expectedMails']): ApiScenario => ({
    name,
    method: 'POST',
    url: '/api/auth/request-password-reset',
    body: () => ({ email: email() }),
    expectedStatus: 204,
    expectedMails,
  })

  scenarios(
    () => app,
    [
      request('existing address: 204 and a mail to it', () => alice.email, [{ to: () => alice.email, link: 'reset-password' }]),
      request('existing address in another case: 204 and a mail', () => alice.email.toUpperCase(), [{ to: () => alice.email, link: 'reset-password' }]),
      request('unknown address: 204 and no mail', () => 'nobody@example.org', []),
      {
        name: 'invalid address: 400 with fields.email',
        method: 'POST',
        url: '/api/auth/request-password-reset',
        body: { email: 'nobody' },
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { email: m.emailInvalid }),
        expectedMails: [],
      },
      {
        name: 'missing address: 400 with fields.email',
        method: 'POST',
        url: '/api/auth/request-password-reset',
        body: {},
        expectedStatus: 400,
        expectedBody: apiError(400, 'invalid_input', m.invalidInput, { email: m.emailRequired }),
        expectedMails: [],
      },
    ],
  )

  it('the mail is the reset mail', () => {
    expect(app.inbox.lastTo(alice.email)?.subject).toBe('Reset your Cardwise password')
  })
})

describe('POST /api/auth/confirm-password-reset', () => {
  let token = ''
  let verificationToken = ''
  const confirm = (name: string, body: () => unknown, expectedStatus: number, expectedBody?: unknown): ApiScenario => ({
    name,
    method: 'POST',
    url: '/api/auth/confirm-password-reset',
    body,
    expectedStatus,
    expectedBody,
  })

  beforeAll(async () => {
    token = resetToken(alice.email)
    const pending = await createAccount(app, { verified: false })
    verificationToken = linkToken(app.inbox.lastTo(pending.email)?.text ?? '', 'verify-email')
  })

  scenarios(
    () => app,
    [
      confirm('bad token: 400 with fields.token', () => ({ token: 'bad-token', ...passwords(newPassword) }), 400, resetLinkInvalid),
      confirm('a verification token is not a reset token', () => ({ token: verificationToken, ...passwords(newPassword) }), 400, resetLinkInvalid),
      confirm('missing token: 400 with fields.token', () => passwords(newPassword), 400, invalid({ token: m.tokenRequired })),
      confirm('short password', () => ({ token, ...passwords('short') }), 400, invalid({ password: m.passwordTooShort })),
      confirm('missing password', () => ({ token, passwordConfirm: newPassword }), 400, invalid({ password: m.passwordRequired })),
      confirm(
        'passwords that do not match',
        () => ({ token, password: newPassword, passwordConfirm: `${newPassword}?` }),
        400,
        invalid({ passwordConfirm: m.passwordsDoNotMatch }),
      ),
      // The rejected attempts above did not use the token up.
      confirm('good token: 204', () => ({ token, ...passwords(newPassword) }), 204),
      confirm('the same token again: 400', () => ({ token, ...passwords('yet another password') }), 400, resetLinkInvalid),
    ],
  )

  it('the new password signs in and the old one does not', async () => {
    const fresh = await login(alice.email, newPassword)
    expect(fresh.status).toBe(200)
    const stale = await login(alice.email, alice.password)
    expect(stale.status).toBe(400)
    expect(stale.body).toEqual(apiError(400, 'invalid_input', m.failedToAuthenticate))
  })

  it('using one reset link also voids the other links sent before it', async () => {
    const bob = await createAccount(app)
    for (let i = 0; i < 2; i++) await app.api('POST', '/api/auth/request-password-reset', { body: { email: bob.email } })
    const [first, second] = app.inbox
      .allTo(bob.email)
      .slice(-2)
      .map((mail) => linkToken(mail.text, 'reset-password'))
    const used = await app.api('POST', '/api/auth/confirm-password-reset', {
      body: { token: second, password: newPassword, passwordConfirm: newPassword },
    })
    expect(used.status).toBe(204)
    const earlier = await app.api('POST', '/api/auth/confirm-password-reset', {
      body: { token: first, password: 'sneaky password', passwordConfirm: 'sneaky password' },
    })
    expect(earlier.status).toBe(400)
    expect(earlier.body).toEqual(resetLinkInvalid)
  })

  // Reset links carry no password check, so one left in a mailbox the user has moved away from
  // would hand the account to whoever reads that mailbox next.
  it.each([
    {
      name: 'an email change',
      async change(account: Account) {
        const newEmail = `moved.${account.email}`
        await app.api('POST', '/api/auth/request-email-change', { token: account.token, body: { newEmail } })
        const token = linkToken(app.inbox.lastTo(newEmail)?.text ?? '', 'confirm-email-change')
        const confirmed = await app.api('POST', '/api/auth/confirm-email-change', { body: { token, password: account.password } })
        expect(confirmed.status, confirmed.text).toBe(204)
      },
    },
    {
      name: 'a password change',
      async change(account: Account) {
        const changed = await app.api('PATCH', '/api/users/me', {
          token: account.token,
          body: { oldPassword: account.password, password: 'changed on purpose', passwordConfirm: 'changed on purpose' },
        })
        expect(changed.status, changed.text).toBe(200)
      },
    },
  ])('a reset link sent before $name no longer works', async ({ change }) => {
    const erin = await createAccount(app)
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: erin.email } })
    const staleToken = resetToken(erin.email)
    await change(erin)

    const confirmed = await app.api('POST', '/api/auth/confirm-password-reset', {
      body: { token: staleToken, password: 'taken over by someone', passwordConfirm: 'taken over by someone' },
    })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body).toEqual(resetLinkInvalid)
  })

  it('a reset also verifies an unverified address (the link proves it)', async () => {
    const carol = await createAccount(app, { verified: false })
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: carol.email } })
    const confirmed = await app.api('POST', '/api/auth/confirm-password-reset', {
      body: { token: resetToken(carol.email), password: newPassword, passwordConfirm: newPassword },
    })
    expect(confirmed.status).toBe(204)
    expect((await login(carol.email, newPassword)).body.user).toMatchObject({ verified: true })
  })

  it('an expired token (older than 1 hour): 400 with fields.token, password unchanged', async () => {
    const dave = await createAccount(app)
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: dave.email } })
    const daveToken = resetToken(dave.email)
    app.clock.advance((EMAIL_TOKEN_TTL_SECONDS.passwordReset + 1) * 1000)

    const confirmed = await app.api('POST', '/api/auth/confirm-password-reset', {
      body: { token: daveToken, password: newPassword, passwordConfirm: newPassword },
    })
    expect(confirmed.status).toBe(400)
    expect(confirmed.body).toEqual(resetLinkInvalid)
    expect((await login(dave.email, dave.password)).status).toBe(200)
  })
})
