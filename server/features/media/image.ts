import sharp, { type Metadata } from 'sharp'
import { type ImageFormat, ImageStructureError, readImageStructure } from './image-structure'
import { mediaMessages } from '#shared/messages'
import { MEDIA_LIMITS } from '#shared/limits'

/**
 * Every picture is decoded and encoded again before it is stored: what is served is pixels sharp
 * wrote, never the bytes that were sent. That drops metadata (EXIF, GPS, comments, colour
 * profiles once converted to sRGB), anything hidden in the file, every frame after the first,
 * and a size past 1600 px on the long side.
 *
 * Output is WebP: every browser Cardwise supports shows it, and it is smaller than PNG and JPEG.
 * Pictures sent as PNG or GIF (diagrams, chemical structures, screenshots, line art: what breaks
 * under lossy compression) are stored lossless; photographs (JPEG, lossy WebP) at quality 82, which
 * is visually the same at card size. A lossless result over 1 MB (a photograph saved as PNG) is
 * encoded lossy at quality 90 as well and the smaller one kept.
 */

export interface ProcessedImage {
  bytes: Buffer
  type: 'image/webp'
  width: number
  height: number
}

/** Why a picture is refused; the service turns each kind into its HTTP answer. */
export class ImageRejectedError extends Error {
  constructor(
    readonly kind: 'not_an_image' | 'polyglot' | 'too_many_pixels',
    message: string,
  ) {
    super(message)
    this.name = 'ImageRejectedError'
  }
}

/** Markup or script inside an image is what a browser sniffing content would run. */
const MARKUP = /<(script|html|iframe)[\s>]|<\?php|javascript:/i

const LOSSLESS_FALLBACK_BYTES = 1024 * 1024

/** Checks the picture without decoding it, then decodes its first frame and encodes it as WebP. */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength)
  const structure = readStructure(bytes)
  refuseTooManyPixels(structure.width, structure.height)
  // Markup hidden inside a chunk or comment: a file built to be read as a page too.
  if (MARKUP.test(bytes.toString('latin1'))) throw new ImageRejectedError('polyglot', mediaMessages.polyglot)
  await confirmWithSharp(bytes, structure.format)
  return encode(bytes, structure.format)
}

function readStructure(bytes: Buffer) {
  try {
    return readImageStructure(bytes)
  } catch (error) {
    if (!(error instanceof ImageStructureError)) throw error
    if (error.reason === 'trailing_data') throw new ImageRejectedError('polyglot', mediaMessages.polyglot)
    // The structural detail (which chunk is broken) means nothing to the person uploading.
    throw new ImageRejectedError('not_an_image', mediaMessages.notAnImage)
  }
}

function refuseTooManyPixels(width: number, height: number): void {
  if (width * height > MEDIA_LIMITS.maxInputPixels) {
    throw new ImageRejectedError('too_many_pixels', mediaMessages.tooManyPixels(width, height))
  }
}

/** sharp reads the header too (still without decoding): its format and size must agree with ours. */
async function confirmWithSharp(bytes: Buffer, format: ImageFormat): Promise<void> {
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new ImageRejectedError('not_an_image', mediaMessages.notAnImage)
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) {
    throw new ImageRejectedError('not_an_image', mediaMessages.notAnImage)
  }
  refuseTooManyPixels(metadata.width, metadata.pageHeight ?? metadata.height)
}

async function encode(bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const pipeline = () =>
    sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxInputPixels, failOn: 'error', pages: 1, page: 0 })
      // Turn the picture the way its EXIF says before the EXIF goes.
      .rotate()
      .resize({ width: MEDIA_LIMITS.maxSide, height: MEDIA_LIMITS.maxSide, fit: 'inside', withoutEnlargement: true })
  const lossless = format === 'png' || format === 'gif'
  try {
    let output = await pipeline()
      .webp(lossless ? { lossless: true, effort: 4 } : { quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true })
    if (lossless && output.data.length > LOSSLESS_FALLBACK_BYTES) {
      const lossy = await pipeline().webp({ quality: 90, effort: 4 }).toBuffer({ resolveWithObject: true })
      if (lossy.data.length < output.data.length) output = lossy
    }
    return { bytes: output.data, type: 'image/webp', width: output.info.width, height: output.info.height }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRejectedError('too_many_pixels', mediaMessages.tooManyPixels())
    }
    throw new ImageRejectedError('not_an_image', mediaMessages.cannotDecode)
  }
}
