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
