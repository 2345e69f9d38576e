import { useState } from 'react'
import { sharingBridge, useDesktopSharing } from './desktop-sharing'
import styles from './Classes.module.css'
import { FormError } from '@/components/FormError'
import { T, useT } from '@/lib/i18n'

/**
 * The desktop app's "Share with my class" (README "Sharing with your class"): starts or stops
 * serving the app on the local network and, while on, shows the address students open. Starting
 * asks for a native confirmation; the QR code is in the desktop's own window. Nothing in a browser.
 */
export function ShareWithClass() {
  const t = useT()
  const [bridge] = useState(sharingBridge)
  const [status, setStatus] = useDesktopSharing(bridge)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  if (!bridge) return null

  const toggle = async () => {
    setBusy(true)
    setError('')
    try {
      setStatus(await (status?.sharing ? bridge.stop() : bridge.start()))
    } catch {
      setError(t('classes.share.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="share-heading">
      <h2 id="share-heading">{t('classes.share.title')}</h2>
      <p className="muted">{t('classes.share.text')}</p>
      {status?.sharing && status.url && (
        <p role="status">
          <T id="classes.share.on" values={{ url: status.url }} components={{ 0: <strong className={styles.code} /> }} />
        </p>
      )}
      <div className={styles.row}>
        <button type="button" className={status?.sharing ? 'button button-secondary' : 'button'} disabled={busy || !status} onClick={() => void toggle()}>
          {status?.sharing ? t('classes.share.stop') : t('classes.share.title')}
        </button>
      </div>
      <FormError message={error} />
    </section>
  )
}
