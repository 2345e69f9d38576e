import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Account, type ApiResponse, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { failedToAuthenticate, login, observable } from './auth-helpers'

/*
 * Issue #9, auth: answers that must not tell whether an account exists, by their content and by
 * their timing. Timing needs bcrypt's real cost (10), and medians of five: a few seconds, so the
 * file runs in the `slow` project (npm test), not in test:fast; the `postgres` project runs it too.
 */

describe('answers do not reveal whether an account exists', () => {
  let app: TestApp
  let alice: Account
  let pending: Account
  beforeAll(async () => {
    // A real cost: at the test app's default (4) a compare takes about a millisecond, lost in the noise the timing test measures.
    app = await startTestApp({ bcryptCost: 10 })
    alice = await createAccount(app, { username: 'AliceSec' })
    pending = await createAccount(app, { verified: false })
  })
  afterAll(() => app.close())

  it('login: an unknown email or username answers exactly like a wrong password', async () => {
    const answers = [
      await login(app, alice.email, 'wrong password'),
      await login(app, 'AliceSec', 'wrong password'),
      await login(app, pending.email, 'wrong password'),
      await login(app, 'nobody@example.org', 'wrong password'),
      await login(app, 'nobody', 'wrong password'),
    ]
    expect(answers[0]?.body).toEqual(failedToAuthenticate)
    for (const answer of answers) expect(observable(answer)).toEqual(observable(answers[0] as ApiResponse))
  })

  it('login: an unknown email costs a password check too', async () => {
    const median = async (identity: string) => {
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const start = performance.now()
        await login(app, identity, 'wrong password')
        times.push(performance.now() - start)
      }
      return times.sort((a, b) => a - b)[2] ?? 0
    }
    const wrongPassword = await median(alice.email)
    const unknownEmail = await median('nobody@example.org')
    // Without the dummy compare an unknown email answers in a fraction of a bcrypt compare.
    expect(unknownEmail).toBeGreaterThan(wrongPassword * 0.5)
  })

  it.each(['/api/auth/request-password-reset', '/api/auth/request-verification'])(
    '%s: as quick for an existing address as for an unknown one (the mail is not waited for)',
    async (url) => {
      // Plain fetch: the harness's `api` would wait for the mail.
      const timed = async (email: string) => {
        const mailed = app.inbox.allTo(email).length
        const start = performance.now()
        const response = await fetch(app.url + url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        })
        expect(response.status).toBe(204)
        const time = performance.now() - start
        // The answer came before its mail; the next request is timed only once that mail is in,
        // so a mail still being sent (SMTP in this process) never slows the next answer.
        if (email === pending.email) await expect.poll(() => app.inbox.allTo(email).length).toBeGreaterThan(mailed)
        return time
      }
      const median = async (email: string) => {
        const times: number[] = []
        for (let i = 0; i < 5; i++) times.push(await timed(email))
        return times.sort((a, b) => a - b)[2] ?? 0
      }
      const existing = await median(pending.email)
      const unknown = await median('nobody@example.org')
      // Waiting for SMTP made the existing address many times slower (e.g. 300 ms against 16 ms).
      expect(existing).toBeLessThan(unknown * 3 + 30)
      await expect.poll(() => app.inbox.allTo(pending.email).length).toBeGreaterThanOrEqual(5)
    },
  )

  it.each(['/api/auth/request-password-reset', '/api/auth/request-verification'])('%s: the same answer for an existing and an unknown address', async (url) => {
    const existing = await app.api('POST', url, { body: { email: pending.email } })
    const unknown = await app.api('POST', url, { body: { email: 'nobody@example.org' } })
    expect(existing.status).toBe(204)
    expect(observable(unknown)).toEqual(observable(existing))
  })
})
