import { afterAll, beforeAll, expect, it } from 'vitest'
import { createAccount, startTestApp, type TestApp } from '#tests/support/test-app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ realtimeHeartbeatSeconds: 1 })
})
afterAll(() => app.close())

it('sends a comment heartbeat on an idle stream, and asks browsers to reconnect after 3 s', async () => {
  const account = await createAccount(app)
  const abort = new AbortController()
  const response = await fetch(`${app.url}/api/realtime?token=${account.token}`, { signal: abort.signal })
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
  expect(response.headers.get('cache-control')).toMatch(/no-cache/)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const started = Date.now()
  while (!text.includes(': heartbeat\n\n') && Date.now() - started < 5000) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
  }
  abort.abort()
  expect(text).toMatch(/^retry: 3000\n\n/)
  expect(text).toContain(': heartbeat\n\n')
  expect(Date.now() - started).toBeGreaterThanOrEqual(900)
})
