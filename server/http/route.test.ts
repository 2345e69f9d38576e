import Router from '@koa/router'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { contract } from '#shared/api/contract'
import { route, routeDocs } from './route'

const ok = { 200: { description: 'ok' } }
const thing = z.object({ id: z.string() })

describe('route', () => {
  it('registers the route of its contract on the router and records its doc', () => {
    const router = new Router()
    route(router, { contract: contract('GET', '/api/things/:id', { answer: thing }), auth: 'none', summary: 'A thing', responses: ok }, (ctx) => {
      ctx.body = {}
    })
    expect(router.stack.map((layer) => [layer.methods, layer.path])).toEqual([[['HEAD', 'GET'], '/api/things/:id']])
    expect(routeDocs(router).map((doc) => `${doc.method} ${doc.path}`)).toEqual(['GET /api/things/:id'])
    expect(routeDocs(router)[0]?.answer).toBe(thing)
  })

  it("validates the contract's body just before the handler, after the middleware it was given, and types the input by it", async () => {
    const router = new Router()
    const calls: string[] = []
    const makeThing = contract('POST', '/api/things', { body: z.object({ name: z.string().transform((name) => name.length) }), answer: thing })
    route(
      router,
      { contract: makeThing, auth: 'token', summary: 'Make a thing', responses: ok },
      async (_ctx, next) => {
        calls.push('auth')
        await next()
      },
      (ctx) => {
        // The handler's input is the body's parsed type: a caller cannot pick another.
        expectTypeOf(ctx.state.input).toEqualTypeOf<{ name: number }>()
        calls.push(`handler ${JSON.stringify(ctx.state.input)}`)
      },
    )
    const [layer] = router.stack
    expect(layer?.stack).toHaveLength(3)
    const ctx = { method: 'POST', request: { body: { name: 'xyz', extra: 1 } }, state: {} }
    const run = (index: number): Promise<void> => Promise.resolve(layer?.stack[index]?.(ctx as never, () => run(index + 1)))
    await run(0)
    expect(calls).toEqual(['auth', 'handler {"name":3}'])
  })

  it('refuses a path that is not a full /api/ path, and a router with a prefix', () => {
    const handler = () => {}
    expect(() => contract('GET', '/things', { answer: null })).toThrow(/full path/)
    const spec = { contract: contract('GET', '/api/x', { answer: null }), auth: 'none', summary: 's', responses: ok } as const
    expect(() => route(new Router({ prefix: '/api' }), spec, handler)).toThrow(/prefix/)
  })
})
