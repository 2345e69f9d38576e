import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { messagesFor } from '#shared/i18n/messages'
import { messages, requestMessages } from '#shared/messages'
import { sendDueReminders } from '#server/features/reminders/reminders.service'
import { silentLogger } from '#server/logger'
import { createMailer } from '#server/mail/mailer'
import { type Account, createAccount, linkToken, startTestApp, type TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'

/**
 * Issue 30 over HTTP, on SQLite and PostgreSQL: the `locale` setting, and the request's language
 * (the signed-in user's choice, else Accept-Language, else English) in error messages, field
 * messages and emails.
 */

let app: TestApp
let student: Account
let japanese: Account

beforeAll(async () => {
  app = await startTestApp()
  student = await createAccount(app)
  japanese = await createAccount(app)
  expect((await app.api('PATCH', '/api/users/me/settings', { token: japanese.token, body: { locale: 'ja' } })).status).toBe(200)
})
afterAll(() => app.close())

const inLanguage = (language: string | undefined) => (language ? { 'Accept-Language': language } : undefined)
const missingSet = (language?: string, token?: string) => app.api('GET', '/api/sets/no-such-set', { token, headers: inLanguage(language) })
const emptyTitle = (account: Account, language?: string) =>
  app.api('POST', '/api/sets', { token: account.token, body: { title: '', description: 'x'.repeat(301) }, headers: inLanguage(language) })

describe('the locale setting', () => {
  it('is null (automatic) until chosen, takes any supported language and null, and refuses anything else with a field message', async () => {
    const account = await createAccount(app)
    const patch = (locale: unknown) => app.api('PATCH', '/api/users/me/settings', { token: account.token, body: { locale } })
    expect((await app.api('GET', '/api/users/me/settings', { token: account.token })).body.locale).toBeNull()
    expect((await patch('pt-BR')).body).toMatchObject({ locale: 'pt-BR', dailyGoal: 20, timeZone: 'UTC' })
    expect((await app.api('GET', '/api/users/me/settings', { token: account.token })).body.locale).toBe('pt-BR')
    const refusal = apiError(400, 'invalid_input', messagesFor('pt-BR').invalidInput, {
      locale: 'locale deve ser um destes valores: en, es, fr, de, pt-BR, ja, zh-CN, ar, ou null (automático).',
    })
    for (const bad of ['xx', 'pt', 'PT-br', 5, '']) {
      const answer = await patch(bad)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual(refusal)
    }
    expect((await patch(null)).body.locale).toBeNull()
    const english = await app.api('PATCH', '/api/users/me/settings', { token: student.token, body: { locale: 'klingon' } })
    expect(english.body).toEqual(apiError(400, 'invalid_input', messages.invalidInput, { locale: requestMessages.locale }))
    expect(requestMessages.locale).toBe('locale must be one of en, es, fr, de, pt-BR, ja, zh-CN, ar, or null (automatic).')
    // Other settings are left as they are.
    expect((await app.api('GET', '/api/users/me/settings', { token: account.token })).body).toMatchObject({ locale: null, dailyGoal: 20 })
  })
})

describe('error messages in the request language', () => {
  it('German by Accept-Language: de (and de-AT, and with a q list)', async () => {
    for (const language of ['de', 'de-AT', 'ko, de;q=0.8, en;q=0.5']) {
      const answer = await missingSet(language)
      expect(answer.status).toBe(404)
      expect(answer.body).toEqual({ error: { status: 404, code: 'not_found', message: 'Lernset nicht gefunden' } })
    }
    const unauthenticated = await app.api('GET', '/api/users/me', { headers: inLanguage('de') })
    expect(unauthenticated.body.error.message).toBe('Dafür musst du angemeldet sein.')
  })

  it("Japanese by the user's own locale, over the Accept-Language header", async () => {
    const answer = await missingSet('de', japanese.token)
    expect(answer.body.error.message).toBe('学習セットが見つかりません')
    const fields = await emptyTitle(japanese, 'de')
    expect(fields.body.error).toEqual({
      status: 400,
      code: 'invalid_input',
      message: '一部の項目が無効です。',
      fields: { title: 'タイトルを入力してください。', description: '説明は300文字以内にしてください。' },
    })
  })

  it('English by default, and for a language the interface does not speak', async () => {
    for (const language of [undefined, 'ko', 'nl-BE, sv;q=0.5', '*', 'de;q=0']) {
      expect((await missingSet(language)).body.error.message).toBe('Study set not found')
      expect((await emptyTitle(student, language)).body.error).toEqual({
        status: 400,
        code: 'invalid_input',
        message: 'Some fields are not valid.',
        fields: { title: 'Title cannot be empty.', description: 'Description must be at most 300 characters.' },
      })
    }
  })

  it('field messages translated, their field names too, in every language', async () => {
    const german = await emptyTitle(student, 'de')
    expect(german.body.error).toMatchObject({
      message: 'Einige Felder sind ungültig.',
      fields: { title: 'Titel darf nicht leer sein.', description: 'Beschreibung darf höchstens 300 Zeichen lang sein.' },
    })
    expect((await emptyTitle(student, 'fr')).body.error.fields.title).toBe('Le champ « Titre » ne peut pas être vide.')
    expect((await emptyTitle(student, 'ar')).body.error.fields.title).toBe('لا يمكن أن يكون حقل «العنوان» فارغًا.')
    expect((await emptyTitle(student, 'zh-CN')).body.error.fields.title).toBe('标题不能为空。')
    // A pattern message of a schema (shared/api), and zod's own message in the language.
    const page = await app.api('GET', '/api/sets?page=0', { token: student.token, headers: inLanguage('es') })
    expect(page.body.error.fields).toEqual({ page: 'Debe ser como mínimo 1.' })
    const settings = await app.api('PATCH', '/api/users/me/settings', {
      token: student.token,
      body: { shuffle: true, dailyGoal: 5000, reminderEmail: 'x' },
      headers: inLanguage('pt-BR'),
    })
    expect(settings.body.error.fields).toEqual({
      dailyGoal: 'dailyGoal deve estar entre 0 e 1000.',
      reminderEmail: 'reminderEmail deve ser null ou uma hora de 0 a 23.',
    })
  })

  it('the messages the error middleware makes itself: bad JSON, a wrong method', async () => {
    const badJson = await fetch(`${app.url}/api/sets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${student.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'fr' },
      body: '{"title":',
    })
    expect((await badJson.json()).error.message).toBe('Le corps de la requête n’est pas du JSON valide.')
    const wrongMethod = await app.api('PUT', '/api/users/me/settings', { token: student.token, headers: inLanguage('zh-CN') })
    expect(wrongMethod.body.error).toMatchObject({ code: 'method_not_allowed', message: '不允许使用此方法' })
  })

  it("the import preview's refusal of a file type, with its list of types, in German", async () => {
    const form = new FormData()
    form.append('file', new Blob(['%PDF-1.4']), 'notes.pdf')
    const refused = await fetch(`${app.url}/api/imports/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${student.token}`, 'Accept-Language': 'de' },
      body: form,
    })
    const text = 'Nur .apkg, .colpkg, .csv, .tsv, .txt, .json-Dateien werden unterstützt'
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toMatchObject({ message: text, fields: { file: text } })
  })
})

describe('emails in the recipient language', () => {
  const password = 'correct horse battery'

  it('the verification mail in the language of the registration request', async () => {
    const email = 'sprachwahl@example.org'
    const registered = await app.api('POST', '/api/auth/register', {
      body: { username: 'sprachwahl', email, password, passwordConfirm: password },
      headers: inLanguage('de-DE,de;q=0.9,en;q=0.8'),
    })
    expect(registered.status).toBe(201)
    const mail = app.inbox.lastTo(email)
    expect(mail?.subject).toBe('Bestätige deine E-Mail-Adresse für Cardwise')
    expect(mail?.text).toMatch(/^Hallo sprachwahl,\n\nWillkommen bei Cardwise! Bitte bestätige deine E-Mail-Adresse, indem du diesen Link öffnest:\n\n/)
    expect(mail?.text).toContain('Der Link funktioniert einmal und läuft nach 72 Stunden ab.')
    expect(mail?.text.trimEnd()).toMatch(/\n\nDein Cardwise-Team$/)
    // The link in it works as the English one does.
    const confirmed = await app.api('POST', '/api/auth/confirm-verification', { body: { token: linkToken(mail?.text ?? '', 'verify-email') } })
    expect(confirmed.status).toBe(204)
  })

  it("the reset mail in the user's own language, whatever the request's", async () => {
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: japanese.email }, headers: inLanguage('es') })
    const mail = await vi.waitFor(() => {
      const received = app.inbox.lastTo(japanese.email)
      if (!received) throw new Error('no mail yet')
      return received
    })
    expect(mail.subject).toBe('Cardwise のパスワードを再設定してください')
    expect(mail.text).toContain(`${japanese.username} さん`)
    expect(mail.text).toContain('リンクは一度だけ使え、1時間で期限が切れます。')
    expect(linkToken(mail.text, 'reset-password')).toMatch(/\S+/)
  })

  it("the reset mail in the request's language when the user chose none, in English without one", async () => {
    const account = await createAccount(app)
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: account.email }, headers: inLanguage('es-MX') })
    const spanish = await vi.waitFor(() => app.inbox.lastTo(account.email) ?? Promise.reject(new Error('no mail yet')))
    expect(spanish.subject).toBe('Restablece tu contraseña de Cardwise')
    expect(spanish.text).toMatch(new RegExp(`^Hola, ${account.username}:\\n\\nAlguien \\(esperamos que tú\\)`))
    const other = await createAccount(app)
    await app.api('POST', '/api/auth/request-password-reset', { body: { email: other.email } })
    const english = await vi.waitFor(() => app.inbox.lastTo(other.email) ?? Promise.reject(new Error('no mail yet')))
    expect(english.subject).toBe('Reset your Cardwise password')
    expect(english.text).toMatch(new RegExp(`^Hi ${other.username},\\n\\nSomeone \\(hopefully you\\) asked to reset your Cardwise password.`))
  })

  it("a reminder in the student's own language (no request), with the unsubscribe footer", async () => {
    const mailer = createMailer({ smtpUrl: app.inbox.url, from: 'Cardwise <no-reply@example.org>', dataDir: '/nonexistent', logger: silentLogger })
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', hourCycle: 'h23' }).format(app.clock.now()))
    const learners: Record<string, Account> = {}
    for (const locale of ['fr', 'ar', null]) {
      const learner = await createAccount(app)
      learners[String(locale)] = learner
      await app.api('PATCH', '/api/users/me/settings', { token: learner.token, body: { reminderEmail: hour, locale } })
      const set = await app.api('POST', '/api/sets', { token: learner.token, body: { title: 'Reminders' } })
      const card = await app.api('POST', `/api/sets/${set.body.id}/cards`, { token: learner.token, body: { term: 'a', definition: 'b' } })
      const answeredAt = new Date(app.clock.now().getTime() - 3 * 86_400_000).toISOString()
      await app.api('POST', `/api/sets/${set.body.id}/answers`, {
        token: learner.token,
        body: { cardId: card.body.id, mode: 'flashcards', correct: false, answeredAt },
      })
    }
    await sendDueReminders({ db: app.db, clock: app.clock, logger: silentLogger, mailer, publicUrl: 'http://127.0.0.1:9' })
    mailer.close()
    const french = app.inbox.lastTo(learners.fr?.email ?? '')
    expect(french?.subject).toBe('1 carte à réviser')
    expect(french?.text).toContain('1 carte est à réviser dans Cardwise.')
    expect(french?.text).toContain('Pour les arrêter, ouvrez ce lien (sans connexion) :\n\nhttp://127.0.0.1:9/reminders/unsubscribe?token=')
    const arabic = app.inbox.lastTo(learners.ar?.email ?? '')
    expect(arabic?.subject).toBe('بطاقات مستحقة للمراجعة: 1')
    expect(arabic?.text).toContain('لإيقافها، افتح هذا الرابط')
    const english = app.inbox.lastTo(learners.null?.email ?? '')
    expect(english?.subject).toBe('1 card is due')
    expect(english?.text).toContain('1 card is due for review in Cardwise.')
  })
})
