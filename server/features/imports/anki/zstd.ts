import { Decompress } from 'fzstd'

export class ZstdLimitError extends Error {}

/** zstd's frame magic number, little-endian: 28 B5 2F FD. */
export function isZstd(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd
}

const CHUNK = 64 * 1024

/**
 * fzstd allocates the frame's window (or, for a single-segment frame, its declared content size)
 * up front: a 10-byte header could ask for 2 GB. Both are checked against the limit first.
 */
function checkFrameHeader(bytes: Uint8Array, maxBytes: number): void {
  if (!isZstd(bytes) || bytes.length < 6) throw new Error('not zstd data')
  const flags = bytes[4] as number
  const singleSegment = (flags >> 5) & 1
  const contentSizeFlag = flags >> 6
  const dictionaryBytes = [0, 1, 2, 4][flags & 3] as number
  let at = 5
  let window = 0
  if (!singleSegment) {
    const descriptor = bytes[at] as number
    const base = 2 ** (10 + (descriptor >> 3))
    window = base + (base / 8) * (descriptor & 7)
    at += 1
  }
  at += dictionaryBytes
  const sizeBytes = contentSizeFlag ? 2 ** contentSizeFlag : singleSegment
  let contentSize = 0
  for (let i = sizeBytes - 1; i >= 0; i--) contentSize = contentSize * 256 + (bytes[at + i] ?? 0)
  if (contentSizeFlag === 1) contentSize += 256
  if (Math.max(window, contentSize) > maxBytes) throw new ZstdLimitError(`more than ${maxBytes} bytes once decompressed`)
}

/**
 * Decompresses zstd data, refusing to produce more than `maxBytes`: the frame's declared size is
 * not trusted (a frame may omit it or lie), so the output is counted as it streams out.
 */
export function decompressZstd(bytes: Uint8Array, maxBytes: number): Uint8Array {
  checkFrameHeader(bytes, maxBytes)
  const chunks: Uint8Array[] = []
  let total = 0
  const stream = new Decompress((chunk) => {
    total += chunk.length
    if (total > maxBytes) throw new ZstdLimitError(`more than ${maxBytes} bytes once decompressed`)
    chunks.push(chunk.slice())
  })
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const end = Math.min(at + CHUNK, bytes.length)
    stream.push(bytes.subarray(at, end), end === bytes.length)
  }
  if (bytes.length === 0) throw new Error('empty zstd data')
  const out = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.length
  }
  return out
}
