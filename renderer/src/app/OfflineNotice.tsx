import { useSyncExternalStore } from 'react'
import styles from './OfflineNotice.module.css'

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

const isOffline = () => !navigator.onLine

/** Shown while the browser is offline: the app shell still works, data waits for the network. */
export function OfflineNotice() {
  const offline = useSyncExternalStore(subscribe, isOffline, () => false)
  if (!offline) return null
  return (
    <p className={styles.notice} role="status">
      You are offline. Pages you have opened still work; new data will load when you are back online.
    </p>
  )
}
