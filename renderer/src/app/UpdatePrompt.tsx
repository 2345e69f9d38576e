import { useState, useSyncExternalStore } from 'react'
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from '@/lib/service-worker'
import styles from './UpdatePrompt.module.css'

/** 'A new version is available': reloads into it on request, so nobody stays on a stale version. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false)
  const [dismissed, setDismissed] = useState(false)
  if (!waiting || dismissed) return null

  return (
    <div className={styles.prompt} role="region" aria-label="App update">
      <p className={styles.text} role="status">
        A new version of Cardwise is available.
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={applyUpdate}>
          Reload
        </button>
        <button type="button" className="button button-secondary" onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
    </div>
  )
}
