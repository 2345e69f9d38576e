import type { SharedCatalog } from './catalog'
import type { Locale } from './locales'

/** One language's tables of `shared/messages.ts`, loaded on demand (a bundler splits each into its own chunk). */
export async function loadCatalog(locale: Locale): Promise<SharedCatalog> {
  switch (locale) {
    case 'es':
      return (await import('./messages/es')).es
    case 'fr':
      return (await import('./messages/fr')).fr
    case 'de':
      return (await import('./messages/de')).de
    case 'pt-BR':
      return (await import('./messages/pt-BR')).ptBR
    case 'ja':
      return (await import('./messages/ja')).ja
    case 'zh-CN':
      return (await import('./messages/zh-CN')).zhCN
    case 'ar':
      return (await import('./messages/ar')).ar
    default:
      return (await import('./messages/en')).en
  }
}
