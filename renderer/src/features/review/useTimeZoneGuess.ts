import { useEffect } from 'react'
import { useAuth } from '@/features/auth'
import { reviewApi } from './review-api'
import { useMySettings } from './useMySettings'

const guessedKey = (userId: string) => `cardwise:time-zone-guessed:${userId}`

/**
 * On a student's first sign-in on a device (issue 31): when their time zone is still the default
 * (UTC) and the browser's is another, it becomes theirs (changeable in Profile). Asked once per
 * account and device, so a choice of UTC made in Profile stays.
 */
export function useTimeZoneGuess(): void {
  const userId = useAuth()?.user.id
  // The settings every signed-in page loads anyway (the language): no request of its own.
  const read = useMySettings()
  const settings = read.state === 'ready' ? read.data : null
  const { update } = read
  useEffect(() => {
    if (!userId || !settings || localStorage.getItem(guessedKey(userId)) || guessing.has(userId)) return
    guessing.add(userId)
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    void (async () => {
      try {
        if (settings.timeZone === 'UTC' && browserZone && browserZone !== 'UTC') {
          // The saved settings in place of the loaded ones: the profile shows the guessed zone.
          const saved = await reviewApi.updateSettings({ timeZone: browserZone })
          update(() => saved)
        }
        localStorage.setItem(guessedKey(userId), '1')
      } catch {
        // Asked again on the next sign-in.
      } finally {
        guessing.delete(userId)
      }
    })()
  }, [userId, settings, update])
}

/** The accounts whose guess is being saved (one save each, however often the effect runs). */
const guessing = new Set<string>()
