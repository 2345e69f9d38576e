import type { Middleware } from 'koa'
import { koaBody } from 'koa-body'
import { unsupportedMediaType } from './errors'

/** The largest JSON body accepted; an import of 500 full cards is about a quarter of it. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * The largest set import: a 5 MB JSON file (the import dialog's limit) whose pictures are data
 * URLs, with room for the renderer's re-serialisation.
 */
export const MAX_IMPORT_BODY_BYTES = 8 * 1024 * 1024

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

export interface BodyOptions {
  /** `POST` paths whose route reads the raw body itself (a picture upload): no JSON check, no parsing. */
  rawPostPaths?: string[]
  /** `POST` paths allowed a larger JSON body than MAX_BODY_BYTES (an import carrying pictures). */
  largerPostLimits?: Record<string, number>
}

/** JSON bodies only, capped in size; any other body type is 415 (except the routes named raw, and multipart where a route reads it). */
export function jsonBody(options: BodyOptions = {}): Middleware[] {
  const raw = new Set(options.rawPostPaths ?? [])
  const isRaw = (ctx: { method: string; path: string }) => ctx.method === 'POST' && raw.has(ctx.path)
  const rejectNonJson: Middleware = async (ctx, next) => {
    const method = ctx.method as (typeof METHODS_WITH_BODY)[number]
    const multipartAllowed = MULTIPART_PATHS.has(ctx.path) && ctx.is('multipart/form-data') !== false
    if (METHODS_WITH_BODY.includes(method) && hasBody(ctx.headers) && !isRaw(ctx) && !ctx.is('application/json') && !multipartAllowed) {
      throw unsupportedMediaType()
    }
    await next()
  }
  const parser = (jsonLimit: number) =>
    koaBody({
      json: true,
      jsonStrict: true,
      jsonLimit,
      urlencoded: false,
      text: false,
      multipart: false,
      parsedMethods: [...METHODS_WITH_BODY] as never,
    })
  const parse = parser(MAX_BODY_BYTES)
  const larger = new Map(Object.entries(options.largerPostLimits ?? {}).map(([path, limit]) => [path, parser(limit)]))
  const parseByPath: Middleware = (ctx, next) => {
    if (isRaw(ctx)) return next()
    const own = ctx.method === 'POST' ? larger.get(ctx.path) : undefined
    return (own ?? parse)(ctx, next)
  }
  return [rejectNonJson, parseByPath]
}
