import { z } from 'zod'

/** Pictures on cards (api.md, "Additions for the next capabilities" > Pictures). */

/** The types POST /api/media accepts as its Content-Type (the real type is read from the bytes). */
export const MEDIA_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type MediaUploadType = (typeof MEDIA_UPLOAD_TYPES)[number]

export const MEDIA_LIMITS = {
  /** Stored pictures are at most this many pixels on their long side (the browser may scale down first). */
  maxSide: 1600,
  /** Pictures with more pixels than this are refused before they are decoded (decompression bombs). */
  maxInputPixels: 40_000_000,
  /** Defaults of MEDIA_MAX_UPLOAD_MB and MEDIA_QUOTA_MB (server/config.ts). */
  defaultMaxUploadMb: 10,
  defaultQuotaMb: 500,
} as const

/** A size as people read it: '10 MB', '1.5 MB', '200 KB'. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export const mediaMessages = {
  notAnImage: 'This file is not a PNG, JPEG, WebP or GIF image.',
  wrongContentType: 'Send the picture itself as the body, with Content-Type image/png, image/jpeg, image/webp or image/gif.',
  polyglot: 'This picture carries other data besides the image (a file hidden in it). Save it again as a plain image and retry.',
  cannotDecode: 'This picture could not be read: the file is damaged or incomplete.',
  tooManyPixels: (width?: number, height?: number) =>
    width && height
      ? `This picture is too large to process: ${width} × ${height} pixels is more than ${MEDIA_LIMITS.maxInputPixels / 1_000_000} megapixels.`
      : `This picture is too large to process: it has more than ${MEDIA_LIMITS.maxInputPixels / 1_000_000} megapixels.`,
  tooLarge: (maxBytes: number) => `This picture is larger than ${sizeText(maxBytes)}. Scale it down or choose a smaller file.`,
  quotaFull: (quotaBytes: number) =>
    `Your picture storage is full (${sizeText(quotaBytes)}). Remove pictures from cards or sets you no longer need, then try again.`,
  notFound: 'Image not found',
  /** A card names an image id the caller has not uploaded (or that was removed). */
  unknownImage: 'This picture was not found. Upload it again.',
} as const

/** 201 of POST /api/media. */
export interface MediaUpload {
  id: string
  /** Where the bytes are served: `/api/media/:id`. */
  url: string
  type: 'image/webp'
  width: number
  height: number
  /** The stored (re-encoded) size. */
  bytes: number
}

/** A card side's picture, as in `card.termImage` and `card.definitionImage`. */
export interface CardImage {
  id: string
  url: string
  width: number
  height: number
}

export const mediaUrl = (id: string) => `/api/media/${id}`

/** A media id in a card body: one the caller uploaded, or null to remove the picture. */
export const mediaIdSchema = z
  .string({ error: 'A picture must be given by its id (from POST /api/media) or null.' })
  .regex(/^[a-z0-9]{1,64}$/, 'A picture must be given by its id (from POST /api/media) or null.')

/**
 * A picture in POST /api/sets/import: a media id, or a `data:` URL (a JSON export carries its
 * pictures that way; the server decodes, re-encodes and stores it).
 */
export const importImageSchema = z
  .string({ error: 'A picture must be a media id or a data: URL.' })
  .max(12_000_000, 'This picture is too large.')
  .refine((value) => /^[a-z0-9]{1,64}$/.test(value) || DATA_URL.test(value), 'A picture must be a media id or a data:image/...;base64 URL.')

export const DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/

/** The bytes of a `data:image/...;base64,` URL, or undefined for anything else. */
export function dataUrlBytes(value: string): Uint8Array | undefined {
  const match = DATA_URL.exec(value)
  if (!match) return undefined
  const binary = atob(match[2] ?? '')
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
