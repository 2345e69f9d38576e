import { useId, useState } from 'react'
import { LOCALE_NAMES, LOCALES, type Locale } from '#shared/i18n/locales'
import { activateLocale, localeFor, readLocaleChoice, storeLocaleChoice, useT } from '@/lib/i18n'
import styles from './LanguagePicker.module.css'

/**
 * The interface's language (issue 30): Automatic (the browser's languages) or one of the eight,
 * each named in its own language. Kept on this device; for a signed-in student also saved as the
 * `locale` setting (PATCH /api/users/me/settings), which then follows them to every device and
 * to the server's messages and emails.
 */
export function LanguagePicker({ signedIn, className }: { signedIn: boolean; className?: string }) {
  const t = useT()
  const id = useId()
  const [choice, setChoice] = useState<Locale | ''>(() => (readLocaleChoice() as Locale | null) ?? '')
  const [error, setError] = useState('')

  const choose = async (value: Locale | '') => {
    const locale = value === '' ? null : value
    setChoice(value)
    setError('')
    storeLocaleChoice(locale)
    await activateLocale(localeFor(locale))
    // The API client is loaded only then: a visitor's landing page does without it.
    if (signedIn)
      await import('@/lib/api').then(({ api }) => api('PATCH /api/users/me/settings', { body: { locale } })).catch(() => setError(t('language.notSaved')))
  }

  return (
    <div className={`${styles.picker} ${className ?? ''}`}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select id={id} value={choice} onChange={(event) => void choose(event.target.value as Locale | '')}>
        <option value="">{t('language.automatic')}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </div>
  )
}
