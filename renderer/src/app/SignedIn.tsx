import { useEffect } from 'react'
import { isLocale } from '#shared/i18n/locales'
import { SessionManager } from '@/features/auth/SessionManager'
import { useMySettings, useTimeZoneGuess } from '@/features/review'
import { activateLocale, currentLocale, localeFor, readLocaleChoice, storeLocaleChoice } from '@/lib/i18n'

/**
 * A signed-in student's language is their `locale` setting (issue 30): read once per sign-in, kept
 * on the device (the next visit's first paint is in it) and shown at once.
 */
function useUserLocale(): void {
  const settings = useMySettings()
  const chosen = settings.state === 'ready' ? (isLocale(settings.data.locale) ? settings.data.locale : null) : undefined
  useEffect(() => {
    if (chosen === undefined) return
    if (chosen !== readLocaleChoice()) storeLocaleChoice(chosen)
    const locale = localeFor(chosen)
    if (locale !== currentLocale()) void activateLocale(locale)
  }, [chosen])
}

/** What the shell runs once someone has signed in (Layout loads it then). */
export function SignedIn() {
  // A student's first sign-in on this device sets their time zone from the browser's (issue 31).
  useTimeZoneGuess()
  useUserLocale()
  return <SessionManager />
}
