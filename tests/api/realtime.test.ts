import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, type EventStream, linkToken, openEventStream, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError, scenarios } from './scenarios'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

const unauthenticated = apiError(401, 'unauthenticated', m.unauthenticated)

/** The server drops a stream's subscription when the stream ends, so none may be left over. */
async function expectNoSubscriptions() {
  await expect.poll(() => app.events.size, { timeout: 2000 }).toBe(0)
}

const open: EventStream[] = []
async function stream(query: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const opened = await openEventStream(app, query, headers)
  open.push(opened)
  return opened
}
// Every test starts with no stream open, on the client or on the server.
afterEach(async () => {
  await Promise.all(open.splice(0).map((opened) => opened.close()))
  await expectNoSubscriptions()
})

describe('GET /api/realtime without a valid token', () => {
  let alice: Account
  beforeAll(async () => {
    alice = await createAccount(app)
  })

  scenarios(
    () => app,
    [
      { name: 'no token: 401', method: 'GET', url: '/api/realtime', expectedStatus: 401, expectedBody: unauthenticated },
      { name: 'empty token: 401', method: 'GET', url: '/api/realtime?token=', expectedStatus: 401, expectedBody: unauthenticated },
      { name: 'bad token: 401', method: 'GET', url: '/api/realtime?token=not-a-token', expectedStatus: 401, expectedBody: unauthenticated },
      {
        name: 'a tampered token: 401',
        method: 'GET',
        url: () => `/api/realtime?token=${alice.token.slice(0, -4)}AAAA`,
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
      {
        name: 'bad token in the cookie: 401',
        method: 'GET',
        url: '/api/realtime',
        headers: { Cookie: 'cardwise_token=not-a-token' },
        expectedStatus: 401,
        expectedBody: unauthenticated,
      },
    ],
  )
})

describe('GET /api/realtime with a valid token', () => {
  it.each([
    { name: 'in the query', query: (token: string) => `?token=${token}`, headers: () => ({}) },
    { name: 'in the cookie', query: () => '', headers: (token: string) => ({ Cookie: `cardwise_token=${token}` }) },
    { name: 'in the Authorization header', query: () => '', headers: (token: string) => ({ Authorization: `Bearer ${token}` }) },
  ])('token $name: an event stream that starts with a ready event', async ({ query, headers }) => {
    const alice = await createAccount(app)
    const events = await stream(query(alice.token), headers(alice.token))
    expect(events.status).toBe(200)
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(events.headers.get('cache-control')).toContain('no-cache')
    const ready = await events.next('ready')
    expect(JSON.parse(ready.data)).toEqual({ userId: alice.id })
  })

  it('changing the password sends user.updated with tokenKeyChanged: true, then ends the stream', async () => {
    const alice = await createAccount(app)
    const events = await stream(`?token=${alice.token}`)
    await events.next('ready')

    const changed = await app.api('PATCH', '/api/users/me', {
      token: alice.token,
      body: { oldPassword: alice.password, password: 'a new password', passwordConfirm: 'a new password' },
    })
    expect(changed.status).toBe(200)

    const updated = await events.next('user.updated')
    // The new record is not sent: a stream opened with the old token must not learn new credentials.
    expect(JSON.parse(updated.data)).toEqual({ tokenKeyChanged: true })
    await events.ended()
    await expectNoSubscriptions()
  })

  it('deleting the account sends user.deleted, then ends the stream', async () => {
    const alice = await createAccount(app)
    const events = await stream(`?token=${alice.token}`)
    await events.next('ready')

    const deleted = await app.api('DELETE', '/api/users/me', { token: alice.token, body: { password: alice.password } })
    expect(deleted.status).toBe(204)

    expect(JSON.parse((await events.next('user.deleted')).data)).toEqual({ id: alice.id })
    await events.ended()
    await expectNoSubscriptions()
  })

  it('verifying the email sends user.updated with tokenKeyChanged: false and the record; the stream stays open', async () => {
    const pending = await createAccount(app, { verified: false })
    const events = await stream(`?token=${pending.token}`)
    await events.next('ready')

    const token = linkToken(app.inbox.lastTo(pending.email)?.text ?? '', 'verify-email')
    expect((await app.api('POST', '/api/auth/confirm-verification', { body: { token } })).status).toBe(204)

    const updated = JSON.parse((await events.next('user.updated')).data)
    expect(updated).toEqual({ tokenKeyChanged: false, user: expect.objectContaining({ id: pending.id, verified: true }) })
    await expect(events.ended(300)).rejects.toThrow(/timed out/)
  })

  it('logging out that session ends its stream; a stream of another session stays open', async () => {
    const alice = await createAccount(app)
    const otherLogin = await app.api('POST', '/api/auth/login', { body: { identity: alice.email, password: alice.password } })
    const thisSession = await stream(`?token=${alice.token}`)
    const otherSession = await stream(`?token=${otherLogin.body.token}`)
    await thisSession.next('ready')
    await otherSession.next('ready')

    expect((await app.api('POST', '/api/auth/logout', { token: alice.token })).status).toBe(204)
    await thisSession.ended()
    await expect(otherSession.ended(300)).rejects.toThrow(/timed out/)
    expect(app.events.size).toBe(1)
  })

  it("events of one account never reach another account's stream", async () => {
    const alice = await createAccount(app)
    const bob = await createAccount(app)
    const bobEvents = await stream(`?token=${bob.token}`)
    await bobEvents.next('ready')

    await app.api('DELETE', '/api/users/me', { token: alice.token, body: { password: alice.password } })
    await expect(bobEvents.ended(300)).rejects.toThrow(/timed out/)
    expect(bobEvents.events.map((event) => event.event)).toEqual(['ready'])
  })

  it('a client that goes away is unsubscribed', async () => {
    const alice = await createAccount(app)
    const events = await stream(`?token=${alice.token}`)
    await events.next('ready')
    expect(app.events.size).toBe(1)
    await events.close()
    await expectNoSubscriptions()
  })
})

describe('GET /api/realtime when its token runs out', () => {
  let shortLived: TestApp
  beforeAll(async () => {
    shortLived = await startTestApp({ tokenTtlSeconds: 2 })
  })
  afterAll(() => shortLived.close())

  it('ends the stream when the token it was opened with expires', async () => {
    const alice = await createAccount(shortLived)
    const events = await openEventStream(shortLived, `?token=${alice.token}`)
    try {
      await events.next('ready')
      await expect(events.ended(300)).rejects.toThrow(/timed out/)
      // The token's 2 s pass on the app's clock: the stream's expiry fires, as it would 2 s later.
      shortLived.clock.pass(2000)
      await events.ended(4000)
      expect(shortLived.events.size).toBe(0)
    } finally {
      await events.close()
    }
  })
})
