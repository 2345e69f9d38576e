import { useSyncExternalStore } from 'react'
import { connectivity } from '@/lib/connectivity'
import styles from './OfflineNotice.module.css'

/** Shown while the app cannot reach the server: the app shell still works, data waits for the network. */
export function OfflineNotice() {
  const offline = useSyncExternalStore(connectivity.subscribe, connectivity.isOffline, () => false)
  if (!offline) return null
  return (
    <p className={styles.notice} role="status">
      You are offline. Pages you have opened still work; new data will load when you are back online.
    </p>
  )
}
