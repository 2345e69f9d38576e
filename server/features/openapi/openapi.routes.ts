import Router from '@koa/router'
import { version } from '#package.json'
import { buildOpenApiDocument } from '#server/http/openapi'
import { serverContracts } from '#shared/api/contracts/misc'
import { route, routeDocs } from '#server/http/route'

/**
 * GET /api/openapi.json: the API reference, built from the declarations of `routers` and of this
 * route itself, so every route the server has is in it. Built at the first request, not at start:
 * converting every schema takes about 50 ms that each server start (each end-to-end test's) paid.
 */
export function openApiRoutes(routers: Router[]): Router {
  const router = new Router()
  let body: string | undefined
  route(
    router,
    {
      contract: serverContracts.openapi,
      auth: 'none',
      summary: 'This API reference (OpenAPI 3.1), generated from the routes the server declares',
      responses: { 200: { description: 'The OpenAPI document', contentTypes: ['application/json'] } },
    },
    (ctx) => {
      ctx.set('Cache-Control', 'no-cache')
      ctx.type = 'application/json'
      body ??= JSON.stringify(buildOpenApiDocument([...routers, router].flatMap(routeDocs), { version }))
      ctx.body = body
    },
  )
  return router
}
