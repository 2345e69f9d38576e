import { useEffect } from 'react'
import { useAuth } from '@/features/auth'
import { useServerData } from '@/lib/server-data'
import { reviewApi } from './review-api'

const guessedKey = (userId: string) => `cardwise:time-zone-guessed:${userId}`

/**
 * On a student's first sign-in on a device (issue 31): when their time zone is still the default
 * (UTC) and the browser's is another, it becomes theirs (changeable in Profile). Asked once per
 * account and device, so a choice of UTC made in Profile stays.
 */
export function useTimeZoneGuess(): void {
  const userId = useAuth()?.user.id
  const pending = userId !== undefined && !localStorage.getItem(guessedKey(userId))
  const read = useServerData(pending ? `time-zone-guess:${userId}` : null, (signal) => reviewApi.settings(signal))
  const settings = read.state === 'ready' ? read.data : null
  useEffect(() => {
    if (!userId || !settings || localStorage.getItem(guessedKey(userId)) || guessing.has(userId)) return
    guessing.add(userId)
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone
    void (async () => {
      try {
        if (settings.timeZone === 'UTC' && browserZone && browserZone !== 'UTC') await reviewApi.updateSettings({ timeZone: browserZone })
        localStorage.setItem(guessedKey(userId), '1')
      } catch {
        // Asked again on the next sign-in.
      } finally {
        guessing.delete(userId)
      }
    })()
  }, [userId, settings])
}

/** The accounts whose guess is being saved (one save each, however often the effect runs). */
const guessing = new Set<string>()
