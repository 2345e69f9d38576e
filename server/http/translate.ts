import { MEDIA_AUDIO_TYPES } from '#shared/api/media'
import type { ServerCatalog } from '#shared/i18n/catalog'
import { serverCatalogFor } from '#shared/i18n/contract-messages'
import type { Locale } from '#shared/i18n/locales'

/**
 * The server's texts in the request's language (issue 30). Errors are made with the English texts of
 * shared/messages.ts and the contracts (the spec's texts, which the code and its tests name); the error
 * middleware hands each message and field message to `translateText`, which finds the English text
 * among the catalog's entries and says the same in the request's language. A fill-in message
 * (`Title must be at most 100 characters.`) is matched as the pattern its function writes, and its
 * fill-ins are translated when they are field labels (`Title`) or texts of their own. A text found
 * nowhere stays as it is.
 */

type Text = (...args: unknown[]) => string
type Pick = (catalog: ServerCatalog) => unknown

interface Pattern {
  regex: RegExp
  /** How many characters of the English text are not fill-ins: the most specific pattern is tried first. */
  literalLength: number
  /** For each capture group, the argument it is. */
  argumentOf: number[]
  arity: number
  pick: Pick
}

interface Index {
  exact: Map<string, (catalog: ServerCatalog) => string>
  patterns: Pattern[]
  labels: Map<string, keyof ServerCatalog['fieldLabels']>
}

/** Arguments a function message is matched with one by one, where its text is not a plain fill-in of them. */
const SAMPLES: Record<string, readonly unknown[][]> = {
  'mediaMessages.notAudio': MEDIA_AUDIO_TYPES.map((type) => [type]),
}

const MARK = '\u0001'
const FILL_IN = new RegExp(`${MARK}(\\d+)${MARK}`)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const broken = (text: string) => text.includes('undefined') || text.includes('NaN') || text.includes(MARK)

function buildIndex(): Index {
  const english = serverCatalogFor('en')
  const exact: Index['exact'] = new Map()
  const patterns: Pattern[] = []
  const addExact = (text: string, say: (catalog: ServerCatalog) => string) => {
    if (!exact.has(text)) exact.set(text, say)
  }
  for (const [table, entries] of Object.entries(english) as [string, Record<string, unknown>][]) {
    for (const [key, value] of Object.entries(entries)) {
      const pick: Pick = (catalog) => (catalog as unknown as Record<string, Record<string, unknown>>)[table]?.[key]
      if (typeof value === 'string') {
        addExact(value, (catalog) => pick(catalog) as string)
        continue
      }
      if (typeof value !== 'function') continue
      const text = value as Text
      for (const args of SAMPLES[`${table}.${key}`] ?? []) addExact(text(...args), (catalog) => (pick(catalog) as Text)(...args))
      // A form without arguments (`tooManyPixels()`: the size is unknown).
      const bare = text()
      if (!broken(bare)) addExact(bare, (catalog) => (pick(catalog) as Text)())
      const arity = text.length
      if (arity === 0) continue
      const parts = text(...Array.from({ length: arity }, (_, i) => `${MARK}${i}${MARK}`)).split(FILL_IN)
      const literals = parts.filter((_, i) => i % 2 === 0)
      const argumentOf = parts.filter((_, i) => i % 2 === 1).map(Number)
      // Every argument must show in the text as it was given, or the pattern cannot give it back.
      if (literals.some(broken) || new Set(argumentOf).size !== arity) continue
      patterns.push({
        regex: new RegExp(`^${parts.map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : '([\\s\\S]+?)')).join('')}$`),
        literalLength: literals.join('').length,
        argumentOf,
        arity,
        pick,
      })
    }
  }
  patterns.sort((a, b) => b.literalLength - a.literalLength)
  const labels: Index['labels'] = new Map()
  for (const [key, label] of Object.entries(english.fieldLabels)) labels.set(label, key as keyof ServerCatalog['fieldLabels'])
  return { exact, patterns, labels }
}

let index: Index | undefined

/** A fill-in in the request's language: a field label or a text of the catalogs translated, a number as a number. */
function translateFillIn(value: string, catalog: ServerCatalog, locale: Locale): unknown {
  if (/^-?\d+(\.\d+)?$/.test(value)) return Number(value)
  const label = index?.labels.get(value)
  if (label) return catalog.fieldLabels[label]
  return translateText(value, locale)
}

/** The same text in `locale`, when the catalogs know it (English comes back as it is). */
export function translateText(text: string, locale: Locale): string {
  if (locale === 'en') return text
  index ??= buildIndex()
  const catalog = serverCatalogFor(locale)
  const exact = index.exact.get(text)
  if (exact) return exact(catalog)
  for (const pattern of index.patterns) {
    const match = pattern.regex.exec(text)
    if (!match) continue
    const args: unknown[] = new Array(pattern.arity)
    pattern.argumentOf.forEach((argument, group) => {
      args[argument] ??= translateFillIn(match[group + 1] ?? '', catalog, locale)
    })
    return (pattern.pick(catalog) as Text)(...args)
  }
  return text
}

/** Every field message in `locale`. */
export function translateFields(fields: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translateText(message, locale)]))
}
