/** The API's error body: every status >= 400 answers with it (`Error` in GET /api/openapi.json). */
export type ErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'unverified'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal'

export type FieldErrors = Record<string, string>

export interface ErrorBody {
  error: {
    status: number
    code: ErrorCode
    message: string
    fields?: FieldErrors
  }
}
