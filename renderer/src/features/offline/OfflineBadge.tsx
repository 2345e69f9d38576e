import { useEffect, useSyncExternalStore } from 'react'
import { CloudOffIcon } from '@/components/icons'
import { offlineStatusStore, startOfflineSync } from './offline-sync'
import styles from './OfflineBadge.module.css'

/** The answers-waiting line: "1 answer waiting to sync", "N answers waiting to sync". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'answer' : 'answers'} waiting to sync`
}

/** In the header: "Offline" while the browser is, and how many answers wait to be sent (an icon on a phone). */
export function OfflineBadge() {
  useEffect(() => startOfflineSync(), [])
  const { offline, waiting } = useSyncExternalStore(offlineStatusStore.subscribe, offlineStatusStore.get, offlineStatusStore.get)
  if (!offline && waiting === 0) return null
  return (
    <span
      className={styles.badge}
      role="status"
      data-testid="offline-badge"
      title={[offline ? 'Offline' : '', waiting > 0 ? waitingText(waiting) : ''].filter(Boolean).join(' · ')}
    >
      {/* On a phone the pill is the icon; its words stay for screen readers. */}
      <CloudOffIcon className={styles.icon} />
      <span className={styles.words}>
        {offline && <strong>Offline</strong>}
        {waiting > 0 && <span>{waitingText(waiting)}</span>}
      </span>
    </span>
  )
}
