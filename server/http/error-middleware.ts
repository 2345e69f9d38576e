import type { Middleware } from 'koa'
import type { ErrorBody } from '#shared/api/errors'
import { serverCatalogFor } from '#shared/i18n/contract-messages'
import { messages } from '#shared/messages'
import { isDatabaseUnavailable } from '#server/db/database'
import type { Logger } from '#server/logger'
import { HttpError, invalidInput, methodNotAllowed, notFound, payloadTooLarge, unavailable, unsupportedMediaType } from './errors'
import { localeOf } from './locale'
import { translateFields, translateText } from './translate'

/** Errors thrown by Koa's own plumbing (body parsing) carry a status; give them the API's error codes. */
function fromPlumbing(error: { status?: unknown; type?: unknown }): HttpError | undefined {
  if (error.status === 413) return payloadTooLarge()
  if (error.status === 415) return unsupportedMediaType()
  if (error.status === 400) {
    const invalidJson = error.type === 'entity.parse.failed' || /json/i.test(String((error as Error).message))
    return invalidInput(undefined, invalidJson ? messages.invalidJson : messages.invalidInput)
  }
  return undefined
}

/**
 * Writes every error as `{ error: { status, code, message, fields? } }`, its message and field
 * messages in the request's language (./locale.ts). Unexpected errors are logged and answered with
 * a generic 500: no stack trace or SQL reaches the client.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next()
      if (ctx.body === undefined && ctx.path.startsWith('/api')) {
        if (ctx.status === 404) throw notFound()
        // The router's allowedMethods sets 405 (501 for a method no route uses) and an Allow header, but no body.
        if (ctx.status === 405 || ctx.status === 501) throw methodNotAllowed()
      }
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      let httpError = error instanceof HttpError ? error : fromPlumbing(error as { status?: unknown })
      if (!httpError && isDatabaseUnavailable(error)) {
        // The database went away (PostgreSQL restarting, network): a moment's outage, not a bug.
        // The pool reconnects by itself once it is back.
        logger.warn(`${ctx.method} ${ctx.path}: database unavailable (${error.message})`)
        httpError = unavailable()
      }
      if (!httpError) {
        logger.error(`${ctx.method} ${ctx.path} failed`, error)
        httpError = new HttpError(500, 'internal', messages.internal)
      }
      const locale = localeOf(ctx)
      const body: ErrorBody = {
        error: {
          status: httpError.status,
          code: httpError.code,
          message: httpError.localize ? httpError.localize(serverCatalogFor(locale)) : translateText(httpError.message, locale),
          ...(httpError.fields && Object.keys(httpError.fields).length > 0 ? { fields: translateFields(httpError.fields, locale) } : {}),
        },
      }
      ctx.status = httpError.status
      for (const [name, value] of Object.entries(httpError.headers ?? {})) ctx.set(name, value)
      ctx.body = body
    }
  }
}
