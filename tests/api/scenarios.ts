import { expect, it } from 'vitest'
import type { ErrorBody, ErrorCode, FieldErrors } from '#shared/api/errors'
import { type ApiResponse, linkToken, type ReceivedMail, type TestApp } from '#tests/support/test-app'

/**
 * API tests as tables of scenarios, after PocketBase's `tests.ApiScenario`: each row is a request
 * (method, url, body, token) and what must come back (status, body, mails sent).
 */

/** A value, or a function giving it when the row runs (tokens exist only after `beforeAll`). */
export type Lazy<T> = T | (() => T)

function resolve<T>(value: Lazy<T>): T {
  return typeof value === 'function' ? (value as () => T)() : value
}

export interface ExpectedMail {
  to: Lazy<string>
  /** The web route the mail must link to under the public URL, e.g. `verify-email`. */
  link: string
}

export interface ApiScenario {
  name: string
  method: string
  url: Lazy<string>
  body?: Lazy<unknown>
  token?: Lazy<string | undefined>
  headers?: Lazy<Record<string, string>>
  expectedStatus: number
  /** The whole body, compared exactly (asymmetric matchers such as `expect.any(String)` allowed). */
  expectedBody?: Lazy<unknown>
  /** Part of the body (`toMatchObject`). */
  expectedContent?: Lazy<object>
  /** Exactly the mails this request sends, in order; `[]` means none. */
  expectedMails?: ExpectedMail[]
  /** Runs before the request, e.g. to move the clock. */
  before?: () => unknown
  /** Further checks, e.g. of the database or of a follow-up request. */
  after?: (response: ApiResponse, mails: ReceivedMail[]) => unknown
}

/** The API's error body, exactly: `fields` only when given. */
export function apiError(status: number, code: ErrorCode, message: string, fields?: FieldErrors): ErrorBody {
  return { error: { status, code, message, ...(fields ? { fields } : {}) } }
}

export async function runScenario(app: TestApp, scenario: ApiScenario): Promise<ApiResponse> {
  await scenario.before?.()
  const mailsBefore = app.inbox.messages.length
  const response = await app.api(scenario.method, resolve(scenario.url), {
    body: resolve(scenario.body),
    token: resolve(scenario.token),
    headers: resolve(scenario.headers),
  })
  expect(response.status, response.text).toBe(scenario.expectedStatus)
  if (scenario.expectedBody !== undefined) expect(response.body).toEqual(resolve(scenario.expectedBody))
  if (scenario.expectedContent !== undefined) expect(response.body).toMatchObject(resolve(scenario.expectedContent))

  const mails = app.inbox.messages.slice(mailsBefore)
  if (scenario.expectedMails) {
    expect(mails.map((mail) => mail.to)).toEqual(scenario.expectedMails.map((mail) => [resolve(mail.to)]))
    scenario.expectedMails.forEach((expected, index) => {
      const text = mails[index]?.text ?? ''
      const token = linkToken(text, expected.link)
      expect(text).toContain(`${app.config.publicUrl}/${expected.link}/${token}`)
    })
  }
  await scenario.after?.(response, mails)
  return response
}

/** One test per row, run in order: later rows may rely on what earlier rows did. */
export function scenarios(getApp: () => TestApp, table: ApiScenario[]): void {
  it.each(table)('$name', async (scenario) => {
    await runScenario(getApp(), scenario)
  })
}
