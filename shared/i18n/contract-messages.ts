import type { ContractCatalog, ServerCatalog } from './catalog'
import { ar } from './contract-messages/ar'
import { de } from './contract-messages/de'
import { en } from './contract-messages/en'
import { es } from './contract-messages/es'
import { fr } from './contract-messages/fr'
import { ja } from './contract-messages/ja'
import { ptBR } from './contract-messages/pt-BR'
import { zhCN } from './contract-messages/zh-CN'
import type { Locale } from './locales'
import { catalogs } from './messages'

/** The class, game and picture tables in every language. */
export const contractCatalogs: Record<Locale, ContractCatalog> = { en, es, fr, de, 'pt-BR': ptBR, ja, 'zh-CN': zhCN, ar }

const serverCatalogs = new Map<Locale, ServerCatalog>()

/** Every text the server sends (shared/messages.ts's tables and the contracts'), in a language. */
export function serverCatalogFor(locale: Locale): ServerCatalog {
  let catalog = serverCatalogs.get(locale)
  if (!catalog) {
    catalog = { ...catalogs[locale], ...contractCatalogs[locale] }
    serverCatalogs.set(locale, catalog)
  }
  return catalog
}
