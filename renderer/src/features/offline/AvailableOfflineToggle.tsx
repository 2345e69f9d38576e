import { useEffect, useState } from 'react'
import { useAuth } from '@/features/auth'
import { useT } from '@/lib/i18n'
import { markAvailableOffline, readOfflineSet } from './offline-sync'

/**
 * "Available offline" on a set's page: a marked set stays on the device whatever else is opened
 * (otherwise only the 20 opened last stay). Enabled once the set is kept (it is read in the background).
 */
export function AvailableOfflineToggle({ setId }: { setId: string }) {
  const t = useT()
  const signedIn = useAuth() !== null
  const [pinned, setPinned] = useState<boolean | null>(null)

  useEffect(() => {
    if (!signedIn) return
    let stopped = false
    let tries = 0
    const read = async () => {
      const kept = await readOfflineSet(setId)
      if (stopped) return
      if (kept) setPinned(kept.pinned)
      else if (++tries < 10) setTimeout(() => void read(), 1000)
    }
    void read()
    return () => {
      stopped = true
    }
  }, [setId, signedIn])

  if (!signedIn) return null
  const toggle = async (next: boolean) => {
    setPinned(next)
    await markAvailableOffline(setId, next).catch(() => setPinned(!next))
  }
  return (
    <label>
      <input type="checkbox" checked={pinned ?? false} disabled={pinned === null} onChange={(event) => void toggle(event.target.checked)} />{' '}
      {t('offline.available')}
    </label>
  )
}
