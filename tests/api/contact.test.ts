import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages as m } from '#shared/messages'
import { type Account, createAccount, type ReceivedMail, startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, runScenario, scenarios } from './scenarios'

const TEAM = 'team@cardwise.test'

const good = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'Export to CSV',
  message: 'Could the export keep commas?\nThanks!',
  website: '',
}

const storedRows = (app: TestApp) => app.db.selectFrom('contact_form_submissions').selectAll().orderBy('created').execute()
const storedById = (app: TestApp, id: string) => app.db.selectFrom('contact_form_submissions').selectAll().where('id', '=', id).executeTakeFirst()

/** The request was refused (or dropped): the table did not grow and no mail went out. */
function storesNothing(getApp: () => TestApp): Pick<ApiScenario, 'before' | 'after' | 'expectedMails'> {
  let countBefore = 0
  return {
    before: async () => {
      countBefore = (await storedRows(getApp())).length
    },
    after: async () => {
      expect(await storedRows(getApp())).toHaveLength(countBefore)
    },
    expectedMails: [],
  }
}

const invalid = (fields: Record<string, string>) => apiError(400, 'invalid_input', m.invalidInput, fields)

describe('POST /api/contact with CONTACT_EMAIL set', () => {
  let app: TestApp
  let alice: Account
  beforeAll(async () => {
    app = await startTestApp({ contactEmail: TEAM })
    alice = await createAccount(app)
  })
  afterAll(() => app.close())
  const getApp = () => app

  scenarios(getApp, [
    {
      name: 'a visitor’s message is stored and mailed to the team as plain text',
      method: 'POST',
      url: '/api/contact',
      body: good,
      expectedStatus: 201,
      expectedBody: { id: expect.stringMatching(/^[a-z0-9]{15}$/) },
      after: async (response, mails: ReceivedMail[]) => {
        expect(await storedById(app, response.body.id)).toEqual({
          id: response.body.id,
          user_id: null,
          name: good.name,
          email: good.email,
          subject: good.subject,
          message: good.message,
          created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        })
        expect(mails.map((mail) => mail.to)).toEqual([[TEAM]])
        const mail = mails[0]
        expect(mail?.subject).toBe('Contact form: Export to CSV')
        expect(mail?.raw).toMatch(/^Content-Type: text\/plain/m)
        expect(mail?.text).toContain(`Name: ${good.name}`)
        expect(mail?.text).toContain(`Email: ${good.email}`)
        expect(mail?.text).toContain(`Subject: ${good.subject}`)
        // SMTP carries CRLF line ends.
        expect(mail?.text.replace(/\r\n/g, '\n')).toContain(good.message)
      },
    },
    {
      name: 'the honeypot may be left out entirely',
      method: 'POST',
      url: '/api/contact',
      body: { name: good.name, email: good.email, subject: good.subject, message: good.message },
      expectedStatus: 201,
      after: async (response) => expect(await storedById(app, response.body.id)).toBeDefined(),
    },
    {
      name: 'an empty body names every field',
      method: 'POST',
      url: '/api/contact',
      body: {},
      expectedStatus: 400,
      expectedBody: invalid({
        name: 'Name cannot be empty.',
        email: m.emailRequired,
        subject: 'Subject cannot be empty.',
        message: 'Message cannot be empty.',
      }),
      ...storesNothing(getApp),
    },
    {
      name: 'whitespace and markup alone count as empty',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, name: '   ', subject: '<b> </b>', message: '<script>alert(1)</script>' },
      expectedStatus: 400,
      expectedBody: invalid({
        name: 'Name cannot be empty.',
        subject: 'Subject cannot be empty.',
        message: 'Message cannot be empty.',
      }),
      ...storesNothing(getApp),
    },
    {
      name: 'an email that does not look like one',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, email: 'ada at example' },
      expectedStatus: 400,
      expectedBody: invalid({ email: 'Please enter a valid email address' }),
      ...storesNothing(getApp),
    },
    {
      name: 'fields that are not text',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, name: 42, message: ['hi'] },
      expectedStatus: 400,
      expectedBody: invalid({ name: 'Name cannot be empty.', message: 'Message cannot be empty.' }),
      ...storesNothing(getApp),
    },
    {
      name: 'a name over 100 characters',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, name: 'n'.repeat(101) },
      expectedStatus: 400,
      expectedBody: invalid({ name: 'Name must be at most 100 characters.' }),
      ...storesNothing(getApp),
    },
    {
      name: 'a subject over 150 characters',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, subject: 's'.repeat(151) },
      expectedStatus: 400,
      expectedBody: invalid({ subject: 'Subject must be at most 150 characters.' }),
      ...storesNothing(getApp),
    },
    {
      name: 'a message over 5000 characters',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, message: 'm'.repeat(5001) },
      expectedStatus: 400,
      expectedBody: invalid({ message: 'Message must be at most 5000 characters.' }),
      ...storesNothing(getApp),
    },
    {
      name: 'every limit exactly, counted after markup is stripped',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, name: `<b>${'n'.repeat(100)}</b>`, subject: ` ${'s'.repeat(150)} `, message: 'm'.repeat(5000) },
      expectedStatus: 201,
      after: async (response) => {
        expect(await storedById(app, response.body.id)).toMatchObject({ name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) })
      },
    },
    {
      name: 'markup is stripped, text trimmed and profanity masked, in the database and the mail',
      method: 'POST',
      url: '/api/contact',
      body: {
        name: '  <b>Bob</b> Builder ',
        email: '  Bob@Example.ORG ',
        subject: 'This <script>alert(1)</script>shit again',
        message: '<p>What the fuck is <i>this</i>?</p> &lt;img src=x onerror=alert(1)&gt;',
        website: '',
      },
      expectedStatus: 201,
      after: async (response, mails) => {
        expect(await storedById(app, response.body.id)).toMatchObject({
          name: 'Bob Builder',
          email: 'bob@example.org',
          subject: 'This **** again',
          message: 'What the **** is this?',
        })
        expect(mails).toHaveLength(1)
        expect(mails[0]?.subject).toBe('Contact form: This **** again')
        expect(mails[0]?.text).toContain('What the **** is this?')
        expect(mails[0]?.text).not.toMatch(/fuck|shit|<|script/i)
      },
    },
    {
      name: 'a filled honeypot gets 201 with an id, and nothing is stored or mailed',
      method: 'POST',
      url: '/api/contact',
      body: { ...good, website: 'https://spam.example' },
      expectedStatus: 201,
      expectedBody: { id: expect.stringMatching(/^[a-z0-9]{15}$/) },
      ...storesNothing(getApp),
    },
    {
      name: 'a filled honeypot gets 201 even when the rest is invalid: a bot learns nothing',
      method: 'POST',
      url: '/api/contact',
      body: { name: '', email: 'nope', website: 'buy now' },
      expectedStatus: 201,
      ...storesNothing(getApp),
    },
    {
      name: 'a signed-in user writes as their account, whatever email the body names',
      method: 'POST',
      url: '/api/contact',
      token: () => alice.token,
      body: { ...good, email: 'someone.else@example.org' },
      expectedStatus: 201,
      after: async (response, mails) => {
        expect(await storedById(app, response.body.id)).toMatchObject({ user_id: alice.id, email: alice.email })
        expect(mails[0]?.text).toContain(`Email: ${alice.email}`)
        expect(mails[0]?.text).not.toContain('someone.else@example.org')
      },
    },
    {
      name: 'a signed-in user need not send an email at all',
      method: 'POST',
      url: '/api/contact',
      token: () => alice.token,
      body: { name: good.name, subject: good.subject, message: good.message },
      expectedStatus: 201,
      after: async (response) => {
        expect(await storedById(app, response.body.id)).toMatchObject({ user_id: alice.id, email: alice.email })
      },
    },
    {
      name: 'a token that is not valid is 401, not a silent visitor',
      method: 'POST',
      url: '/api/contact',
      token: 'not-a-real-token',
      body: good,
      expectedStatus: 401,
      expectedBody: apiError(401, 'unauthenticated', m.unauthenticated),
      ...storesNothing(getApp),
    },
    {
      name: 'other methods are 405',
      method: 'GET',
      url: '/api/contact',
      expectedStatus: 405,
    },
  ])

  it('keeps a deleted account’s messages, without the link to the account', async () => {
    const bob = await createAccount(app)
    const sent = await app.api('POST', '/api/contact', { token: bob.token, body: good })
    expect(sent.status, sent.text).toBe(201)
    const deleted = await app.api('DELETE', '/api/users/me', { token: bob.token, body: { password: bob.password } })
    expect(deleted.status, deleted.text).toBe(204)
    expect(await storedById(app, sent.body.id)).toMatchObject({ user_id: null, email: bob.email, name: good.name })
  })
})

