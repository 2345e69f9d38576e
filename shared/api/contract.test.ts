import { describe, expect, expectTypeOf, it } from 'vitest'
import type { ApiRoutes } from './routes'
import { type AnswerOf, type BodyOf, fillPath, type PathParams, type QueryOf, queryString } from './contract'
import type { StudySet } from './sets'

describe('route contracts', () => {
  it("fill a path's parameters, encoded", () => {
    expect(fillPath('/api/sets/:id/cards/:cardId', { id: 'a b', cardId: 'c/d' })).toBe('/api/sets/a%20b/cards/c%2Fd')
    expect(() => fillPath('/api/sets/:id', {})).toThrow(/:id/)
  })

  it('write a query with repeated array values, leaving out empty ones', () => {
    expect(queryString({ search: '', tag: ['A', 'B'], page: 2, perPage: undefined })).toBe('?tag=A&tag=B&page=2')
    expect(queryString(undefined)).toBe('')
  })

  it('give each route name its types', () => {
    expectTypeOf<PathParams<'/api/sets/:id/cards/:cardId'>>().toEqualTypeOf<{ id: string; cardId: string }>()
    expectTypeOf<AnswerOf<ApiRoutes['GET /api/sets/:id']>>().toEqualTypeOf<StudySet>()
    expectTypeOf<AnswerOf<ApiRoutes['DELETE /api/sets/:id']>>().toEqualTypeOf<undefined>()
    expectTypeOf<BodyOf<ApiRoutes['POST /api/sets/:id/learning-sessions']>>().toEqualTypeOf<{ totalCards: number }>()
    expectTypeOf<keyof QueryOf<ApiRoutes['GET /api/review/due']>>().toEqualTypeOf<'page' | 'perPage' | 'setId' | 'folderId'>()
  })
})
