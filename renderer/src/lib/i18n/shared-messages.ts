import { use, useEffect, useState, useSyncExternalStore } from 'react'
import type { SharedCatalog } from '#shared/i18n/catalog'
import { loadCatalog } from '#shared/i18n/load-catalog'
import type { Locale } from '#shared/i18n/locales'
import { useLocale } from './useT'

/**
 * The spec's exact texts of `shared/messages.ts` (shared with the server) in the interface's
 * language: the server half's tables (`shared/i18n/messages/<locale>.ts`), each language its own
 * chunk, English's too (`shared/i18n/messages/en.ts`, the whole of shared/messages.ts). The landing
 * page shows none of them, so none is in its JavaScript: a page loads its language's tables with
 * its texts (`withTexts`, `loadNamespace`), and another language also loads English's, which
 * `translateShared` reads the texts met in English by.
 */
const catalogs = new Map<Locale, SharedCatalog>()
const loading = new Map<Locale, Promise<SharedCatalog>>()
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A language's tables, fetched once (again after a failure: offline, a later visit may succeed). */
function load(locale: Locale): Promise<SharedCatalog> {
  let pending = loading.get(locale)
  if (!pending) {
    pending = loadCatalog(locale).then(
      (catalog) => {
        provideSharedCatalog(locale, catalog)
        return catalog
      },
      (error: unknown) => {
        loading.delete(locale)
        throw error
      },
    )
    loading.set(locale, pending)
  }
  return pending
}

/** Makes a language's tables known (the loader's, or English's in unit tests); components showing them re-render. */
export function provideSharedCatalog(locale: Locale, catalog: SharedCatalog): void {
  catalogs.set(locale, catalog)
  loading.set(locale, Promise.resolve(catalog))
  for (const listener of listeners) listener()
}

/** Loads a language's tables, and English's for another language (`translateShared` reads English by them). */
export async function loadSharedCatalog(locale: Locale): Promise<void> {
  await Promise.all([load(locale), locale === 'en' ? undefined : load('en')])
}

/** A table of shared/messages.ts in a language: that language's once loaded, else English's (one of them must have loaded). */
export function sharedMessagesFor<Name extends keyof SharedCatalog>(name: Name, locale: Locale): SharedCatalog[Name] {
  const catalog = catalogs.get(locale) ?? catalogs.get('en')
  if (!catalog) throw new Error(`The shared texts (${name}) are shown before any language's tables have loaded: load them with the page (withTexts)`)
  return catalog[name]
}

/**
 * `const texts = useShared('routeErrorMessages')`: a table of shared/messages.ts in the current
 * language. A page has them already (its texts load with them); a component outside the pages
 * suspends until they have loaded (a `<Suspense>` around it).
 */
export function useShared<Name extends keyof SharedCatalog>(name: Name): SharedCatalog[Name] {
  const locale = useLocale()
  const catalog = useSyncExternalStore(subscribe, () => catalogs.get(locale))
  return (catalog ?? use(load(locale)))[name]
}

/**
 * For the shell's error page (outside the pages, so nothing has loaded the tables for it): a table
 * of shared/messages.ts in the current language once its tables are in (this loads them),
 * undefined while they load, null when they cannot (offline before the app was kept on the device).
 */
export function useSharedWhenLoaded<Name extends keyof SharedCatalog>(name: Name): SharedCatalog[Name] | null | undefined {
  const locale = useLocale()
  const catalog = useSyncExternalStore(subscribe, () => catalogs.get(locale))
  const [failed, setFailed] = useState<Locale | null>(null)
  useEffect(() => {
    if (catalog) return
    let current = true
    load(locale).catch(() => {
      if (current) setFailed(locale)
    })
    return () => {
      current = false
    }
  }, [catalog, locale])
  if (catalog) return catalog[name]
  return failed === locale ? null : undefined
}

let englishIndex: Map<string, readonly [keyof SharedCatalog, string]> | undefined

/**
 * A text of shared/messages.ts met in English (a zod schema's message checked in the browser, an
 * English answer of the server) in `locale`; any other text as it is (as it is too while the
 * tables have not loaded: a page loads them with its texts).
 */
export function translateShared(text: string, locale: Locale): string {
  if (locale === 'en' || text === '') return text
  const en = catalogs.get('en')
  if (!en) return text
  if (!englishIndex) {
    englishIndex = new Map()
    for (const [group, table] of Object.entries(en) as Array<[keyof SharedCatalog, Record<string, unknown>]>) {
      for (const [key, value] of Object.entries(table)) if (typeof value === 'string' && !englishIndex.has(value)) englishIndex.set(value, [group, key])
    }
  }
  const found = englishIndex.get(text)
  if (!found) return text
  const translated = (catalogs.get(locale)?.[found[0]] as Record<string, unknown> | undefined)?.[found[1]]
  return typeof translated === 'string' ? translated : text
}
