/**
 * Reads the container structure of PNG, JPEG, GIF and WebP files without decoding a pixel: the
 * type (from the magic number, never from a name or a header), the dimensions in the header, and
 * where the image ends. Bytes after the end (a zip, HTML, a script) make a polyglot: a file that
 * is an image to one program and something else to another.
 */

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp'

export interface ImageStructure {
  format: ImageFormat
  width: number
  height: number
  /** Offset just past the image's last byte (PNG IEND, JPEG EOI, GIF trailer, the RIFF size). */
  end: number
}

/** Why the bytes are not a well-formed image of one of the four formats. */
export class ImageStructureError extends Error {
  constructor(
    readonly reason: 'unknown_format' | 'malformed' | 'trailing_data',
    message: string,
  ) {
    super(message)
    this.name = 'ImageStructureError'
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The format named by the file's first bytes, or undefined. */
export function sniffFormat(bytes: Uint8Array): ImageFormat | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.length >= 8 && buffer.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return 'jpeg'
  if (buffer.length >= 6 && (buffer.toString('latin1', 0, 6) === 'GIF87a' || buffer.toString('latin1', 0, 6) === 'GIF89a')) return 'gif'
  if (buffer.length >= 12 && buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP') return 'webp'
  return undefined
}

const malformed = (format: string, detail: string) => new ImageStructureError('malformed', `This ${format} file is damaged (${detail}).`)

/** Reads the structure; throws ImageStructureError for an unknown, damaged or polyglot file. */
export function readImageStructure(bytes: Uint8Array): ImageStructure {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const format = sniffFormat(buffer)
  if (!format) throw new ImageStructureError('unknown_format', 'unknown format')
  const structure = PARSERS[format](buffer)
  if (structure.end < buffer.length) {
    throw new ImageStructureError(
      'trailing_data',
      `This ${format.toUpperCase()} file carries ${buffer.length - structure.end} more bytes after the image (another file hidden in it).`,
    )
  }
  return structure
}

const PARSERS: Record<ImageFormat, (buffer: Buffer) => ImageStructure> = { png: readPng, jpeg: readJpeg, gif: readGif, webp: readWebp }

function readPng(buffer: Buffer): ImageStructure {
  // Chunks: length (4), type (4), data, CRC (4). IHDR comes first; IEND ends the file.
  if (buffer.length < 33 || buffer.toString('latin1', 12, 16) !== 'IHDR') throw malformed('PNG', 'no IHDR header')
  const width = buffer.readUInt32BE(16)
  const height = buffer.readUInt32BE(20)
  let offset = 8
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset)
    const type = buffer.toString('latin1', offset + 4, offset + 8)
    const next = offset + 12 + length
    if (next > buffer.length) throw malformed('PNG', `the ${type} chunk is cut short`)
    if (type === 'IEND') return { format: 'png', width, height, end: next }
    offset = next
  }
  throw malformed('PNG', 'no IEND chunk')
}

