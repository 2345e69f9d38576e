import type Router from '@koa/router'
import type { RouterMiddleware } from '@koa/router'
import type { z } from 'zod'
import type { AnswerSpec, Contract, HttpMethod, InputOf } from '#shared/api/contract'
import type { Authenticated, MaybeAuthenticated } from '#server/access/auth'
import { validate } from './validate'

export type { HttpMethod }

/**
 * Who may call a route, as the OpenAPI document tells it:
 * - `none`: anyone; a valid token, when sent, makes the caller known (401 for a bad one);
 * - `token`: a valid token (401 otherwise);
 * - `verified`: a valid token of a verified account (403 `unverified` otherwise);
 * - `owner`: a valid token of the owner of what the path names (someone else's public set: 403;
 *   a private one: 404).
 */
export type RouteAuth = 'none' | 'token' | 'verified' | 'owner'

/** One answer of a route, for the document: a description, and the content types of a body that is not JSON. */
export interface ResponseDoc {
  description: string
  /**
   * A body that is not (only) the contract's JSON: its content types. Without it, every status but
   * 204 and 304 answers the contract's JSON shape.
   */
  contentTypes?: string[]
}

/** The state a handler sees: the caller (as `auth` says) and the contract's parsed body or query. */
export type RouteState<A extends RouteAuth, C extends Contract> = (A extends 'none' ? MaybeAuthenticated : Authenticated) &
  (InputOf<C> extends undefined ? unknown : { input: InputOf<C> })

/** What a route is: its contract (method, path, body or query, answer), who may call it, and its documentation. */
export interface RouteSpec<A extends RouteAuth = RouteAuth, C extends Contract = Contract> {
  contract: C
  summary: string
  /** Longer text for the document, when the summary is not enough. */
  description?: string
  auth: A
  /**
   * A body that is not JSON (an upload the handler reads itself): the content types it takes, for
   * the document. Nothing validates it before the handler.
   */
  rawBody?: { contentTypes: readonly string[]; description: string }
  /**
   * Replaces the `validate(body or query)` that `route` puts before the handler, when a route
   * answers bad input in its own way. The document still shows the contract's body or query.
   */
  validator?: RouterMiddleware<RouteState<A, C>>
  /** The answers by status. Every route also answers the error body for any status >= 400. */
  responses: Record<number, ResponseDoc>
}

/** What the document needs of a route: its contract's parts and its documentation. */
export interface RouteDoc {
  method: HttpMethod
  path: string
  summary: string
  description?: string
  auth: RouteAuth
  body?: z.ZodType
  query?: z.ZodType
  rawBody?: RouteSpec['rawBody']
  answer: AnswerSpec
  responses: Record<number, ResponseDoc>
}

const docsOfRouter = new WeakMap<Router, RouteDoc[]>()

/**
 * Declares a route by its contract (shared/api/contracts/): registers it on `router` and records
 * its documentation, so a route cannot exist without it. The last middleware is the handler; when
 * the contract has a body or a query, its validation runs just before the handler, and the
 * handler reads the parsed value, typed by the contract, as `ctx.state.input`.
 *
 *   route(router, { contract: sets.create, auth: 'verified', summary: 'Create a set',
 *     responses: { 201: { description: 'The new set' } } },
 *     requireVerifiedUser(deps), async (ctx) => { ... ctx.state.input ... })
 */
export function route<const A extends RouteAuth, C extends Contract>(
  router: Router,
  spec: RouteSpec<A, C>,
  ...middleware: Array<RouterMiddleware<RouteState<A, C>>>
): void {
  const { contract, validator: custom, ...docs } = spec
  const { method, path, body, query, answer } = contract
  if (router.opts.prefix) throw new Error(`Declare routes on a router without a prefix (${method} ${path})`)
  // A route of another method with a query (and no body: a one-click POST link) validates its query.
  const validator = custom ?? (body ? validate(body) : query ? validate(query, 'query') : undefined)
  const handler = middleware.at(-1)
  if (!handler) throw new Error(`${method} ${path} has no handler`)
  const chain: unknown[] = [...middleware.slice(0, -1), ...(validator ? [validator] : []), handler]
  router.register(path, [method], chain as RouterMiddleware[])
  const doc: RouteDoc = { ...docs, method, path, answer, ...(body ? { body } : {}), ...(query ? { query } : {}) }
  docsOfRouter.set(router, [...routeDocs(router), doc])
}

/** The docs of the routes declared on `router` with `route`, in the order they were declared. */
export function routeDocs(router: Router): RouteDoc[] {
  return docsOfRouter.get(router) ?? []
}
