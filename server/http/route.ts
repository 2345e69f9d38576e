import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import type { z } from 'zod'
import type { ResponseSchemaName } from '#shared/api/responses'
import { validate } from './validate'

/**
 * Who may call a route, as the OpenAPI document tells it:
 * - `none`: anyone; a valid token, when sent, makes the caller known (401 for a bad one);
 * - `token`: a valid token (401 otherwise);
 * - `verified`: a valid token of a verified account (403 `unverified` otherwise);
 * - `owner`: a valid token of the owner of what the path names (someone else's public set: 403;
 *   a private one: 404).
 */
export type RouteAuth = 'none' | 'token' | 'verified' | 'owner'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One answer of a route: a description and, for a body, its shape. */
export interface ResponseDoc {
  description: string
  /** A shape of `shared/api/responses.ts` by name, or `{ list: name }` for a paged list of it. */
  schema?: ResponseSchemaName | { list: ResponseSchemaName }
  /** Defaults to application/json when `schema` is set. */
  contentTypes?: string[]
}

/** What a route is: its method, full path, who may call it, what it takes and what it answers. */
export interface RouteSpec<StateT = unknown> {
  method: HttpMethod
  /** The full path, starting with `/api/`, parameters as `:name` (exactly as the router matches it). */
  path: string
  summary: string
  /** Longer text for the document, when the summary is not enough. */
  description?: string
  auth: RouteAuth
  /** The JSON body; `route` validates it before the handler (the handler reads `ctx.state.input`). */
  body?: z.ZodType
  /**
   * A body that is not JSON (an upload the handler reads itself): the content types it takes, for
   * the document. Nothing validates it before the handler.
   */
  rawBody?: { contentTypes: readonly string[]; description: string }
  /** The query string (GET); validated the same way. */
  query?: z.ZodType
  /**
   * Replaces the `validate(body or query)` that `route` puts before the handler, when a route
   * answers bad input in its own way. The document still shows `body` or `query`.
   */
  validator?: RouterMiddleware<StateT>
  /** The answers by status. Every route also answers the error body for any status >= 400. */
  responses: Record<number, ResponseDoc>
}

/** What the document needs of a spec: everything but the validator, whatever the state it works on. */
export type RouteDoc = Omit<RouteSpec, 'validator'>

const docsOfRouter = new WeakMap<Router, RouteDoc[]>()

/**
 * Declares a route: registers it on `router` and records its spec for the OpenAPI document, so a
 * route cannot exist without its documentation. The last middleware is the handler; when the
 * spec has a `body` or `query`, its validation runs just before the handler.
 *
 *   route<CreateSet>(router, { method: 'POST', path: '/api/sets', auth: 'verified', summary: 'Create a set',
 *     body: setSchemas.createSet, responses: { 201: { description: 'The new set', schema: 'StudySet' } } },
 *     requireVerifiedUser(deps), async (ctx) => { ... ctx.state.input ... })
 */
export function route<StateT = unknown>(router: Router, spec: RouteSpec<StateT>, ...middleware: Array<RouterMiddleware<StateT>>): void {
  if (!spec.path.startsWith('/api/')) throw new Error(`Route paths are full paths starting with /api/ (got ${spec.path})`)
  if (router.opts.prefix) throw new Error(`Declare routes on a router without a prefix (${spec.method} ${spec.path})`)
  const schema = spec.body ?? spec.query
  const validator = spec.validator ?? (schema && validate(schema))
  const handler = middleware.at(-1)
  if (!handler) throw new Error(`${spec.method} ${spec.path} has no handler`)
  const chain: unknown[] = [...middleware.slice(0, -1), ...(validator ? [validator] : []), handler]
  router.register(spec.path, [spec.method], chain as RouterMiddleware[])
  const { validator: _, ...doc } = spec
  docsOfRouter.set(router, [...routeDocs(router), doc])
}

/** The docs of the routes declared on `router` with `route`, in the order they were declared. */
export function routeDocs(router: Router): RouteDoc[] {
  return docsOfRouter.get(router) ?? []
}
