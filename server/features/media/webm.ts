/**
 * What the server needs of a WebM file, read from its EBML elements: its document type, whether it
 * has audio and video tracks, and how long it plays. A general parser is not enough here:
 * Chromium's MediaRecorder writes the segment and its clusters with an unknown size and no
 * Duration, so the length is the latest block's time (or the Duration, when it says more).
 */

export interface WebmSummary {
  docType: string | null
  hasAudio: boolean
  hasVideo: boolean
  /** Null when neither a Duration nor any block gives a time. */
  durationMs: number | null
}

/** Masters walked into (their children are read at their level): EBML, Segment, Info, Tracks, TrackEntry, Cluster, BlockGroup. */
const MASTERS = new Set([0x1a45dfa3, 0x18538067, 0x1549a966, 0x1654ae6b, 0xae, 0x1f43b675, 0xa0])
const DOC_TYPE = 0x4282
const TIMECODE_SCALE = 0x2ad7b1
const DURATION = 0x4489
const TRACK_TYPE = 0x83
const CLUSTER_TIMECODE = 0xe7
const SIMPLE_BLOCK = 0xa3
const BLOCK = 0xa1

export class WebmError extends Error {}

/** A variable-length integer at `at`: its value (marker bit removed unless `keepMarker`), its length, and whether it is all ones (unknown size). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = bytes[at]
  if (first === undefined || first === 0) throw new WebmError('bad element')
  const length = Math.clz32(first) - 23
  if (at + length > bytes.length) throw new WebmError('truncated')
  let value = keepMarker ? first : first & (0xff >> length)
  let allOnes = value === 0xff >> length
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i] ?? 0
    value = value * 256 + byte
    if (byte !== 0xff) allOnes = false
  }
  return { value, length, unknown: !keepMarker && allOnes }
}

function uint(bytes: Uint8Array, start: number, size: number): number {
  let value = 0
  for (let i = 0; i < size; i++) value = value * 256 + (bytes[start + i] ?? 0)
  return value
}

export function readWebm(bytes: Uint8Array): WebmSummary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const summary: WebmSummary = { docType: null, hasAudio: false, hasVideo: false, durationMs: null }
  let scale = 1_000_000
  let declared: number | null = null
  let clusterTime = 0
  let latestBlock: number | null = null
  let at = 0
  if (uint(bytes, 0, 4) !== 0x1a45dfa3) throw new WebmError('not EBML')
  while (at < bytes.length) {
    let id: ReturnType<typeof vint>
    let size: ReturnType<typeof vint>
    try {
      id = vint(bytes, at, true)
      size = vint(bytes, at + id.length, false)
    } catch (error) {
      // A recording cut short at its very end still has what came before.
      if (summary.docType !== null && error instanceof WebmError) break
      throw error
    }
    const start = at + id.length + size.length
    if (MASTERS.has(id.value)) {
      at = start
      continue
    }
    if (size.unknown) throw new WebmError('unknown size')
    const end = start + size.value
    if (end > bytes.length) break
    if (id.value === DOC_TYPE) summary.docType = new TextDecoder().decode(bytes.subarray(start, end)).replace(/\0+$/, '')
    else if (id.value === TIMECODE_SCALE) scale = uint(bytes, start, size.value)
    else if (id.value === DURATION && (size.value === 4 || size.value === 8)) {
      declared = size.value === 4 ? view.getFloat32(start) : view.getFloat64(start)
    } else if (id.value === TRACK_TYPE) {
      const type = uint(bytes, start, size.value)
      if (type === 2) summary.hasAudio = true
      if (type === 1) summary.hasVideo = true
    } else if (id.value === CLUSTER_TIMECODE) clusterTime = uint(bytes, start, size.value)
    else if ((id.value === SIMPLE_BLOCK || id.value === BLOCK) && size.value >= 3) {
      const track = vint(bytes, start, false)
      const relative = view.getInt16(start + track.length)
      latestBlock = Math.max(latestBlock ?? 0, clusterTime + relative)
    }
    at = end
  }
  const ticks = Math.max(declared ?? 0, latestBlock ?? 0)
  summary.durationMs = declared === null && latestBlock === null ? null : Math.round((ticks * scale) / 1_000_000)
  return summary
}
