import type { Locale } from './locales'
import type { Messages, SharedCatalog } from './catalog'
import { ar } from './messages/ar'
import { de } from './messages/de'
import { en } from './messages/en'
import { es } from './messages/es'
import { fr } from './messages/fr'
import { ja } from './messages/ja'
import { ptBR } from './messages/pt-BR'
import { zhCN } from './messages/zh-CN'

export type { Messages, SharedCatalog, Translation } from './catalog'

/**
 * Every language's tables, loaded together (the server's use). The renderer, which loads one
 * language at a time, imports `shared/i18n/messages/<locale>.ts` on demand instead (`loadCatalog`).
 */
export const catalogs: Record<Locale, SharedCatalog> = { en, es, fr, de, 'pt-BR': ptBR, ja, 'zh-CN': zhCN, ar }

/** `shared/messages.ts`'s `messages` in a language (English is the spec's text itself). */
export function messagesFor(locale: Locale): Messages {
  return catalogs[locale].messages
}

/** Every table of `shared/messages.ts` (`messages`, `setMessages`, `habitMessages`, ...) in a language. */
export function catalogFor(locale: Locale): SharedCatalog {
  return catalogs[locale]
}