describe('POST /api/contact without CONTACT_EMAIL', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.close())

  it('stores the message and mails nobody', async () => {
    await runScenario(app, {
      name: 'stored only',
      method: 'POST',
      url: '/api/contact',
      body: good,
      expectedStatus: 201,
      expectedMails: [],
      after: async (response) => {
        expect(await storedById(app, response.body.id)).toMatchObject({ name: good.name, email: good.email })
      },
    })
    expect(app.inbox.messages).toEqual([])
  })
})

describe('POST /api/contact is rate limited', () => {
  const WINDOW_SECONDS = 60
  const LIMIT = 2
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ contactEmail: TEAM, rateLimits: { windowSeconds: WINDOW_SECONDS, contact: LIMIT } })
  })
  afterAll(() => app.close())

  it(`allows ${LIMIT} submissions per window, then answers 429 Too Many Requests with Retry-After`, async () => {
    for (let i = 0; i < LIMIT; i++) {
      const allowed = await app.api('POST', '/api/contact', { body: good })
      expect(allowed.status, allowed.text).toBe(201)
    }
    app.clock.advance(10_000)
    const before = (await storedRows(app)).length
    const mailsBefore = app.inbox.messages.length

    const limited = await app.api('POST', '/api/contact', { body: good })
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual(apiError(429, 'rate_limited', 'Too Many Requests'))
    const retryAfter = Number(limited.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS - 10)
    // A bot's honeypot hits count too, and get the same 429.
    expect((await app.api('POST', '/api/contact', { body: { ...good, website: 'spam' } })).status).toBe(429)
    expect(await storedRows(app)).toHaveLength(before)
    expect(app.inbox.messages).toHaveLength(mailsBefore)

    // Other limits are counted apart: the contact window does not touch login or register.
    expect((await app.api('POST', '/api/auth/request-password-reset', { body: { email: good.email } })).status).toBe(204)

    app.clock.advance(retryAfter * 1000)
    const again = await app.api('POST', '/api/contact', { body: good })
    expect(again.status, again.text).toBe(201)
  })
})
