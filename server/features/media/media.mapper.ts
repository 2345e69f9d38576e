import { type CardImage, type MediaUpload, mediaUrl } from '#shared/api/media'
import type { MediaInfo } from './media.repo'

export function toMediaUpload(row: Pick<MediaInfo, 'id' | 'width' | 'height' | 'bytes'>): MediaUpload {
  return { id: row.id, url: mediaUrl(row.id), type: 'image/webp', width: row.width, height: row.height, bytes: row.bytes }
}

/** A card side's picture from the joined media columns, or null when the side has none. */
export function toCardImage(id: string | null, width: number | null, height: number | null): CardImage | null {
  if (id === null || width === null || height === null) return null
  return { id, url: mediaUrl(id), width, height }
}
