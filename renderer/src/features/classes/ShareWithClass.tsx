import { useState } from 'react'
import { sharingBridge, useDesktopSharing } from './desktop-sharing'
import styles from './Classes.module.css'

/**
 * The desktop app's "Share with my class" (README "Sharing with your class"): starts or stops
 * serving the app on the local network and, while on, shows the address students open. Starting
 * asks for a native confirmation; the QR code is in the desktop's own window. Nothing in a browser.
 */
export function ShareWithClass() {
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
      setError('Sharing could not be changed. Try again from the File menu.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="share-heading">
      <h2 id="share-heading">Share with my class</h2>
      <p className="muted">
        Students on the same network open the address below in their browser. It is plain HTTP, not encrypted: share only on a network you trust and stop when
        the lesson ends.
      </p>
      {status?.sharing && status.url && (
        <p role="status">
          Sharing on <strong className={styles.code}>{status.url}</strong>
        </p>
      )}
      <div className={styles.row}>
        <button type="button" className={status?.sharing ? 'button button-secondary' : 'button'} disabled={busy || !status} onClick={() => void toggle()}>
          {status?.sharing ? 'Stop Sharing' : 'Share with my class'}
        </button>
      </div>
      {error && (
        <p className="alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
