import { useEffect, useSyncExternalStore } from 'react'
import { offlineStatusStore, startOfflineSync } from './offline-sync'
import styles from './OfflineBadge.module.css'

/** The answers-waiting line: "1 answer waiting to sync", "N answers waiting to sync". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'answer' : 'answers'} waiting to sync`
}

/** In the header: "Offline" while the browser is, and how many answers wait to be sent. */
export function OfflineBadge() {
  useEffect(() => startOfflineSync(), [])
  const { offline, waiting } = useSyncExternalStore(offlineStatusStore.subscribe, offlineStatusStore.get, offlineStatusStore.get)
  if (!offline && waiting === 0) return null
  return (
    <span className={styles.badge} role="status" data-testid="offline-badge">
      {offline && <strong>Offline</strong>}
      {waiting > 0 && <span>{waitingText(waiting)}</span>}
    </span>
  )
}
