import { useEffect, useState } from 'react'

/** What the desktop app's preload bridge says of "Share with my class" (main/preload.ts). */
export interface SharingStatus {
  sharing: boolean
  url?: string
}

interface SharingBridge {
  status(): Promise<SharingStatus>
  start(): Promise<SharingStatus>
  stop(): Promise<SharingStatus>
  onChange(listener: (status: SharingStatus) => void): () => void
}

/** The bridge, only inside the desktop app (a browser has no `window.cardwiseDesktop`). */
export function sharingBridge(): SharingBridge | undefined {
  if (typeof window === 'undefined') return undefined
  return (window as { cardwiseDesktop?: { sharing?: SharingBridge } }).cardwiseDesktop?.sharing
}

/** The sharing state, kept current from the bridge (the File menu can change it too). */
export function useDesktopSharing(bridge: SharingBridge | undefined) {
  const [status, setStatus] = useState<SharingStatus | null>(null)
  useEffect(() => {
    if (!bridge) return
    let active = true
    void bridge
      .status()
      .then((current) => active && setStatus(current))
      .catch(() => undefined)
    const stop = bridge.onChange((next) => setStatus(next))
    return () => {
      active = false
      stop()
    }
  }, [bridge])
  return [status, setStatus] as const
}
