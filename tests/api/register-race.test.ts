import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/test-app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ rateLimits: { windowSeconds: 60, login: 0, register: 0, email: 0 } })
})
afterAll(() => app.close())

const password = 'correct horse battery'

it.each([
  ['username', (i: number) => ({ username: 'SameName', email: `racer${i}@example.org` }), 'This username is already taken.'],
  ['email', (i: number) => ({ username: `racer_${i}`, email: 'same@example.org' }), 'This email is already in use.'],
])('registrations racing for one %s: exactly one wins, the others get 409', async (field, identity, message) => {
  const attempts = await Promise.all(
    Array.from({ length: 6 }, (_, i) => app.api('POST', '/api/auth/register', { body: { ...identity(i), password, passwordConfirm: password } })),
  )
  const statuses = attempts.map((attempt) => attempt.status).sort()
  expect(statuses).toEqual([201, 409, 409, 409, 409, 409])
  for (const attempt of attempts.filter((a) => a.status === 409)) {
    expect(attempt.body.error).toMatchObject({ code: 'conflict', fields: { [field]: message } })
  }
})
