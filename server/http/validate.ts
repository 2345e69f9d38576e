import type { RouterMiddleware } from '@koa/router'
import type { z } from 'zod'
import { fieldErrors } from '#shared/api/validation'
import { invalidInput } from './errors'

/**
 * Validates the request body (or, for GET, the query) with a schema from `shared/api/` and hands
 * the handler the parsed, cleaned value as `ctx.state.input`.
 */
export function validate<S extends z.ZodType, StateT extends Input<S> = Input<S>>(schema: S): RouterMiddleware<StateT> {
  return async (ctx, next) => {
    const source = ctx.method === 'GET' ? ctx.query : (ctx.request.body ?? {})
    const result = schema.safeParse(source)
    if (!result.success) throw invalidInput(fieldErrors(result.error))
    ;(ctx.state as Input<S>).input = result.data
    await next()
  }
}

/** The state a handler sees after `validate(schema)`. */
export type Input<S extends z.ZodType> = { input: z.output<S> }
