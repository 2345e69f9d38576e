/**
 * A text file's bytes as a string, whatever its encoding: a byte-order mark decides (UTF-8,
 * UTF-16 LE or BE); without one, UTF-16 is recognised by its zero bytes, valid UTF-8 is UTF-8,
 * and anything else is read as Windows-1252 (what spreadsheet programs on Windows write).
 */

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252'

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncodingName; bomLength: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 }
  const sample = bytes.subarray(0, 4096)
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? evenZeros++ : oddZeros++
  const pairs = Math.floor(sample.length / 2)
  // Latin text in UTF-16 has a zero in nearly every other byte.
  if (pairs > 0 && oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return { encoding: 'utf-16le', bomLength: 0 }
  if (pairs > 0 && evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return { encoding: 'utf-16be', bomLength: 0 }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return { encoding: 'utf-8', bomLength: 0 }
  } catch {
    return { encoding: 'windows-1252', bomLength: 0 }
  }
}

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  const { encoding, bomLength } = detectEncoding(bytes)
  return { text: new TextDecoder(encoding).decode(bytes.subarray(bomLength)), encoding }
}
