import Router from '@koa/router'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { route, routeDocs } from './route'

const ok = { 200: { description: 'ok' } }

describe('route', () => {
  it('registers the route on the router and records its doc', () => {
    const router = new Router()
    route(router, { method: 'GET', path: '/api/things/:id', auth: 'none', summary: 'A thing', responses: ok }, (ctx) => {
      ctx.body = {}
    })
    expect(router.stack.map((layer) => [layer.methods, layer.path])).toEqual([[['HEAD', 'GET'], '/api/things/:id']])
    expect(routeDocs(router).map((doc) => `${doc.method} ${doc.path}`)).toEqual(['GET /api/things/:id'])
  })

  it('validates the body just before the handler, after the middleware it was given', async () => {
    const router = new Router()
    const calls: string[] = []
    const body = z.object({ name: z.string() })
    route(
      router,
      { method: 'POST', path: '/api/things', auth: 'token', summary: 'Make a thing', body, responses: ok },
      async (_ctx, next) => {
        calls.push('auth')
        await next()
      },
      (ctx) => {
        calls.push(`handler ${JSON.stringify((ctx.state as { input: unknown }).input)}`)
      },
    )
    const [layer] = router.stack
    expect(layer?.stack).toHaveLength(3)
    const ctx = { method: 'POST', request: { body: { name: 'x', extra: 1 } }, state: {} }
    const run = (index: number): Promise<void> => Promise.resolve(layer?.stack[index]?.(ctx as never, () => run(index + 1)))
    await run(0)
    expect(calls).toEqual(['auth', 'handler {"name":"x"}'])
  })

  it('refuses a path that is not a full /api/ path, and a router with a prefix', () => {
    const handler = () => {}
    expect(() => route(new Router(), { method: 'GET', path: '/things', auth: 'none', summary: 's', responses: ok }, handler)).toThrow(/full paths/)
    expect(() => route(new Router({ prefix: '/api' }), { method: 'GET', path: '/api/x', auth: 'none', summary: 's', responses: ok }, handler)).toThrow(/prefix/)
  })
})