/** JPEG markers without a length field: SOI, EOI, RST0-7, TEM. */
const isStandaloneMarker = (marker: number) => marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01
/** Start-of-frame markers (C0-CF except DHT C4, JPG C8, DAC CC): they carry the dimensions. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc

function readJpeg(buffer: Buffer): ImageStructure {
  let width = 0
  let height = 0
  let offset = 2
  while (offset + 1 < buffer.length) {
    if (buffer[offset] !== 0xff) throw malformed('JPEG', `no marker at byte ${offset}`)
    const marker = buffer[offset + 1] ?? 0
    if (marker === 0xff) {
      offset += 1 // fill byte
      continue
    }
    if (marker === 0xd9) {
      if (width === 0 || height === 0) throw malformed('JPEG', 'no frame header')
      return { format: 'jpeg', width, height, end: offset + 2 }
    }
    if (isStandaloneMarker(marker)) {
      offset += 2
      continue
    }
    if (offset + 4 > buffer.length) break
    const length = buffer.readUInt16BE(offset + 2)
    if (length < 2 || offset + 2 + length > buffer.length) throw malformed('JPEG', 'a segment is cut short')
    if (isStartOfFrame(marker)) {
      if (length < 7) throw malformed('JPEG', 'a short frame header')
      height = buffer.readUInt16BE(offset + 5)
      width = buffer.readUInt16BE(offset + 7)
    }
    offset += 2 + length
    if (marker === 0xda) offset = skipEntropyCodedData(buffer, offset)
  }
  throw malformed('JPEG', 'no end-of-image marker')
}

/** After a scan header: the offset of the next marker (a 0xFF not followed by a stuffed 0x00 or a restart marker). */
function skipEntropyCodedData(buffer: Buffer, start: number): number {
  let offset = start
  while (offset + 1 < buffer.length) {
    offset = buffer.indexOf(0xff, offset)
    if (offset < 0 || offset + 1 >= buffer.length) break
    const next = buffer[offset + 1] ?? 0
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
      offset += next === 0xff ? 1 : 2
      continue
    }
    return offset
  }
  throw malformed('JPEG', 'the image data is cut short')
}

function readGif(buffer: Buffer): ImageStructure {
  if (buffer.length < 13) throw malformed('GIF', 'no screen descriptor')
  const width = buffer.readUInt16LE(6)
  const height = buffer.readUInt16LE(8)
  const flags = buffer[10] ?? 0
  let offset = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0)
  const skipSubBlocks = () => {
    for (;;) {
      if (offset >= buffer.length) throw malformed('GIF', 'a data block is cut short')
      const size = buffer[offset] ?? 0
      offset += 1 + size
      if (size === 0) return
    }
  }
  while (offset < buffer.length) {
    const introducer = buffer[offset]
    if (introducer === 0x3b) return { format: 'gif', width, height, end: offset + 1 }
    if (introducer === 0x21) {
      offset += 2 // introducer and label
      skipSubBlocks()
    } else if (introducer === 0x2c) {
      if (offset + 10 > buffer.length) throw malformed('GIF', 'an image descriptor is cut short')
      const localFlags = buffer[offset + 9] ?? 0
      offset += 10 + (localFlags & 0x80 ? 3 * 2 ** ((localFlags & 0x07) + 1) : 0)
      offset += 1 // LZW minimum code size
      skipSubBlocks()
    } else {
      throw malformed('GIF', `an unknown block at byte ${offset}`)
    }
  }
  throw malformed('GIF', 'no trailer')
}

function readWebp(buffer: Buffer): ImageStructure {
  // RIFF size counts everything after its own 8 bytes; a chunk of odd size is padded by one byte.
  const riffEnd = 8 + buffer.readUInt32LE(4)
  if (riffEnd > buffer.length) throw malformed('WebP', 'the file is cut short')
  let offset = 12
  let width = 0
  let height = 0
  while (offset + 8 <= riffEnd) {
    const type = buffer.toString('latin1', offset, offset + 4)
    const size = buffer.readUInt32LE(offset + 4)
    const data = offset + 8
    if (data + size > riffEnd) throw malformed('WebP', `the ${type.trim()} chunk is cut short`)
    if (type === 'VP8X' && size >= 10) {
      width = 1 + buffer.readUIntLE(data + 4, 3)
      height = 1 + buffer.readUIntLE(data + 7, 3)
    } else if (type === 'VP8 ' && width === 0 && size >= 10) {
      width = buffer.readUInt16LE(data + 6) & 0x3fff
      height = buffer.readUInt16LE(data + 8) & 0x3fff
    } else if (type === 'VP8L' && width === 0 && size >= 5) {
      const bits = buffer.readUInt32LE(data + 1)
      width = (bits & 0x3fff) + 1
      height = ((bits >> 14) & 0x3fff) + 1
    }
    offset = data + size + (size % 2)
  }
  if (width === 0 || height === 0) throw malformed('WebP', 'no image header')
  return { format: 'webp', width, height, end: riffEnd }
}
