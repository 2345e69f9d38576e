import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'

const WINDOW_SECONDS = 60
const LIMIT = 2

let app: TestApp
let alice: Account
let registrations = 0
beforeAll(async () => {
  app = await startTestApp({ rateLimits: { windowSeconds: WINDOW_SECONDS, login: LIMIT, register: LIMIT, email: LIMIT } })
  alice = await createAccount(app)
  // createAccount registered and logged in once: start every row on fresh windows.
  app.clock.advance((WINDOW_SECONDS + 1) * 1000)
})
afterAll(() => app.close())

const rateLimited = apiError(429, 'rate_limited', m.rateLimited)

interface LimitedRoute {
  name: string
  url: string
  body: () => unknown
  token?: () => string
  /** What the route answers while under its limit. */
  okStatus: number
}

const routes: LimitedRoute[] = [
  {
    name: 'login',
    url: '/api/auth/login',
    body: () => ({ identity: alice.email, password: alice.password }),
    okStatus: 200,
  },
  {
    name: 'register',
    url: '/api/auth/register',
    body: () => {
      registrations += 1
      const username = `limited${registrations}`
      return { username, email: `${username}@example.org`, password: 'long enough', passwordConfirm: 'long enough' }
    },
    okStatus: 201,
  },
  { name: 'request-verification', url: '/api/auth/request-verification', body: () => ({ email: alice.email }), okStatus: 204 },
  { name: 'request-password-reset', url: '/api/auth/request-password-reset', body: () => ({ email: alice.email }), okStatus: 204 },
  {
    name: 'request-email-change',
    url: '/api/auth/request-email-change',
    body: () => ({ newEmail: 'alice.elsewhere@example.org' }),
    token: () => alice.token,
    okStatus: 204,
  },
]

const send = (route: LimitedRoute, headers: Record<string, string> = {}) => app.api('POST', route.url, { body: route.body(), token: route.token?.(), headers })

describe.each(routes)('POST $url', (route) => {
  it(`allows ${LIMIT} requests per window, then answers 429 rate_limited with Retry-After`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      const allowed = await send(route)
      expect(allowed.status, allowed.text).toBe(route.okStatus)
    }
    app.clock.advance(10_000)

    const limited = await send(route)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual(rateLimited)
    const retryAfter = limited.headers.get('Retry-After') ?? ''
    expect(retryAfter).toMatch(/^\d+$/)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS - 10)

    // Without a trusted proxy, X-Forwarded-For is the client's word and changes nothing.
    const spoofed = await send(route, { 'X-Forwarded-For': '203.0.113.7' })
    expect(spoofed.status).toBe(429)

    app.clock.advance(Number(retryAfter) * 1000)
    const again = await send(route)
    expect(again.status, again.text).toBe(route.okStatus)
    // Leave a fresh window to the next route.
    app.clock.advance((WINDOW_SECONDS + 1) * 1000)
  })
})

describe('limits are counted per action', () => {
  it('using up request-verification leaves request-password-reset and login alone', async () => {
    const [login, , verification, reset] = routes
    if (!login || !verification || !reset) throw new Error('routes table changed')
    for (let i = 0; i <= LIMIT; i++) await send(verification)
    expect((await send(verification)).status).toBe(429)
    expect((await send(reset)).status).toBe(204)
    expect((await send(login)).status).toBe(200)
  })

  it('a limit of 0 turns the limit off', async () => {
    const unlimited = await startTestApp({ rateLimits: { windowSeconds: WINDOW_SECONDS, login: 0, register: 0, email: 0 } })
    try {
      for (let i = 0; i < 5; i++) {
        const response = await unlimited.api('POST', '/api/auth/request-password-reset', { body: { email: 'nobody@example.org' } })
        expect(response.status).toBe(204)
      }
    } finally {
      await unlimited.close()
    }
  })
})
