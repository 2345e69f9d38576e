import { z } from 'zod'

import type * as Z from 'zod'
import type * as R from './responses'

/** 201 of POST /api/media. */
export type MediaUpload = Z.output<typeof R.mediaUploadSchema>
/** A card side's picture, as in `card.termImage` and `card.definitionImage`. */
export type CardImage = Z.output<typeof R.cardImageSchema>
/** 201 of POST /api/media for a recording. */
export type AudioUpload = Z.output<typeof R.audioUploadSchema>
/** A card side's recording, as in `card.termAudio` and `card.definitionAudio`. */
export type CardAudio = Z.output<typeof R.cardAudioSchema>

/** Pictures on cards (api.md, "Additions for the next capabilities" > Pictures). */

/** The types POST /api/media accepts as its Content-Type (the real type is read from the bytes). */
export const MEDIA_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
export type MediaImageType = (typeof MEDIA_IMAGE_TYPES)[number]
/**
 * Recordings (api.md, "Third round" > Sound): the Content-Type names the container, and the bytes
 * must parse as that container with an audio track. They are stored as sent.
 */
export const MEDIA_AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4'] as const
export type MediaAudioType = (typeof MEDIA_AUDIO_TYPES)[number]
/** Every Content-Type POST /api/media takes. */
export const MEDIA_UPLOAD_TYPES = [...MEDIA_IMAGE_TYPES, ...MEDIA_AUDIO_TYPES] as const
export type MediaUploadType = (typeof MEDIA_UPLOAD_TYPES)[number]

export const isAudioType = (type: string): type is MediaAudioType => (MEDIA_AUDIO_TYPES as readonly string[]).includes(type)

export const MEDIA_LIMITS = {
  /** Stored pictures are at most this many pixels on their long side (the browser may scale down first). */
  maxSide: 1600,
  /** Pictures with more pixels than this are refused before they are decoded (decompression bombs). */
  maxInputPixels: 40_000_000,
  /** Defaults of MEDIA_MAX_UPLOAD_MB and MEDIA_QUOTA_MB (server/config.ts). */
  defaultMaxUploadMb: 10,
  defaultQuotaMb: 500,
  /** Default of MEDIA_MAX_AUDIO_SECONDS. */
  defaultMaxAudioSeconds: 60,
} as const

/** A size as people read it: '10 MB', '1.5 MB', '200 KB'. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1) return `${Math.round(mb * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

export const mediaMessages = {
  notAnImage: 'This file is not a PNG, JPEG, WebP or GIF image.',
  wrongContentType:
    'Send the picture or recording itself as the body, with Content-Type image/png, image/jpeg, image/webp, image/gif, audio/mpeg, audio/ogg, audio/wav, audio/webm or audio/mp4.',
  /** The bytes are not the audio container the Content-Type names. */
  notAudio: (type: string) => `This file is not ${AUDIO_NAMES[type as MediaAudioType] ?? 'a recording'} with sound in it.`,
  /** The container parsed, but says nothing of how long it plays. */
  unknownDuration: 'The length of this recording cannot be read from the file. Save it again (MP3, Ogg, WAV, WebM or MP4) and retry.',
  audioTooLong: (seconds: number, maxSeconds: number) => `This recording is ${seconds} seconds long; at most ${maxSeconds} seconds are allowed.`,
  /** The card editor's refusals before anything is sent. */
  notARecording: 'This file is not a recording: choose an MP3, Ogg, WAV, WebM or MP4 audio file.',
  cannotRecord: 'This browser cannot record sound. Upload a recording instead.',
  noMicrophone: 'The microphone is not available. Allow it for this site, or upload a recording instead.',
  uploadFailed: 'The recording could not be uploaded. Try again.',
  /** A card names a recording id the caller has not uploaded (or that is a picture). */
  unknownAudio: 'This recording was not found. Upload it again.',
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

export const mediaUrl = (id: string) => `/api/media/${id}`

/** A recording's container by its file's extension (an upload without a type, an Anki package's `[sound:]`). */
const AUDIO_EXTENSIONS: Record<string, MediaAudioType> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
}

/** The container a file name's extension says, or undefined when it is not a recording's. */
export const audioTypeOfName = (name: string): MediaAudioType | undefined => AUDIO_EXTENSIONS[name.split('.').pop()?.toLowerCase() ?? '']

/** How the refusals name each container. */
const AUDIO_NAMES: Record<MediaAudioType, string> = {
  'audio/mpeg': 'an MP3 file',
  'audio/ogg': 'an Ogg file',
  'audio/wav': 'a WAV file',
  'audio/webm': 'a WebM file',
  'audio/mp4': 'an MP4 audio file',
}

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

/** A recording carried in a JSON export (issue 27): `data:audio/...;base64,`, one of the containers POST /api/media takes. */
export const AUDIO_DATA_URL = /^data:(audio\/(?:mpeg|ogg|wav|webm|mp4));base64,([A-Za-z0-9+/]*={0,2})$/

/** A recording in an import: a media id the caller stored, or a data: URL (a JSON export's). */
export const importAudioSchema = z
  .string({ error: 'A recording must be a media id or a data: URL.' })
  .max(12_000_000, 'This recording is too large.')
  .refine((value) => /^[a-z0-9]{1,64}$/.test(value) || AUDIO_DATA_URL.test(value), 'A recording must be a media id or a data:audio/...;base64 URL.')

/** The bytes of a `data:image/...;base64,` URL, or undefined for anything else. */
export function dataUrlBytes(value: string): Uint8Array | undefined {
  const match = DATA_URL.exec(value)
  if (!match) return undefined
  const binary = atob(match[2] ?? '')
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
