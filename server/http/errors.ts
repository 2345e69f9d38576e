import type { ErrorCode, FieldErrors } from '#shared/api/errors'
import { messages } from '#shared/messages'

/** The one error type of the server; the error middleware turns it into the error body (the `Error` schema of GET /api/openapi.json). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message)
    this.name = 'HttpError'
  }
}

export const invalidInput = (fields?: FieldErrors, message: string = messages.invalidInput) => new HttpError(400, 'invalid_input', message, fields)

export const unauthenticated = (message: string = messages.unauthenticated) => new HttpError(401, 'unauthenticated', message)

export const unverified = () => new HttpError(403, 'unverified', messages.unverified)

export const forbidden = () => new HttpError(403, 'forbidden', messages.forbidden)

export const notFound = (message: string = messages.notFound) => new HttpError(404, 'not_found', message)

export const methodNotAllowed = () => new HttpError(405, 'method_not_allowed', messages.methodNotAllowed)

/** A request that clashes with what is saved: with the fields at fault, or only a message. */
export const conflict = (fields: FieldErrors | undefined, message: string = Object.values(fields ?? {})[0] ?? messages.invalidInput) =>
  new HttpError(409, 'conflict', message, fields)

export const payloadTooLarge = (message: string = messages.payloadTooLarge) => new HttpError(413, 'payload_too_large', message)

export const unsupportedMediaType = (message: string = messages.unsupportedMediaType) => new HttpError(415, 'unsupported_media_type', message)

export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'Retry-After': String(retryAfterSeconds) })

/** Seconds a client is asked to wait while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/** The database cannot be reached right now: a moment's outage, not a bug (503 with Retry-After). */
export const unavailable = () => new HttpError(503, 'unavailable', messages.unavailable, undefined, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) })
