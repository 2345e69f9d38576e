/** The interface's languages (issue 30): English is the source; the rest have complete catalogs. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ja', 'zh-CN', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language's own name, as the language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  'zh-CN': '简体中文',
  ar: 'العربية',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** Arabic is written right to left; every other supported language left to right. */
export function textDirection(locale: Locale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The supported language that best matches a list of language tags in order of preference
 * (`navigator.languages`, or an `Accept-Language` header read by `parseAcceptLanguage`), else null.
 * An exact tag wins (`pt-BR`), then the language alone (`pt-PT` and `pt` -> `pt-BR`, `zh-TW` -> `zh-CN`,
 * `de-AT` -> `de`), in the order the tags were given.
 */
export function matchLocale(tags: readonly string[]): Locale | null {
  for (const raw of tags) {
    const tag = raw.trim().toLowerCase()
    if (!tag || tag === '*') continue
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag)
    if (exact) return exact
    const language = tag.split('-')[0]
    const sameLanguage = LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language)
    if (sameLanguage) return sameLanguage
  }
  return null
}

/** The tags of an `Accept-Language` header, highest `q` first (ties keep their order); `q=0` tags are left out. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q === undefined ? 1 : Number(q.slice(2))
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}

/** The language to use: the user's own choice, else the first supported of the given tags, else English. */
export function resolveLocale(chosen: string | null | undefined, tags: readonly string[]): Locale {
  if (isLocale(chosen)) return chosen
  return matchLocale(tags) ?? DEFAULT_LOCALE
}
