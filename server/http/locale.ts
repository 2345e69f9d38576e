import type { Context, Middleware } from 'koa'
import { isLocale, type Locale, parseAcceptLanguage, resolveLocale } from '#shared/i18n/locales'

/**
 * The request's language (issue 30, api.md "Languages"): the signed-in caller's own choice, else
 * the first supported language of Accept-Language, else English. `requestLanguage()` reads the
 * header once as the request comes in; the auth middlewares (server/access/auth.ts) put the
 * caller's choice over it once they know the caller. Error messages and emails use `localeOf(ctx)`.
 */
export interface LocaleState {
  locale: Locale
}

function fromHeader(ctx: Context): Locale {
  const header = ctx.headers?.['accept-language']
  return resolveLocale(null, parseAcceptLanguage(header))
}

export function requestLanguage(): Middleware {
  return async (ctx, next) => {
    ;(ctx.state as LocaleState).locale = fromHeader(ctx)
    await next()
  }
}

/** The caller is known: their chosen language (a stored tag; null is automatic) wins over the header. */
export function useCallerLocale(ctx: Context, chosen: string | null | undefined): void {
  if (isLocale(chosen)) (ctx.state as LocaleState).locale = chosen
}

/** The request's language. */
export function localeOf(ctx: Context): Locale {
  const state = ctx.state as Partial<LocaleState>
  return state.locale ?? (state.locale = fromHeader(ctx))
}
