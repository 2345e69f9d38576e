import { useState, useSyncExternalStore } from 'react'
import { applyUpdate, isUpdateWaiting, subscribeToUpdates } from '@/lib/service-worker'
import { useT } from '@/lib/i18n'
import styles from './UpdatePrompt.module.css'

/** 'A new version is available': reloads into it on request, so nobody stays on a stale version. */
export function UpdatePrompt() {
  const t = useT()
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, () => false)
  const [dismissed, setDismissed] = useState(false)
  if (!waiting || dismissed) return null

  return (
    <div className={styles.prompt} role="region" aria-label={t('update.label')}>
      <p className={styles.text} role="status">
        {t('update.available')}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={applyUpdate}>
          {t('update.reload')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => setDismissed(true)}>
          {t('update.notNow')}
        </button>
      </div>
    </div>
  )
}
