import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#tests/support/test-app'
import { servedRoutes } from './route-list'

/**
 * GET /api/openapi.json: the API reference generated from the routes' declarations. It must name
 * exactly the routes the router serves, and be OpenAPI 3.1 in shape: every path parameter
 * declared, every $ref pointing at something in the document.
 */

// biome-ignore lint: the document is plain JSON, walked by hand
type Json = any

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

let app: TestApp
let doc: Json

beforeAll(async () => {
  app = await startTestApp()
  const response = await app.api('GET', '/api/openapi.json')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  doc = response.body
})
afterAll(() => app.close())

/** Every operation of the document as [METHOD, router-style path, operation]. */
function operations(): Array<[string, string, Json]> {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Json>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, string, Json] => [method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'), operation]),
  )
}

/** Every `$ref` value anywhere under `node`. */
function refs(node: Json): string[] {
  if (Array.isArray(node)) return node.flatMap(refs)
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refs(value)))
  }
  return []
}

function resolvePointer(pointer: string): unknown {
  expect(pointer.startsWith('#/'), `${pointer} is not a local reference`).toBe(true)
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, part) => (node === undefined ? undefined : node[part]), doc)
}

describe('the OpenAPI document', () => {
  it('documents exactly the routes the app serves', () => {
    const documented = operations().map(([method, path]) => `${method} ${path}`)
    const served = servedRoutes().map((route) => `${route.method} ${route.path}`)
    expect(new Set(documented).size, 'an operation is documented twice').toBe(documented.length)
    expect(
      documented.filter((route) => !served.includes(route)),
      'documented but not served',
    ).toEqual([])
    expect(
      served.filter((route) => !documented.includes(route)),
      'served but not documented',
    ).toEqual([])
  })

  it('is OpenAPI 3.1 in shape', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) })
    for (const [method, path, operation] of operations()) {
      const where = `${method} ${path}`
      expect(operation.summary, where).toEqual(expect.any(String))
      expect(Object.keys(operation.responses).length, `${where} has no responses`).toBeGreaterThan(0)
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        expect(status, where).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/)
        expect(response.description, `${where} ${status}`).toEqual(expect.any(String))
      }
      const declared = (operation.parameters ?? []) as Json[]
      for (const parameter of declared) {
        expect(['path', 'query', 'header', 'cookie'], `${where} ${parameter.name}`).toContain(parameter.in)
        expect(parameter.schema, `${where} ${parameter.name}`).toBeDefined()
      }
      const pathParams = [...path.matchAll(/:(\w+)/g)].map((match) => match[1])
      const declaredPath = declared.filter((parameter) => parameter.in === 'path')
      expect(declaredPath.map((parameter) => parameter.name).sort(), `${where}: path parameters`).toEqual(pathParams.sort())
      for (const parameter of declaredPath) expect(parameter.required, `${where} ${parameter.name}`).toBe(true)
      if (operation.security) {
        for (const requirement of operation.security as Json[]) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, where).toHaveProperty(scheme)
        }
      }
    }
  })

  it('resolves every $ref inside the document', () => {
    const all = refs(doc)
    expect(all.length).toBeGreaterThan(10)
    for (const pointer of new Set(all)) expect(resolvePointer(pointer), pointer).toBeDefined()
  })

  it('says who may call each route, and answers the error body for every failure', () => {
    for (const [method, path, operation] of operations()) {
      expect(['none', 'token', 'verified', 'owner'], `${method} ${path}`).toContain(operation['x-auth'])
      expect(operation.security, `${method} ${path}`).toEqual(operation['x-auth'] === 'none' ? [] : [{ bearerToken: [] }])
      expect(operation.responses.default.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' })
    }
    const byRoute = new Map(operations().map(([method, path, operation]) => [`${method} ${path}`, operation]))
    expect(byRoute.get('GET /api/sets/public')['x-auth']).toBe('none')
    expect(byRoute.get('GET /api/users/me')['x-auth']).toBe('token')
    expect(byRoute.get('POST /api/sets')['x-auth']).toBe('verified')
    expect(byRoute.get('PATCH /api/sets/:id')['x-auth']).toBe('owner')
  })

  it('shows request bodies and queries as the client sends them', () => {
    const post = doc.paths['/api/sets'].post
    const body = post.requestBody.content['application/json'].schema
    expect(body.required).toEqual(['title'])
    expect(Object.keys(body.properties).sort()).toEqual(['definitionLanguage', 'description', 'isPublic', 'tags', 'termLanguage', 'title'])
    expect(body.properties.isPublic.type).toBe('boolean')

    const query = doc.paths['/api/sets'].get.parameters.filter((parameter: Json) => parameter.in === 'query')
    expect(query.map((parameter: Json) => parameter.name).sort()).toEqual(['page', 'perPage', 'search', 'tag'])
    expect(query.every((parameter: Json) => parameter.required === false)).toBe(true)

    // The upload is the picture's bytes, not JSON.
    const upload = doc.paths['/api/media'].post
    expect(Object.keys(upload.requestBody.content).sort()).toEqual(
      ['audio/mp4', 'audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'image/gif', 'image/jpeg', 'image/png', 'image/webp'].sort(),
    )
    expect(upload.requestBody.content['image/png'].schema).toEqual({ type: 'string', format: 'binary' })
    expect(upload.responses[201].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/StoredMedia' })
    expect(Object.keys(doc.paths['/api/media/{id}'].get.responses[200].content)).toEqual([
      'image/webp',
      'audio/mpeg',
      'audio/ogg',
      'audio/wav',
      'audio/webm',
      'audio/mp4',
    ])

    const login = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema
    expect(login.required.sort()).toEqual(['identity', 'password'])
  })

  it('names the answers by their shapes', () => {
    const schemas = doc.components.schemas
    expect(schemas.User.required).toEqual(expect.arrayContaining(['id', 'username', 'verified', 'plan', 'created', 'updated']))
    expect(schemas.User.required).not.toContain('email')
    expect(Object.keys(schemas.StudySet.properties).sort()).toEqual(
      [
        'cardCount',
        'copiedFromSetId',
        'created',
        'definitionLanguage',
        'description',
        'id',
        'isPublic',
        'owner',
        'tags',
        'termLanguage',
        'title',
        'updated',
      ].sort(),
    )
    expect(Object.keys(schemas.Flashcard.properties).sort()).toEqual(
      [
        'created',
        'definition',
        'definitionImage',
        'definitionAudio',
        'guid',
        'id',
        'kind',
        'position',
        'prompts',
        'reverse',
        'term',
        'termImage',
        'termAudio',
      ].sort(),
    )
    expect(schemas.Flashcard.required).toEqual(expect.arrayContaining(['termImage', 'definitionImage', 'termAudio', 'definitionAudio']))
    expect(Object.keys(schemas.AudioUpload.properties).sort()).toEqual(['bytes', 'durationMs', 'id', 'type', 'url'])
    expect(Object.keys(schemas.MediaUpload.properties).sort()).toEqual(['bytes', 'height', 'id', 'type', 'url', 'width'])
    expect(schemas.Error.properties.error.required).toEqual(['status', 'code', 'message'])
    const json = (path: string, method: string, status: number) => doc.paths[path][method].responses[status].content['application/json'].schema
    expect(json('/api/sets/{id}', 'get', 200)).toEqual({ $ref: '#/components/schemas/StudySet' })
    expect(json('/api/sets/{id}/cards', 'get', 200)).toEqual({ $ref: '#/components/schemas/FlashcardList' })
    expect(schemas.FlashcardList.properties.items.items).toEqual({ $ref: '#/components/schemas/Flashcard' })
    expect(doc.paths['/api/sets/{id}'].delete.responses[204]).toEqual({ description: expect.any(String) })
    // Issue 27: update in place, with its answer's shape.
    expect(json('/api/sets/{id}/cards/import', 'post', 200)).toEqual({ $ref: '#/components/schemas/ImportIntoSetResult' })
    expect(Object.keys(schemas.ImportIntoSetResult.properties).sort()).toEqual(['added', 'unchanged', 'updated'])
  })

  it('matches what the API really answers', async () => {
    const health = await app.api('GET', '/api/health')
    expect(Object.keys(health.body).sort()).toEqual(Object.keys(doc.components.schemas.Health.properties).sort())
    const refused = await app.api('GET', '/api/users/me')
    expect(refused.status).toBe(401)
    expect(Object.keys(refused.body.error).every((key) => key in doc.components.schemas.Error.properties.error.properties)).toBe(true)
  })
})
