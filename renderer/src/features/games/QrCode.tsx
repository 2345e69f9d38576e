import QRCode from 'qrcode'
import { useMemo } from 'react'

/**
 * A QR code drawn as one SVG path (the qrcode library the desktop app draws its sharing code
 * with; here its matrix, so no image or canvas is needed and it stays sharp on a projector).
 */
export function QrCode({ text, label, size = 240 }: { text: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
    const parts: string[] = []
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) parts.push(`M${col + 2} ${row + 2}h1v1h-1z`)
    }
    return { path: parts.join(''), count: modules.size + 4 }
  }, [text])
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${count} ${count}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
