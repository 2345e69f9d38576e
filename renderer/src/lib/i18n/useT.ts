import { useLingui } from '@lingui/react'
import { useCallback } from 'react'
import type { Locale } from '#shared/i18n/locales'
import type { MessageId } from './i18n'

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string

/** `t('key', { count })`: a message of the current language; the component re-renders when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui()
  return useCallback((id: MessageId, values?: Record<string, unknown>) => _(id, values), [_])
}

/** The current language (for Intl and the language picker). */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale
}
