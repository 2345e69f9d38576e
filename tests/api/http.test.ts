import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { version } from '#package.json'
import { messages as m } from '#shared/messages'
import { MAX_BODY_BYTES } from '#server/http/body'
import { startTestApp, type TestApp } from '#tests/support/test-app'
import { type ApiScenario, apiError, scenarios } from './scenarios'
import { testDialect } from '#tests/support/test-database'

const notFound = apiError(404, 'not_found', m.notFound)

function expectSecurityHeaders(headers: Headers) {
  expect(headers.get('content-security-policy')).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/)
  expect(headers.get('content-security-policy')).toMatch(/(^|;\s*)default-src 'self'(;|$)/)
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('x-frame-options')).toBe('DENY')
}

describe('the API alone', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.close())

  const withSecurityHeaders = (scenario: ApiScenario): ApiScenario => ({
    ...scenario,
    after: async (response, mails) => {
      expectSecurityHeaders(response.headers)
      expect(response.headers.get('content-type')).toMatch(/^application\/json/)
      await scenario.after?.(response, mails)
    },
  })
  const login = { identity: 'someone@example.org', password: 'whatever1' }

  const table: ApiScenario[] = [
    {
      name: 'GET /api/health: ok, the version and the database in use',
      method: 'GET',
      url: '/api/health',
      expectedStatus: 200,
      expectedBody: { status: 'ok', version, database: testDialect(), databaseUp: true },
      after: (response) => expect(response.headers.get('cache-control')).toBe('no-store'),
    },
    { name: 'unknown GET /api path: 404 JSON', method: 'GET', url: '/api/nope', expectedStatus: 404, expectedBody: notFound },
    { name: 'unknown POST /api path: 404 JSON', method: 'POST', url: '/api/nope', body: {}, expectedStatus: 404, expectedBody: notFound },
    { name: 'GET /api itself: 404 JSON', method: 'GET', url: '/api', expectedStatus: 404, expectedBody: notFound },
    {
      name: 'a method the route does not have: 405 JSON with Allow',
      method: 'PUT',
      url: '/api/users/me',
      expectedStatus: 405,
      expectedBody: apiError(405, 'method_not_allowed', m.methodNotAllowed),
      after: (response) => {
        expect(response.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH'])
      },
    },
    {
      name: 'a method no route uses: 405 JSON',
      method: 'PROPFIND',
      url: '/api/health',
      expectedStatus: 405,
      expectedBody: apiError(405, 'method_not_allowed', m.methodNotAllowed),
    },
    {
      name: 'text/plain body: 415',
      method: 'POST',
      url: '/api/auth/login',
      body: 'identity=a&password=b',
      headers: { 'Content-Type': 'text/plain' },
      expectedStatus: 415,
      expectedBody: apiError(415, 'unsupported_media_type', m.unsupportedMediaType),
    },
    {
      name: 'form body: 415',
      method: 'POST',
      url: '/api/auth/login',
      body: 'identity=a&password=b',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      expectedStatus: 415,
      expectedBody: apiError(415, 'unsupported_media_type', m.unsupportedMediaType),
    },
    {
      name: 'malformed JSON: 400 invalid_input',
      method: 'POST',
      url: '/api/auth/login',
      body: '{"identity": "a",',
      expectedStatus: 400,
      expectedBody: apiError(400, 'invalid_input', m.invalidJson),
    },
    {
      name: 'a bare JSON string: 400 invalid_input',
      method: 'POST',
      url: '/api/auth/login',
      body: '"just a string"',
      expectedStatus: 400,
      expectedBody: apiError(400, 'invalid_input', m.invalidJson),
    },
    {
      name: 'a JSON array instead of an object: 400 invalid_input',
      method: 'POST',
      url: '/api/auth/login',
      body: '[]',
      expectedStatus: 400,
      expectedBody: apiError(400, 'invalid_input', m.invalidInput),
    },
    {
      name: 'JSON body over 1 MiB: 413',
      method: 'POST',
      url: '/api/auth/login',
      body: JSON.stringify({ ...login, identity: 'a'.repeat(MAX_BODY_BYTES) }),
      expectedStatus: 413,
      expectedBody: apiError(413, 'payload_too_large', m.payloadTooLarge),
    },
    {
      name: 'JSON body just under 1 MiB: parsed (and then refused as a wrong pair)',
      method: 'POST',
      url: '/api/auth/login',
      body: JSON.stringify({ ...login, identity: 'a'.repeat(MAX_BODY_BYTES - 100) }),
      expectedStatus: 400,
      expectedBody: apiError(400, 'invalid_input', m.failedToAuthenticate),
    },
  ]
  scenarios(() => app, table.map(withSecurityHeaders))

  it("keeps an idle connection open 65 s (Keep-Alive: timeout=65), past a proxy's idle timeout, so a reused connection is not closed under a POST", async () => {
    const response = await fetch(`${app.url}/api/health`)
    expect(response.headers.get('keep-alive')).toBe('timeout=65')
    await response.text()
  })

  it("headers over 16 KB: 431 with the contract's error body, not an empty answer", async () => {
    const response = await fetch(`${app.url}/api/health`, { headers: { 'X-Padding': 'a'.repeat(20_000) } })
    expect(response.status).toBe(431)
    expect(await response.json()).toEqual(apiError(431, 'invalid_input', 'The request headers are too large.'))
  })

  it("a request line Node cannot parse: 400 with the contract's error body", async () => {
    const { port } = new URL(app.url)
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk.toString()
      })
      socket.on('end', () => resolve(text))
      socket.on('error', reject)
    })
    expect(raw).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual(apiError(400, 'invalid_input', 'The request could not be read.'))
  })
})

