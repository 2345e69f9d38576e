import { type Messages, setupI18n } from '@lingui/core'
import { DEFAULT_LOCALE, type Locale, resolveLocale, textDirection } from '#shared/i18n/locales'
import { loadSharedCatalog } from './shared-messages'

/**
 * The interface's texts (issue 30), with Lingui's core: messages are ICU strings in JSON catalogs,
 * one folder per language under `renderer/src/locales/` and one file per namespace:
 *   common  the shell, the landing page, sign-in and the design system: loaded before the first render
 *   app     every other page: loaded with the first page that needs it (app/router.tsx)
 *   legal   the terms and the privacy policy
 * The build compiles each catalog (vite.config.ts, `linguiCatalogs`), so no message parser ships.
 * Every catalog is its own chunk, English's too, fetched when its language and namespace are first
 * needed: a language never loads another's (the landing page's JavaScript budget, issue 30).
 * The tables of shared/messages.ts load with the first namespace after `common` (./shared-messages).
 */
export type Namespace = 'common' | 'app' | 'legal'
export type MessageId =
  | keyof typeof import('@/locales/en/common.json')
  | keyof typeof import('@/locales/en/app.json')
  | keyof typeof import('@/locales/en/legal.json')

export const i18n = setupI18n()
// English, without texts until `startI18n` has loaded them (unit tests load every English text: english-for-tests.ts).
i18n.loadAndActivate({ locale: DEFAULT_LOCALE, messages: {} })

// One lazy chunk per language and namespace.
const catalogFiles = import.meta.glob<Messages>('/src/locales/*/*.json', { import: 'default' })

const loaded = new Map<string, Messages>()
const wanted = new Set<Namespace>(['common'])
/** Whether the tables of shared/messages.ts are in use (a page beyond the landing has loaded). */
let sharedWanted = false

async function catalog(locale: Locale, namespace: Namespace): Promise<Messages> {
  const key = `${locale}/${namespace}`
  const known = loaded.get(key)
  if (known) return known
  const load = catalogFiles[`/src/locales/${key}.json`]
  if (!load) throw new Error(`No catalog ${key}`)
  const messages = await load()
  loaded.set(key, messages)
  return messages
}

async function messagesOf(locale: Locale): Promise<Messages> {
  const parts = await Promise.all([...wanted].map((namespace) => catalog(locale, namespace)))
  return Object.assign({}, ...parts)
}

/** The language shown now (English until `startI18n` has run). */
export function currentLocale(): Locale {
  return (i18n.locale || DEFAULT_LOCALE) as Locale
}

/** `<html lang dir>` follow the language. */
function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale
  document.documentElement.dir = textDirection(locale)
}

/** Shows the interface in `locale`: loads its catalogs of every namespace in use, then switches. */
export async function activateLocale(locale: Locale): Promise<void> {
  const [messages] = await Promise.all([messagesOf(locale), sharedWanted ? loadSharedCatalog(locale) : undefined])
  i18n.loadAndActivate({ locale, messages })
  applyToDocument(locale)
}

/** Loads a namespace's catalog in `locale` into the interface, unless it is in already. */
async function addNamespace(locale: Locale, namespace: Namespace): Promise<void> {
  if (wanted.has(namespace) && loaded.has(`${locale}/${namespace}`)) return
  wanted.add(namespace)
  const messages = await catalog(locale, namespace)
  // Switched meanwhile: activateLocale has loaded it with the rest.
  if (i18n.locale === locale) i18n.load(locale, messages)
}

/**
 * Loads a namespace's catalog in the current language (a page's first load waits for it); beyond
 * `common`, the tables of shared/messages.ts in that language too.
 */
export async function loadNamespace(namespace: Namespace): Promise<void> {
  const locale = currentLocale()
  if (namespace !== 'common') sharedWanted = true
  await Promise.all([addNamespace(locale, namespace), sharedWanted ? loadSharedCatalog(locale) : undefined])
}

const CHOICE_KEY = 'cardwise.locale'

/**
 * The language chosen on this device: a visitor's pick, or the signed-in user's `locale` setting as
 * last seen (so the first paint is in it); null for automatic.
 */
export function readLocaleChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY)
  } catch {
    return null
  }
}

/** Keeps (or, with null, forgets) the language chosen on this device. */
export function storeLocaleChoice(locale: Locale | null): void {
  try {
    if (locale) localStorage.setItem(CHOICE_KEY, locale)
    else localStorage.removeItem(CHOICE_KEY)
  } catch {
    // Storage refused (private browsing): the choice holds for this visit.
  }
}

/** The language for a choice (null: automatic): the choice, else the browser's languages, else English. */
export function localeFor(chosen: string | null): Locale {
  return resolveLocale(chosen, navigator.languages ?? [])
}

/** The language chosen before the first render: the saved choice, else the browser's languages, else English. */
export function startI18n(chosen: string | null): Promise<void> {
  return activateLocale(localeFor(chosen))
}

/** The translation of `id` in the current language, for code outside React (titles, confirm texts). */
export function translate(id: MessageId, values?: Record<string, unknown>): string {
  return i18n._(id, values)
}

/** A lazy module that shows texts of `namespace`: loads them alongside its code (`lazy(withTexts(() => import(...)))`). */
export function withTexts<Module>(load: () => Promise<Module>, namespace: Namespace = 'app'): () => Promise<Module> {
  return () => Promise.all([load(), loadNamespace(namespace)]).then(([module]) => module)
}
