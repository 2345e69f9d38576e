import Router from '@koa/router'
import { version } from '../../../package.json'
import { route } from '../../http/route'

export function healthRoutes(): Router {
  const router = new Router()
  route(
    router,
    { method: 'GET', path: '/api/health', auth: 'none', summary: 'Whether the server is up, and its version', responses: { 200: { description: 'Up', schema: 'Health' } } },
    (ctx) => {
      ctx.set('Cache-Control', 'no-store')
      ctx.body = { status: 'ok', version }
    },
  )
  return router
}
