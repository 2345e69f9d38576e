import type { Middleware } from 'koa'
import type { Logger } from '#server/logger'

/** One line per request. Only the path is logged, never the query string (it may hold a token). */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      const ms = (performance.now() - started).toFixed(1)
      logger.info(`${ctx.method} ${ctx.path} ${ctx.status} ${ms}ms`)
    }
  }
}
