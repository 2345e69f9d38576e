import Router from '@koa/router'
import { version } from '../../../package.json'
import { dialectOf } from '../../db/database'
import type { Deps } from '../../deps'

export function healthRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api' })
  // Which database the server runs on is fixed at start: known once, not per request.
  const database = dialectOf(deps.db)
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: 'ok', version, database }
  })
  return router
}
