import type { Locale } from '#shared/i18n/locales'
import { currentLocale } from './i18n'

/**
 * Numbers, dates, times, sizes and relative times in the interface's language (issue 30), all
 * through `Intl`: the renderer's one place for them. Each takes the language (default: the one
 * shown now); formatters are made once per language and options.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.ListFormat>()

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.DisplayNames | Intl.ListFormat>(
  kind: string,
  locale: Locale,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`
  let formatter = cache.get(key) as F | undefined
  if (!formatter) {
    formatter = make()
    cache.set(key, formatter)
  }
  return formatter
}

export function formatNumber(value: number, locale: Locale = currentLocale(), options: Intl.NumberFormatOptions = {}): string {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options)).format(value)
}

/** A moment (ISO time or ms) as date and time: "Nov 27, 2026, 11:40 AM", "27.11.2026, 11:40". */
export function formatDateTime(
  when: string | number,
  locale: Locale = currentLocale(),
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(new Date(when))
}

/** A calendar day (`YYYY-MM-DD`, as the API counts days) as a short day: "Nov 27", "27. Nov.". */
export function formatDay(day: string, locale: Locale = currentLocale(), options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }): string {
  return formatDateTime(`${day}T00:00:00Z`, locale, { ...options, timeZone: 'UTC' })
}

/** How far ahead a moment is, from now: "in 5 minutes", "in 3 hours", "tomorrow", "in 5 days". */
export function formatTimeUntil(due: string | number, now: number, locale: Locale = currentLocale()): string {
  const relative = cached('relative', locale, {}, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
  const ms = (typeof due === 'string' ? Date.parse(due) : due) - now
  const minutes = Math.max(1, Math.round(ms / 60_000))
  if (minutes < 60) return relative.format(minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 24) return relative.format(hours, 'hour')
  return relative.format(Math.round(hours / 24), 'day')
}

/** A file's size: "512 B", "1.5 KB", "2.3 MB" (the number in the language's own digits and separator). */
export function formatFileSize(bytes: number, locale: Locale = currentLocale()): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 }
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, locale, oneDecimal)} KB`
  return `${formatNumber(bytes / (1024 * 1024), locale, oneDecimal)} MB`
}

/** Card-language tags shown by their script, as students know them ("简体中文", not "中文（中国）"). */
const SCRIPT_OF: Record<string, string> = { 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant' }

/**
 * A card language's name (a set's term or definition language) in the interface's language;
 * English keeps the list's own names (`english`), and a tag Intl does not know stays as given.
 */
export function formatLanguageName(tag: string, english: string, locale: Locale = currentLocale()): string {
  if (locale === 'en') return english
  try {
    const names = cached('language', locale, {}, () => new Intl.DisplayNames(locale, { type: 'language' }))
    return names.of(SCRIPT_OF[tag.toLowerCase()] ?? tag) ?? english
  } catch {
    return english
  }
}

/** Names in a list, joined as the language joins them: "Multiple choice and Written", "多肢選択、記述". */
export function formatList(items: readonly string[], locale: Locale = currentLocale()): string {
  return cached('list', locale, {}, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items)
}
