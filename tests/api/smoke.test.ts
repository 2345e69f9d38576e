import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAccount, startTestApp, type TestApp } from './harness'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

it('registers, verifies and logs in', async () => {
  const account = await createAccount(app)
  const me = await app.api('GET', '/api/users/me', { token: account.token })
  expect(me.status).toBe(200)
  expect(me.body.user).toMatchObject({ username: account.username, verified: true, plan: { name: 'Free' } })
})
