import type { RouterMiddleware } from '@koa/router'
import { z } from 'zod'
import { fieldErrors } from '#shared/api/validation'
import type { Locale } from '#shared/i18n/locales'
import { invalidInput } from './errors'
import { localeOf } from './locale'

/**
 * zod's own messages (a schema without a message of its own) in each language; the schemas' own
 * English messages are translated with every other error text (./translate.ts).
 */
const ZOD_LOCALES: Record<Exclude<Locale, 'en'>, () => { localeError: z.core.$ZodErrorMap }> = {
  es: z.locales.es,
  fr: z.locales.fr,
  de: z.locales.de,
  'pt-BR': z.locales.pt,
  ja: z.locales.ja,
  'zh-CN': z.locales.zhCN,
  ar: z.locales.ar,
}
const zodErrorMaps = new Map<Locale, z.core.$ZodErrorMap>()

function zodErrorMap(locale: Locale): z.core.$ZodErrorMap | undefined {
  if (locale === 'en') return undefined
  let map = zodErrorMaps.get(locale)
  if (!map) zodErrorMaps.set(locale, (map = ZOD_LOCALES[locale]().localeError))
  return map
}

/**
 * Validates the request body (or, for GET or with `from` 'query', the query string) with a schema from `shared/api/` and hands
 * the handler the parsed, cleaned value as `ctx.state.input`.
 */
export function validate<S extends z.ZodType, StateT extends Input<S> = Input<S>>(schema: S, from?: 'query'): RouterMiddleware<StateT> {
  return async (ctx, next) => {
    const source = ctx.method === 'GET' || from === 'query' ? ctx.query : (ctx.request.body ?? {})
    const error = zodErrorMap(localeOf(ctx))
    const result = error ? schema.safeParse(source, { error }) : schema.safeParse(source)
    if (!result.success) throw invalidInput(fieldErrors(result.error))
    ;(ctx.state as Input<S>).input = result.data
    await next()
  }
}

/** The state a handler sees after `validate(schema)`. */
export type Input<S extends z.ZodType> = { input: z.output<S> }
