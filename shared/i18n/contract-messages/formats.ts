import { type MediaAudioType } from '#shared/api/media'
import { MEDIA_LIMITS } from '#shared/limits'

/** The format a recording's Content-Type names, as every language writes it ('MP3'), or undefined for another type. */
export function audioFormatName(type: string): string | undefined {
  const names: Record<MediaAudioType, string> = { 'audio/mpeg': 'MP3', 'audio/ogg': 'Ogg', 'audio/wav': 'WAV', 'audio/webm': 'WebM', 'audio/mp4': 'MP4' }
  return names[type as MediaAudioType]
}

/** The most megapixels a picture may have before it is decoded. */
export const MAX_MEGAPIXELS = MEDIA_LIMITS.maxInputPixels / 1_000_000

/** A refusal of a file that is not the recording its type names: `named` with the format's name, else `unnamed`. */
export function notAudioText(type: string, named: (format: string) => string, unnamed: string): string {
  const format = audioFormatName(type)
  return format ? named(format) : unnamed
}
