import type { Translation } from '#shared/i18n/catalog'
import { type Locale, matchLocale } from '#shared/i18n/locales'
import { ar } from './ar'
import { de } from './de'
import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { ja } from './ja'
import { ptBR } from './pt-BR'
import { zhCN } from './zh-CN'

/** The desktop app's menus and dialogs in one language (`main/i18n/<locale>.ts`). */
export type DesktopMessages = Translation<typeof en>

export const desktopCatalogs: Record<Locale, DesktopMessages> = { en, es, fr, de, 'pt-BR': ptBR, ja, 'zh-CN': zhCN, ar }

/** What the desktop app asks Electron of the system's languages. */
export interface SystemLanguages {
  getLocale(): string
  getPreferredSystemLanguages?(): string[]
}

/**
 * The desktop app's language (issue 30): the user's own choice when the app knows it, else the
 * first supported of the system's preferred languages (then the app's locale), else English.
 */
export function desktopLocale(app: SystemLanguages, chosen?: Locale | null): Locale {
  if (chosen) return chosen
  return matchLocale([...(app.getPreferredSystemLanguages?.() ?? []), app.getLocale()]) ?? 'en'
}
