import { useSyncExternalStore } from 'react'
import { connectivity } from '@/lib/connectivity'
import { useT } from '@/lib/i18n'
import styles from './OfflineNotice.module.css'

/** Shown while the app cannot reach the server: the app shell still works, data waits for the network. */
export function OfflineNotice() {
  const t = useT()
  const offline = useSyncExternalStore(connectivity.subscribe, connectivity.isOffline, () => false)
  if (!offline) return null
  return (
    <p className={styles.notice} role="status">
      {t('shell.offline')}
    </p>
  )
}
