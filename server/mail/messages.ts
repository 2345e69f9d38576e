import type { Translation } from '#shared/i18n/catalog'
import { isLocale, type Locale } from '#shared/i18n/locales'
import { ar } from './messages/ar'
import { de } from './messages/de'
import { en } from './messages/en'
import { es } from './messages/es'
import { fr } from './messages/fr'
import { ja } from './messages/ja'
import { ptBR } from './messages/pt-BR'
import { zhCN } from './messages/zh-CN'

/** The emails' texts in one language (`server/mail/messages/<locale>.ts`). */
export type MailMessages = Translation<typeof en>

export const mailCatalogs: Record<Locale, MailMessages> = { en, es, fr, de, 'pt-BR': ptBR, ja, 'zh-CN': zhCN, ar }

/**
 * The language of an email (issue 30): the recipient's own choice, else the language of the request
 * that made it send (none for a reminder), else English.
 */
export function recipientLocale(chosen: string | null | undefined, requestLocale?: Locale): Locale {
  return isLocale(chosen) ? chosen : (requestLocale ?? 'en')
}
