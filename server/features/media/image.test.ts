import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import {
  animatedGif,
  exifHasGps,
  gifHeaderWithHtml,
  gifImage,
  gifWithTrailingScript,
  jpegImage,
  jpegWithGps,
  pngBomb,
  pngImage,
  pngWithScriptChunk,
  pngWithZip,
  renamedText,
  solid,
  webpImage,
} from '#tests/support/images'
import { ImageRejectedError, processImage } from './image'
import { readImageStructure, sniffFormat } from './image-structure'
import { mediaMessages } from '#shared/messages'

async function rejection(bytes: Buffer | Promise<Buffer>): Promise<ImageRejectedError> {
  const error = await processImage(await bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ImageRejectedError)
  return error as ImageRejectedError
}

describe('processImage: accepted types, read from the bytes', () => {
  it.each([
    ['png', pngImage],
    ['jpeg', jpegImage],
    ['webp', webpImage],
    ['gif', gifImage],
  ] as const)('%s in, WebP of the same size out', async (format, make) => {
    const input = await make(64, 48)
    expect(sniffFormat(input)).toBe(format)
    const out = await processImage(input)
    expect(out).toMatchObject({ type: 'image/webp', width: 64, height: 48 })
    const meta = await sharp(out.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 64, 48])
  })

  it('scales the long side down to 1600 px, keeping the aspect ratio', async () => {
    const out = await processImage(await solid(3200, 1000).png().toBuffer())
    expect([out.width, out.height]).toEqual([1600, 500])
  })

  it('never enlarges a small picture', async () => {
    const out = await processImage(await pngImage(7, 5))
    expect([out.width, out.height]).toEqual([7, 5])
  })

  it('keeps only the first frame of an animation', async () => {
    const input = await animatedGif()
    expect((await sharp(input).metadata()).pages).toBe(3)
    const out = await processImage(input)
    expect([out.width, out.height]).toEqual([10, 30])
    const meta = await sharp(out.bytes).metadata()
    expect(meta.pages ?? 1).toBe(1)
    const { data } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true })
    // The first frame is red.
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0])
  })

  it('strips EXIF, GPS, XMP and ICC metadata', async () => {
    const input = await jpegWithGps()
    const before = await sharp(input).metadata()
    expect(exifHasGps(before.exif)).toBe(true)
    expect(before.exif?.toString('latin1')).toContain('SpyCam')
    const out = await processImage(input)
    const after = await sharp(out.bytes).metadata()
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.icc).toBeUndefined()
    expect(out.bytes.toString('latin1')).not.toContain('SpyCam')
    expect(out.bytes.toString('latin1')).not.toContain('Secret Owner')
  })
})

describe('processImage: refusals, each with its reason', () => {
  it('a renamed text file is not an image', async () => {
    const error = await rejection(renamedText())
    expect([error.kind, error.message]).toEqual(['not_an_image', mediaMessages.notAnImage])
  })

  it('a GIF header followed by HTML is not an image', async () => {
    const error = await rejection(gifHeaderWithHtml())
    expect(error.kind).toMatch(/not_an_image|polyglot/)
    expect(error.message).toMatch(/not a PNG, JPEG, WebP or GIF image|other data/)
  })

  it.each([
    ['a PNG with a zip appended', pngWithZip],
    ['a complete GIF with a script after its trailer', gifWithTrailingScript],
    ['a PNG with a script in a text chunk', pngWithScriptChunk],
  ])('%s is a polyglot', async (_name, make) => {
    const error = await rejection(make())
    expect([error.kind, error.message]).toEqual(['polyglot', mediaMessages.polyglot])
  })

  it('a 20000 × 20000 PNG bomb is refused from its header, before it is decoded', async () => {
    const bomb = pngBomb()
    expect(bomb.length).toBeLessThan(200_000)
    expect(readImageStructure(bomb)).toMatchObject({ format: 'png', width: 20_000, height: 20_000 })
    const started = Date.now()
    const error = await rejection(bomb)
    expect([error.kind, error.message]).toEqual(['too_many_pixels', mediaMessages.tooManyPixels(20_000, 20_000)])
    // Decoding 400 megapixels takes seconds and gigabytes; reading a header takes nothing.
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('a truncated picture is refused', async () => {
    const png = await pngImage()
    const error = await rejection(png.subarray(0, png.length - 20))
    expect(error.kind).toBe('not_an_image')
  })

  it('empty bytes are not an image', async () => {
    expect((await rejection(Buffer.alloc(0))).kind).toBe('not_an_image')
  })
})
