/**
 * Tiny recordings of each container POST /api/media takes, written byte by byte (no encoder is
 * needed: the server reads containers, not sound). Each is silence of the length asked for.
 */

const ascii = (text: string) => new TextEncoder().encode(text)

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function u16le(value: number): Uint8Array {
  return new Uint8Array([value & 0xff, (value >> 8) & 0xff])
}
function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value, true)
  return out
}
function u32be(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value, false)
  return out
}

/** PCM WAV, 8 kHz mono 16-bit: `seconds` of silence (plus `salt` in the first sample, so two files differ). */
export function wavAudio(seconds: number, salt = 0): Uint8Array {
  const rate = 8000
  const samples = Math.round(rate * seconds)
  const data = new Uint8Array(samples * 2)
  data[0] = salt & 0xff
  const fmt = concat([ascii('fmt '), u32le(16), u16le(1), u16le(1), u32le(rate), u32le(rate * 2), u16le(2), u16le(16)])
  return concat([ascii('RIFF'), u32le(4 + fmt.length + 8 + data.length), ascii('WAVE'), fmt, ascii('data'), u32le(data.length), data])
}

/** MPEG-1 Layer III, 32 kbit/s, 44.1 kHz mono: frames of silence (1152 samples each). */
export function mp3Audio(seconds: number, salt = 0): Uint8Array {
  const frames = Math.max(1, Math.round((seconds * 44_100) / 1152))
  const frameSize = Math.floor((144 * 32_000) / 44_100)
  const frame = new Uint8Array(frameSize)
  frame.set([0xff, 0xfb, 0x10, 0xc4])
  const out = new Uint8Array(frames * frameSize)
  for (let i = 0; i < frames; i++) out.set(frame, i * frameSize)
  out[frameSize - 1] = salt & 0xff
  return out
}

const OGG_CRC = (() => {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
})()

