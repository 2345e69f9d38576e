import { messages as m } from '#shared/messages'
import type { ApiResponse, TestApp } from '#tests/support/test-app'
import { apiError } from './scenarios'

/** Helpers of the auth tests (auth-security.test.ts, auth-timing.slow.test.ts). */

export const failedToAuthenticate = apiError(400, 'invalid_input', m.failedToAuthenticate)

/** A login from `address` (the test app trusts X-Forwarded-For only when `trustProxy` is on). */
export const login = (app: TestApp, identity: string, password: string, address = '198.51.100.1') =>
  app.api('POST', '/api/auth/login', { body: { identity, password }, headers: { 'X-Forwarded-For': address } })

/**
 * What a client can compare between two answers: status, body and headers, less the date and
 * Retry-After (both follow the clock; Retry-After is checked on its own).
 */
export function observable(response: ApiResponse) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'retry-after'))
  return { status: response.status, text: response.text, headers, retryAfter: response.headers.has('retry-after') }
}
