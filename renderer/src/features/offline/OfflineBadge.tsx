import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { SYNCED_NOTICE_MS } from '#shared/limits'
import { CheckIcon, CloudOffIcon } from '@/components/icons'
import { offlineStatusStore, startOfflineSync } from './offline-sync'
import styles from './OfflineBadge.module.css'
import { useShared, useT } from '@/lib/i18n'

/** The note of refused answers loads only when there is one (the landing page's budget). */
const RefusedAnswersNotice = lazy(() => import('./RefusedAnswersNotice').then((m) => ({ default: m.RefusedAnswersNotice })))

/**
 * In the header: how many answers wait to be sent, and for a few seconds once the last of them went
 * through, "All answers synced" (an icon on a phone). Being offline is said once, by the layout's
 * offline notice (issue 31: one offline banner, not two), not here.
 */
export function OfflineBadge() {
  useEffect(() => startOfflineSync(), [])
  const { offline, waiting, refused } = useSyncExternalStore(offlineStatusStore.subscribe, offlineStatusStore.get, offlineStatusStore.get)
  return (
    <>
      <SyncPill offline={offline} waiting={waiting} refused={refused.length > 0} />
      {refused.length > 0 && (
        <Suspense fallback={null}>
          <RefusedAnswersNotice refused={refused} />
        </Suspense>
      )}
    </>
  )
}

function SyncPill({ offline, waiting, refused }: { offline: boolean; waiting: number; refused: boolean }) {
  const t = useT()
  const offlineMessages = useShared('offlineMessages')
  const [synced, setSynced] = useState(false)
  const waited = useRef(waiting)
  useEffect(() => {
    const before = waited.current
    waited.current = waiting
    if (before > 0 && waiting === 0 && !offline) setSynced(true)
  }, [waiting, offline])
  useEffect(() => {
    if (!synced) return
    const timer = setTimeout(() => setSynced(false), SYNCED_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [synced])

  if (waiting === 0) {
    // Not "All answers synced" beside the note of answers that could not be saved.
    if (!synced || offline || refused) return null
    return (
      <span className={styles.badge} role="status" data-testid="offline-badge" title={offlineMessages.synced}>
        <CheckIcon className={styles.icon} />
        <span className={styles.words}>{offlineMessages.synced}</span>
      </span>
    )
  }
  // The answers-waiting line: "1 answer waiting to sync", "N answers waiting to sync".
  const waitingText = t('offline.waiting', { count: waiting })
  return (
    <span className={styles.badge} role="status" data-testid="offline-badge" title={waitingText}>
      {/* On a phone the pill is the icon; its words stay for screen readers. */}
      <CloudOffIcon className={styles.icon} />
      <span className={styles.words}>{waitingText}</span>
    </span>
  )
}
