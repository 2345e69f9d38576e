import { afterAll, beforeAll, expect, it } from 'vitest'
import { BUILT_PASSWORD, buildSet, buildUser } from '#tests/support/factories'
import { startTestApp, type TestApp } from '#tests/support/test-app'

/** The test factories make rows the API reads as its own: a signed-in user, a set with its cards. */
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

it('buildUser makes a verified user whose token and password work', async () => {
  const user = await buildUser(app, { username: 'factory_made' })
  const me = await app.api('GET', '/api/users/me', { token: user.token })
  expect(me.status).toBe(200)
  expect(me.body.user).toMatchObject({ id: user.id, username: 'factory_made', email: 'factory_made@example.org', verified: true })
  const login = await app.api('POST', '/api/auth/login', { body: { identity: user.email, password: BUILT_PASSWORD } })
  expect(login.status).toBe(200)
})

it('buildUser can make an unverified user', async () => {
  const user = await buildUser(app, { verified: false })
  expect((await app.api('GET', '/api/sets', { token: user.token })).status).toBe(403)
})

it('buildSet makes a set with its cards in order, its count and its tags', async () => {
  const owner = await buildUser(app)
  const set = await buildSet(app, owner, {
    title: 'Built',
    tags: 'A,B',
    isPublic: true,
    cards: [
      ['one', 'uno'],
      ['two', 'dos'],
    ],
  })
  const read = await app.api('GET', `/api/sets/${set.id}`)
  expect(read.body).toMatchObject({ title: 'Built', tags: 'A,B', isPublic: true, cardCount: 2, owner: { id: owner.id } })
  const cards = await app.api('GET', `/api/sets/${set.id}/cards`)
  expect(cards.body.items.map((card: { term: string; position: number }) => [card.term, card.position])).toEqual([
    ['one', 1],
    ['two', 2],
  ])
  const tagged = await app.api('GET', '/api/sets/public?tag=B')
  expect(tagged.body.items.map((item: { id: string }) => item.id)).toEqual([set.id])
})
