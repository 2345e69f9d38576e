import Router from '@koa/router'
import { version } from '../../../package.json'

export function healthRoutes(): Router {
  const router = new Router({ prefix: '/api' })
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store')
    ctx.body = { status: 'ok', version }
  })
  return router
}
