import Router from '@koa/router'
import { version } from '#package.json'
import { databaseAnswers, dialectOf } from '#server/db/database'
import type { Deps } from '#server/deps'
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '#server/http/errors'
import { serverContracts } from '#shared/api/contracts/misc'
import { route } from '#server/http/route'

/** How long the health check waits for the database before it calls it down: well inside a load balancer's timeout. */
const DATABASE_CHECK_MS = 2000

export function healthRoutes(deps: Deps): Router {
  const router = new Router()
  // Which database the server runs on is fixed at start: known once, not per request.
  const database = dialectOf(deps.db)
  route(
    router,
    {
      contract: serverContracts.health,
      auth: 'none',
      summary: 'Whether the server can serve requests (its database answers), its version and the database it runs on',
      responses: {
        200: { description: 'Up' },
        503: { description: 'The database cannot be reached: send requests elsewhere for now' },
      },
    },
    async (ctx) => {
      const databaseUp = await databaseAnswers(deps.db, DATABASE_CHECK_MS)
      ctx.set('Cache-Control', 'no-store')
      if (!databaseUp) ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      ctx.status = databaseUp ? 200 : 503
      ctx.body = { status: databaseUp ? 'ok' : 'unavailable', version, database, databaseUp }
    },
  )
  return router
}
