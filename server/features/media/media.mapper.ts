import { type AudioUpload, type CardAudio, type CardImage, type MediaAudioType, type MediaUpload, mediaUrl } from '#shared/api/media'
import type { MediaInfo } from './media.repo'

export function toMediaUpload(row: Pick<MediaInfo, 'id' | 'width' | 'height' | 'bytes'>): MediaUpload {
  return { id: row.id, url: mediaUrl(row.id), type: 'image/webp', width: row.width, height: row.height, bytes: row.bytes }
}

/** A card side's picture from the joined media columns, or null when the side has none. */
export function toCardImage(id: string | null, width: number | null, height: number | null): CardImage | null {
  if (id === null || width === null || height === null) return null
  return { id, url: mediaUrl(id), width, height }
}

export function toAudioUpload(row: Pick<MediaInfo, 'id' | 'bytes'> & { type: MediaAudioType; duration_ms: number }): AudioUpload {
  return { id: row.id, url: mediaUrl(row.id), type: row.type, durationMs: row.duration_ms, bytes: row.bytes }
}

/** A card side's recording from the joined media columns, or null when the side has none. */
export function toCardAudio(id: string | null, durationMs: number | null): CardAudio | null {
  if (id === null || durationMs === null) return null
  return { id, url: mediaUrl(id), durationMs }
}
