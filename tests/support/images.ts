import { deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** Pictures the tests make themselves: every accepted type, and the files that must be refused. */

export const solid = (width: number, height: number, colour = '#3366cc') => sharp({ create: { width, height, channels: 3, background: colour } })

export const pngImage = (width = 64, height = 48) => solid(width, height).png().toBuffer()
export const jpegImage = (width = 64, height = 48) => solid(width, height).jpeg().toBuffer()
export const webpImage = (width = 64, height = 48) => solid(width, height).webp().toBuffer()
export const gifImage = (width = 64, height = 48) => solid(width, height).gif().toBuffer()

/** A three-frame GIF (red, green, blue), 10 × 30 each. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff'].map((colour) => solid(10, 30, colour).png().toBuffer()))
  return sharp(frames, { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100, 100] })
    .toBuffer()
}

/** A JPEG with a camera make and a GPS position in its EXIF. */
export const jpegWithGps = () =>
  solid(80, 40)
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Copyright: 'Secret Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 600/100' },
    })
    .toBuffer()

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825, in either byte order). */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/**
 * A decompression bomb: a valid 1-bit greyscale PNG of `size` × `size` one-colour pixels, a few
 * tens of kilobytes on disk and 400 megapixels decoded. Built by hand: sharp takes most of a
 * minute to encode one this size, zlib a fraction of a second.
 */
export function pngBomb(size = 20_000): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // greyscale
  const rowBytes = 1 + Math.ceil(size / 8) // filter byte + pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * size), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A text file someone renamed to picture.png. */
export const renamedText = () => Buffer.from('Just some notes, saved as picture.png.\nNothing to see here.\n')

/** A GIF header followed by a page with a script: a "GIFAR"-style polyglot. */
export const gifHeaderWithHtml = () =>
  Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'), Buffer.from('<html><script>alert(document.cookie)</script></html>')])

/** A valid PNG with a zip archive appended (a file that is both). */
export async function pngWithZip(): Promise<Buffer> {
  const zipLocalHeader = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('payload.js'), Buffer.from('alert(1)')])
  const zipEnd = Buffer.concat([Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)])
  return Buffer.concat([await pngImage(), zipLocalHeader, zipEnd])
}

/** A complete, valid GIF with a script after its trailer. */
export async function gifWithTrailingScript(): Promise<Buffer> {
  return Buffer.concat([await gifImage(8, 8), Buffer.from('<script>alert(1)</script>')])
}

/** A PNG with a script in a text chunk, before IEND (structurally valid). */
export async function pngWithScriptChunk(): Promise<Buffer> {
  const png = await pngImage()
  const iend = png.length - 12
  const text = pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1'))
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend)])
}
