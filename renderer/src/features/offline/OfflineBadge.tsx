import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { SYNCED_NOTICE_MS } from '#shared/limits'
import { offlineMessages } from '#shared/messages'
import { CheckIcon, CloudOffIcon } from '@/components/icons'
import { offlineStatusStore, startOfflineSync } from './offline-sync'
import styles from './OfflineBadge.module.css'

/** The answers-waiting line: "1 answer waiting to sync", "N answers waiting to sync". */
export function waitingText(count: number): string {
  return `${count} ${count === 1 ? 'answer' : 'answers'} waiting to sync`
}

/**
 * In the header: "Offline" while the browser is, how many answers wait to be sent, and for a few
 * seconds once the last of them went through, "All answers synced" (an icon on a phone).
 */
export function OfflineBadge() {
  useEffect(() => startOfflineSync(), [])
  const { offline, waiting } = useSyncExternalStore(offlineStatusStore.subscribe, offlineStatusStore.get, offlineStatusStore.get)
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

  if (!offline && waiting === 0) {
    if (!synced) return null
    return (
      <span className={styles.badge} role="status" data-testid="offline-badge" title={offlineMessages.synced}>
        <CheckIcon className={styles.icon} />
        <span className={styles.words}>{offlineMessages.synced}</span>
      </span>
    )
  }
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
