import Router from '@koa/router'
import { version } from '#package.json'
import { dialectOf } from '#server/db/database'
import type { Deps } from '#server/deps'
import { route } from '#server/http/route'

export function healthRoutes(deps: Deps): Router {
  const router = new Router()
  // Which database the server runs on is fixed at start: known once, not per request.
  const database = dialectOf(deps.db)
  route(
    router,
    {
      method: 'GET',
      path: '/api/health',
      auth: 'none',
      summary: 'Whether the server is up, its version and the database it runs on',
      responses: { 200: { description: 'Up', schema: 'Health' } },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = { status: 'ok', version, database }
    },
  )
  return router
}
