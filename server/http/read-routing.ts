import type { Middleware } from 'koa'
import { withReplicaReads } from '#server/db/replicas'

/** The cookie that sends a client's reads to the primary for a moment after it wrote. */
export const READ_PRIMARY_COOKIE = 'cardwise_read_primary'

/**
 * With read replicas: GET and HEAD requests read from a replica, except for a client that wrote in
 * the last `windowSeconds` (read-your-writes), which reads from the primary until the replicas
 * have caught up. A write marks the client with a short cookie (it reaches every process behind
 * a balancer) and, for clients that keep no cookies, by its token in this process.
 */
export function readRouting(windowSeconds: number): Middleware {
  const wroteUntil = new Map<string, number>()
  const recentlyWrote = (authorization: string | undefined, now: number) => {
    if (!authorization) return false
    const until = wroteUntil.get(authorization)
    if (until !== undefined && until <= now) wroteUntil.delete(authorization)
    return until !== undefined && until > now
  }
  return async (ctx, next) => {
    const now = Date.now()
    const authorization = ctx.get('Authorization') || undefined
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      // The health check asks the primary: a balancer must learn when that one is away.
      if (ctx.path === '/api/health' || ctx.cookies.get(READ_PRIMARY_COOKIE) || recentlyWrote(authorization, now)) return next()
      return withReplicaReads(next)
    }
    try {
      await next()
    } finally {
      ctx.cookies.set(READ_PRIMARY_COOKIE, '1', { maxAge: windowSeconds * 1000, httpOnly: true, sameSite: 'lax', overwrite: true })
      if (authorization) {
        if (wroteUntil.size > 10_000) for (const [key, until] of wroteUntil) if (until <= now) wroteUntil.delete(key)
        wroteUntil.set(authorization, now + windowSeconds * 1000)
      }
    }
  }
}
