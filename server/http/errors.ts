import type { ErrorCode, FieldErrors } from '#shared/api/errors'
import type { ServerCatalog } from '#shared/i18n/catalog'
import { serverCatalogFor } from '#shared/i18n/contract-messages'
import { messages } from '#shared/messages'

/**
 * An error's message: an English text of the catalogs (the error middleware says it in the request's
 * language, ./translate.ts), or, where the English text cannot be matched back to its arguments (a
 * size written out as '10 MB'), the catalog entry to say it with.
 */
export type Message = string | ((catalog: ServerCatalog) => string)

/** The one error type of the server; the error middleware turns it into the error body (the `Error` schema of GET /api/openapi.json). */
export class HttpError extends Error {
  /** Set when the message was given as a catalog entry: says it in another language. */
  readonly localize?: (catalog: ServerCatalog) => string

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: Message,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(typeof message === 'string' ? message : message(serverCatalogFor('en')))
    this.name = 'HttpError'
    if (typeof message !== 'string') this.localize = message
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

export const payloadTooLarge = (message: Message = messages.payloadTooLarge) => new HttpError(413, 'payload_too_large', message)

export const unsupportedMediaType = (message: string = messages.unsupportedMediaType) => new HttpError(415, 'unsupported_media_type', message)

export const rateLimited = (retryAfterSeconds: number) =>
  new HttpError(429, 'rate_limited', messages.rateLimited, undefined, { 'Retry-After': String(retryAfterSeconds) })

/** Seconds a client is asked to wait while the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5

/** The database cannot be reached right now: a moment's outage, not a bug (503 with Retry-After). */
export const unavailable = () => new HttpError(503, 'unavailable', messages.unavailable, undefined, { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) })
