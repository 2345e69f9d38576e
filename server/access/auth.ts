import type { RouterMiddleware } from '@koa/router'
import type { Context } from 'koa'
import type { Deps } from '#server/deps'
import { unauthenticated, unverified } from '#server/http/errors'
import { useCallerLocale } from '#server/http/locale'
import { type AuthState, authenticateToken } from './caller'

/**
 * The caller of a request, as route middleware: `requireUser`, `requireVerifiedUser` and
 * `optionalUser` read the token (./caller.ts checks it) and put the caller in `ctx.state.auth`.
 */

/** The cookie an EventSource may carry the token in (it cannot send headers). */
export const TOKEN_COOKIE = 'cardwise_token'

function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))
  return match?.[1]
}

/** Where a token may come from: the Authorization header, and for streams also the query or a cookie. */
function findToken(ctx: Context, { allowQueryOrCookie }: { allowQueryOrCookie: boolean }): string | undefined {
  const header = bearerToken(ctx)
  if (header || !allowQueryOrCookie) return header
  const query = ctx.query.token
  return (typeof query === 'string' && query) || ctx.cookies.get(TOKEN_COOKIE) || undefined
}

/** The state a handler sees after `requireUser`. */
export type Authenticated = { auth: AuthState }

interface AuthOptions {
  /** Only verified users pass; others get 403 `unverified`. */
  verified?: boolean
  allowQueryOrCookie?: boolean
}

/** Lets the request on only with a valid token; the caller is then `ctx.state.auth`. */
export function requireUser<StateT extends Authenticated = Authenticated>(deps: Deps, options: AuthOptions = {}): RouterMiddleware<StateT> {
  return async (ctx, next) => {
    const token = findToken(ctx, { allowQueryOrCookie: options.allowQueryOrCookie ?? false })
    const auth = token ? await authenticateToken(deps, token) : undefined
    if (!auth) throw unauthenticated()
    useCallerLocale(ctx, auth.user.locale)
    if (options.verified && auth.user.verified !== 1) throw unverified()
    ;(ctx.state as Authenticated).auth = auth
    await next()
  }
}

export function requireVerifiedUser<StateT extends Authenticated = Authenticated>(deps: Deps): RouterMiddleware<StateT> {
  return requireUser<StateT>(deps, { verified: true })
}

/** The state a handler sees after `optionalUser`: a visitor has no `auth`. */
export type MaybeAuthenticated = { auth?: AuthState }

/**
 * For routes open to visitors: a request without a token goes on as a visitor; one with a token
 * that is not valid gets 401, so a signed-out-by-the-server client learns it at once.
 */
export function optionalUser<StateT extends MaybeAuthenticated = MaybeAuthenticated>(
  deps: Deps,
  options: { allowCookie?: boolean } = {},
): RouterMiddleware<StateT> {
  return async (ctx, next) => {
    const token = bearerToken(ctx)
    if (token) {
      const auth = await authenticateToken(deps, token)
      if (!auth) throw unauthenticated()
      useCallerLocale(ctx, auth.user.locale)
      ;(ctx.state as MaybeAuthenticated).auth = auth
    } else if (options.allowCookie) {
      // An <img> cannot send a header: it carries the token cookie. A stale cookie is a visitor.
      const cookie = ctx.cookies.get(TOKEN_COOKIE)
      const auth = cookie ? await authenticateToken(deps, cookie) : undefined
      if (auth) {
        useCallerLocale(ctx, auth.user.locale)
        ;(ctx.state as MaybeAuthenticated).auth = auth
      }
    }
    await next()
  }
}
