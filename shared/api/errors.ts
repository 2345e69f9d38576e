import type * as Z from 'zod'
import type * as R from './responses'

/** The API's error body: every status >= 400 answers with it (`Error` in GET /api/openapi.json). */
export type ErrorBody = Z.output<typeof R.errorBodySchema>
export type ErrorCode = (typeof R.errorCodes)[number]
export type FieldErrors = Record<string, string>
