/**
 * What a picture or a recording may be, and the `data:` URLs an export carries them in: plain
 * values without zod, so the import worker (server/features/imports/import-worker.ts) loads these
 * and not the contract's schemas (zod was a third of a worker's start-up). `./media` re-exports them.
 */

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

/** A picture carried in a JSON export: `data:image/...;base64,`. */
export const DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/

/** A recording carried in a JSON export (issue 27): `data:audio/...;base64,`, one of the containers POST /api/media takes. */
export const AUDIO_DATA_URL = /^data:(audio\/(?:mpeg|ogg|wav|webm|mp4));base64,([A-Za-z0-9+/]*={0,2})$/

/** The bytes of a `data:image/...;base64,` URL, or undefined for anything else. */
export function dataUrlBytes(value: string): Uint8Array | undefined {
  const match = DATA_URL.exec(value)
  if (!match) return undefined
  const binary = atob(match[2] ?? '')
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