describe('the API with the web app (rendererDir)', () => {
  let app: TestApp
  let root: string
  const indexHtml = '<!doctype html><html><head><title>Cardwise</title></head><body><div id="root"></div></body></html>'
  const bundle = 'console.log("cardwise")'

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'cardwise-renderer-'))
    const rendererDir = path.join(root, 'renderer')
    mkdirSync(path.join(rendererDir, 'assets'), { recursive: true })
    writeFileSync(path.join(rendererDir, 'index.html'), indexHtml)
    writeFileSync(path.join(rendererDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    writeFileSync(path.join(rendererDir, 'assets', 'app-abc123.js'), bundle)
    // Beside the web app, not in it: must never be served.
    writeFileSync(path.join(root, 'secret.txt'), 'top secret')
    app = await startTestApp({ rendererDir })
  })
  afterAll(async () => {
    await app.close()
    rmSync(root, { recursive: true, force: true })
  })

  const page = (name: string, url: string): ApiScenario => ({
    name,
    method: 'GET',
    url,
    expectedStatus: 200,
    expectedBody: indexHtml,
    after: (response) => {
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expectSecurityHeaders(response.headers)
    },
  })

  scenarios(
    () => app,
    [
      page('a client route: index.html, revalidated', '/some/client/route'),
      page('the root: index.html', '/'),
      page('a client route with an id: index.html', '/study-sets/abc123/learn'),
      {
        name: 'a hashed asset: cached for a year, immutable',
        method: 'GET',
        url: '/assets/app-abc123.js',
        expectedStatus: 200,
        expectedBody: bundle,
        after: (response) => {
          expect(response.headers.get('content-type')).toMatch(/javascript/)
          const cacheControl = response.headers.get('cache-control') ?? ''
          expect(cacheControl).toContain('max-age=31536000')
          expect(cacheControl).toContain('immutable')
          expectSecurityHeaders(response.headers)
        },
      },
      {
        name: 'a file at the root that is not hashed: revalidated',
        method: 'GET',
        url: '/favicon.svg',
        expectedStatus: 200,
        after: (response) => expect(response.headers.get('cache-control')).toBe('no-cache'),
      },
      {
        name: 'a missing hashed asset: 404, not index.html',
        method: 'GET',
        url: '/assets/missing.js',
        expectedStatus: 404,
        after: (response) => {
          expect(response.text).not.toContain('<html')
          expect(response.headers.get('cache-control') ?? '').not.toContain('immutable')
        },
      },
      { name: 'an unknown /api path is still JSON 404', method: 'GET', url: '/api/nope', expectedStatus: 404, expectedBody: notFound },
      { name: 'the API still answers', method: 'GET', url: '/api/health', expectedStatus: 200, expectedContent: { status: 'ok' } },
      ...['/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt', '/%2e%2e/secret.txt'].map(
        (url): ApiScenario => ({
          name: `a path climbing out of the folder (${url}): never the file, never a server error`,
          method: 'GET',
          url,
          expectedStatus: url.startsWith('/assets/') ? 404 : 200,
          after: (response) => {
            expect(response.text).not.toContain('top secret')
            if (response.status === 200) expect(response.text).toBe(indexHtml)
          },
        }),
      ),
    ],
  )
})
