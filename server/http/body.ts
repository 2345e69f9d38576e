import type { Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { unsupportedMediaType } from './errors'

/** The largest JSON body accepted; an import of 500 full cards is about a quarter of it. */
export const MAX_BODY_BYTES = 1024 * 1024

const METHODS_WITH_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length']
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/**
 * Routes that read a multipart upload themselves, after authentication, with their own size
 * limit (the import preview: server/features/imports/imports.routes.ts).
 */
const MULTIPART_PATHS = new Set(['/api/imports/preview'])

/** JSON bodies only, capped in size; any other body type is 415 (multipart only where a route reads it). */
export function jsonBody(): Middleware[] {
  const rejectNonJson: Middleware = async (ctx, next) => {
    const method = ctx.method as (typeof METHODS_WITH_BODY)[number]
    const multipartAllowed = MULTIPART_PATHS.has(ctx.path) && ctx.is('multipart/form-data') !== false
    if (METHODS_WITH_BODY.includes(method) && hasBody(ctx.headers) && !ctx.is('application/json') && !multipartAllowed) {
      throw unsupportedMediaType()
    }
    await next()
  }
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: MAX_BODY_BYTES,
    urlencoded: false,
    text: false,
    multipart: false,
    parsedMethods: [...METHODS_WITH_BODY] as never,
  })
  return [rejectNonJson, parse]
}
