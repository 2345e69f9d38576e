import type { z } from 'zod'

/**
 * A route's contract: its method and full path, what it takes (the JSON body, or the query of a
 * GET or of a POST without a body) and what it answers, each one zod schema. The server's `route()` declares a route by its
 * contract (and validates the body or query with it); the renderer's typed client (`api()` in
 * renderer/src/lib/api.ts) calls a route by its `'METHOD /api/path'` name and gets the contract's
 * types, so neither side can pick another type. The contracts are in ./contracts/.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * What a route answers on success: a JSON shape, `null` for no body (204), or `'file'` for a
 * download (the client gets a Blob and the file name).
 */
export type AnswerSpec = z.ZodType | null | 'file'

export interface Contract<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AnswerSpec = AnswerSpec,
> {
  method: M
  /** The full path, starting with `/api/`, parameters as `:name` (exactly as the router matches it). */
  path: P
  /** The JSON body (undefined: none). */
  body: B
  /** The query string (undefined: none): a GET's, or that of a POST without a body (the reminder email's one-click unsubscribe). */
  query: Q
  answer: A
}

/** Declares a contract; `contract('POST', '/api/sets', { body, answer })`. */
export function contract<
  const M extends HttpMethod,
  const P extends string,
  A extends AnswerSpec,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(method: M, path: P, parts: { body?: B; query?: Q; answer: A }): Contract<M, P, B, Q, A> {
  if (!path.startsWith('/api/')) throw new Error(`A contract's path is a full path starting with /api/ (got ${path})`)
  return { method, path, body: parts.body as B, query: parts.query as Q, answer: parts.answer }
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** `'/api/sets/:id/cards/:cardId'` -> `{ id: string; cardId: string }`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string }

/** The `'METHOD /api/path'` name of a contract: how the renderer's client names a route. */
export type RouteName<C extends Contract> = `${C['method']} ${C['path']}`

/** What the body or query is parsed into, for the handler (`ctx.state.input`). */
export type InputOf<C extends Contract> = C['body'] extends z.ZodType ? z.output<C['body']> : C['query'] extends z.ZodType ? z.output<C['query']> : undefined

/** The body as a client sends it. */
export type BodyOf<C extends Contract> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined

/** A query value as a client sends it (every value of a query string is text; numbers are written out). */
type QueryValue = string | number | boolean | readonly string[] | undefined

/** The query as a client sends it: the contract's names, each optional where the schema says so. */
export type QueryOf<C extends Contract> = C['query'] extends z.ZodType ? { [K in keyof z.input<C['query']>]?: QueryValue } : undefined

/** The answer as a client receives it. */
export type AnswerOf<C extends Contract> = C['answer'] extends z.ZodType ? z.output<C['answer']> : C['answer'] extends 'file' ? 'file' : undefined

/** A path with its parameters filled in (each encoded): `fillPath('/api/sets/:id', { id: 'a b' })` is `/api/sets/a%20b`. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path} needs its :${name}`)
    return encodeURIComponent(value)
  })
}

/** `?a=1&tag=X&tag=Y` of a query (arrays repeat the name; undefined and empty values are left out), or ''. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === '') continue
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
