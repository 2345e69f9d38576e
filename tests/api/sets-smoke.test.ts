import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAccount, startTestApp, type TestApp } from './harness'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.close())

it('creates a set, adds cards, lists and deletes', async () => {
  const owner = await createAccount(app)
  const created = await app.api('POST', '/api/sets', { token: owner.token, body: { title: ' <b>Biology</b> ', description: 'Cells', tags: 'bio, sci ,bio' } })
  expect(created.status, created.text).toBe(201)
  expect(created.body).toMatchObject({ title: 'Biology', tags: 'BIO,SCI', cardCount: 0, isPublic: false, owner: { id: owner.id, username: owner.username } })
  const id = created.body.id
  for (const term of ['a', 'b', 'c']) {
    const card = await app.api('POST', `/api/sets/${id}/cards`, { token: owner.token, body: { term, definition: `def ${term}` } })
    expect(card.status, card.text).toBe(201)
  }
  const listed = await app.api('GET', `/api/sets/${id}/cards`, { token: owner.token })
  expect(listed.status, listed.text).toBe(200)
  const b = listed.body.items[1]
  expect((await app.api('DELETE', `/api/sets/${id}/cards/${b.id}`, { token: owner.token })).status).toBe(204)
  const cards = await app.api('GET', `/api/sets/${id}/cards?sort=-position`, { token: owner.token })
  expect(cards.body.items.map((c: { term: string; position: number }) => [c.term, c.position])).toEqual([['c', 2], ['a', 1]])
  expect((await app.api('GET', `/api/sets/${id}`, { token: owner.token })).body.cardCount).toBe(2)
  expect((await app.api('GET', `/api/sets/${id}`)).status).toBe(404)
  const mine = await app.api('GET', '/api/sets?tag=bio&tag=SCI&search=CELL', { token: owner.token })
  expect(mine.body).toMatchObject({ totalItems: 1, page: 1, perPage: 30, totalPages: 1 })
  expect((await app.api('GET', '/api/sets/tags?scope=mine', { token: owner.token })).body).toEqual({ tags: ['BIO', 'SCI'] })
  expect((await app.api('GET', '/api/sets/public')).body.totalItems).toBe(0)
  expect((await app.api('PATCH', `/api/sets/${id}`, { token: owner.token, body: { isPublic: true } })).body.isPublic).toBe(true)
  expect((await app.api('GET', '/api/sets/public')).body.totalItems).toBe(1)
  expect((await app.api('GET', '/api/sets/tags')).body).toEqual({ tags: ['BIO', 'SCI'] })
  const bad = await app.api('POST', '/api/sets', { token: owner.token, body: { title: '<script>x</script>', tags: 'waytoolongtag' } })
  expect(bad.body.error.fields).toEqual({ title: 'Title cannot be empty.', tags: 'Tag must be at most 10 characters.' })
  expect((await app.api('DELETE', `/api/sets/${id}`, { token: owner.token })).status).toBe(204)
  expect((await app.api('GET', `/api/sets/${id}/cards`, { token: owner.token })).status).toBe(404)
})