function oggPage(data: Uint8Array, options: { granule: number; sequence: number; flags: number }): Uint8Array {
  const segments: number[] = []
  let left = data.length
  while (left >= 255) {
    segments.push(255)
    left -= 255
  }
  segments.push(left)
  const header = new Uint8Array(27 + segments.length)
  const view = new DataView(header.buffer)
  header.set(ascii('OggS'))
  header[5] = options.flags
  view.setBigUint64(6, BigInt(options.granule), true)
  view.setUint32(14, 0x0c0ffee, true)
  view.setUint32(18, options.sequence, true)
  header[26] = segments.length
  header.set(segments, 27)
  const page = concat([header, data])
  let crc = 0
  for (const byte of page) crc = ((crc << 8) ^ (OGG_CRC[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0
  new DataView(page.buffer).setUint32(22, crc, true)
  return page
}

const OPUS_HEAD = concat([ascii('OpusHead'), new Uint8Array([1, 1]), u16le(312), u32le(48_000), u16le(0), new Uint8Array([0])])

/** Ogg Opus: the two header pages and one page of 20 ms silent packets, its granule giving the length. */
export function oggAudio(seconds: number, salt = 0): Uint8Array {
  const tags = concat([ascii('OpusTags'), u32le(4), ascii('test'), u32le(0)])
  const packets = Math.max(1, Math.round(seconds * 50))
  // One-byte packets (TOC 0xf8: CELT, 20 ms, mono): lacing values of 1 each, at most 255 per page.
  const pages: Uint8Array[] = [oggPage(OPUS_HEAD, { granule: 0, sequence: 0, flags: 2 }), oggPage(tags, { granule: 0, sequence: 1, flags: 0 })]
  let written = 0
  let sequence = 2
  while (written < packets) {
    const count = Math.min(200, packets - written)
    written += count
    const header = new Uint8Array(27 + count)
    header.fill(1, 27)
    const body = new Uint8Array(count).fill(0xf8)
    if (written === count) body[0] = 0xf8 | (salt & 0x03)
    // Built by hand: each packet is its own segment.
    const page = concat([header, body])
    page.set(ascii('OggS'))
    page[5] = written === packets ? 4 : 0
    const view = new DataView(page.buffer)
    view.setBigUint64(6, BigInt(written * 960 + 312), true)
    view.setUint32(14, 0x0c0ffee, true)
    view.setUint32(18, sequence++, true)
    page[26] = count
    let crc = 0
    for (const byte of page) crc = ((crc << 8) ^ (OGG_CRC[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0
    view.setUint32(22, crc, true)
    pages.push(page)
  }
  return concat(pages)
}

/** An EBML element: its id's bytes, its size as an 8-byte vint (or unknown), its body. */
function ebml(id: number[], body: Uint8Array | null): Uint8Array {
  const size = new Uint8Array(8)
  if (body === null) size.set([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
  else {
    size[0] = 0x01
    new DataView(size.buffer).setUint32(4, body.length, false)
  }
  return concat([new Uint8Array(id), size, body ?? new Uint8Array()])
}
const ebmlUint = (id: number[], value: number) => ebml(id, u32be(value))
function ebmlFloat(id: number[], value: number): Uint8Array {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setFloat64(0, value, false)
  return ebml(id, out)
}

/**
 * WebM with one Opus track, as Chromium's MediaRecorder writes it: the segment and clusters of
 * unknown size and, unless `withDuration`, no Duration in the segment's Info (the length is then
 * read from the blocks' timecodes).
 */
export function webmAudio(seconds: number, options: { salt?: number; withDuration?: boolean; video?: boolean } = {}): Uint8Array {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    concat([ebmlUint([0x42, 0x86], 1), ebmlUint([0x42, 0xf7], 1), ebml([0x42, 0x82], ascii('webm')), ebmlUint([0x42, 0x87], 4), ebmlUint([0x42, 0x85], 2)]),
  )
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    concat([
      ebmlUint([0x2a, 0xd7, 0xb1], 1_000_000),
      ebml([0x4d, 0x80], ascii('test')),
      ebml([0x57, 0x41], ascii('test')),
      ...(options.withDuration ? [ebmlFloat([0x44, 0x89], seconds * 1000)] : []),
    ]),
  )
  const audioTrack = ebml(
    [0xae],
    concat([
      ebmlUint([0xd7], 1),
      ebmlUint([0x73, 0xc5], 1),
      ebmlUint([0x83], 2),
      ebml([0x86], ascii('A_OPUS')),
      ebml([0x63, 0xa2], OPUS_HEAD),
      ebml([0xe1], concat([ebmlFloat([0xb5], 48_000), ebmlUint([0x9f], 1)])),
    ]),
  )
  const videoTrack = ebml(
    [0xae],
    concat([
      ebmlUint([0xd7], 2),
      ebmlUint([0x73, 0xc5], 2),
      ebmlUint([0x83], 1),
      ebml([0x86], ascii('V_VP8')),
      ebml([0xe0], concat([ebmlUint([0xb0], 16), ebmlUint([0xba], 16)])),
    ]),
  )
  const tracks = ebml([0x16, 0x54, 0xae, 0x6b], concat([audioTrack, ...(options.video ? [videoTrack] : [])]))
  // Clusters of 1 s each; blocks every 20 ms, their timecodes relative to the cluster's.
  const clusters: Uint8Array[] = []
  const totalMs = Math.round(seconds * 1000)
  for (let start = 0; start < totalMs; start += 1000) {
    const blocks: Uint8Array[] = [ebmlUint([0xe7], start)]
    for (let at = 0; at < 1000 && start + at < totalMs; at += 20) {
      const body = new Uint8Array([0x81, (at >> 8) & 0xff, at & 0xff, 0x80, 0xf8 | ((options.salt ?? 0) & 0x03)])
      blocks.push(ebml([0xa3], body))
    }
    clusters.push(ebml([0x1f, 0x43, 0xb6, 0x75], null), concat(blocks))
  }
  return concat([header, ebml([0x18, 0x53, 0x80, 0x67], null), info, tracks, ...clusters])
}

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const body = concat(parts)
  return concat([u32be(8 + body.length), ascii(type), body])
}
const fullBox = (type: string, version: number, ...parts: Uint8Array[]) => box(type, new Uint8Array([version, 0, 0, 0]), ...parts)
const zeros = (length: number) => new Uint8Array(length)

/** MP4 audio (M4A): a movie header with the length, one sound track with an AAC sample entry, no samples. */
export function mp4Audio(seconds: number, salt = 0): Uint8Array {
  const timescale = 1000
  const duration = Math.round(seconds * timescale)
  const matrix = concat([u32be(0x10000), zeros(12), u32be(0x10000), zeros(12), u32be(0x40000000)])
  const mvhd = fullBox('mvhd', 0, u32be(0), u32be(0), u32be(timescale), u32be(duration), u32be(0x10000), u16le(1), zeros(10), matrix, zeros(24), u32be(2))
  const tkhd = fullBox(
    'tkhd',
    0,
    u32be(0),
    u32be(0),
    u32be(1),
    u32be(0),
    u32be(duration),
    zeros(8),
    zeros(4),
    new Uint8Array([1, 0]),
    zeros(2),
    matrix,
    u32be(0),
    u32be(0),
  )
  const mdhd = fullBox('mdhd', 0, u32be(0), u32be(0), u32be(44_100), u32be(Math.round(seconds * 44_100)), new Uint8Array([0x55, 0xc4, 0, 0]))
  const hdlr = fullBox('hdlr', 0, u32be(0), ascii('soun'), zeros(12), ascii('SoundHandler\0'))
  const mp4a = box('mp4a', zeros(6), new Uint8Array([0, 1]), zeros(8), new Uint8Array([0, 1, 0, 16]), zeros(4), u32be(44_100 << 16))
  const stsd = fullBox('stsd', 0, u32be(1), mp4a)
  const stbl = box(
    'stbl',
    stsd,
    fullBox('stts', 0, u32be(0)),
    fullBox('stsc', 0, u32be(0)),
    fullBox('stsz', 0, u32be(0), u32be(0)),
    fullBox('stco', 0, u32be(0)),
  )
  const minf = box('minf', fullBox('smhd', 0, zeros(4)), stbl)
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf))
  const free = box('free', new Uint8Array([salt & 0xff]))
  return concat([box('ftyp', ascii('M4A '), u32be(0), ascii('M4A '), ascii('mp42'), ascii('isom')), box('moov', mvhd, trak), free])
}
