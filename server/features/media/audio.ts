import { parseBuffer } from 'music-metadata'
import { type MediaAudioType } from '#shared/api/media'
import { readWebm, WebmError } from './webm'
import { mediaMessages } from '#shared/messages'

/**
 * A recording is stored as sent (re-encoding sound would need an encoder the server does not
 * have, and loses quality); what the server checks is the container. The bytes must parse as the
 * container the Content-Type names, with an audio track and no video track, and the container
 * must say how long it plays: MP3, Ogg, WAV and MP4 through music-metadata, WebM through
 * ./webm.ts (Chromium's recordings have no Duration that a general parser could read).
 */

export interface CheckedAudio {
  type: MediaAudioType
  durationMs: number
}

export class AudioRejectedError extends Error {
  constructor(
    readonly kind: 'not_audio' | 'unknown_duration',
    message: string,
  ) {
    super(message)
    this.name = 'AudioRejectedError'
  }
}

/** The container music-metadata names (`format.container`) for each type. */
function containerOf(container: string | undefined): MediaAudioType | undefined {
  if (!container) return undefined
  if (container === 'WAVE') return 'audio/wav'
  if (container === 'Ogg') return 'audio/ogg'
  if (container.startsWith('MPEG')) return 'audio/mpeg'
  // MP4's container is its brands, e.g. 'M4A/mp42/isom' or 'isom/iso2/mp41'.
  if (/^(M4A|M4B|mp4\d|isom|iso\d|dash|avc1)\b/i.test(container)) return 'audio/mp4'
  return undefined
}

function checkWebm(bytes: Uint8Array): { durationMs: number | null } {
  const notAudio = new AudioRejectedError('not_audio', mediaMessages.notAudio('audio/webm'))
  let summary: ReturnType<typeof readWebm>
  try {
    summary = readWebm(bytes)
  } catch (error) {
    if (error instanceof WebmError) throw notAudio
    throw error
  }
  if (summary.docType !== 'webm' || !summary.hasAudio || summary.hasVideo) throw notAudio
  return summary
}

async function checkOther(bytes: Uint8Array, type: Exclude<MediaAudioType, 'audio/webm'>): Promise<{ durationMs: number | null }> {
  const notAudio = new AudioRejectedError('not_audio', mediaMessages.notAudio(type))
  let format: Awaited<ReturnType<typeof parseBuffer>>['format']
  try {
    // No MIME type given: the parser is chosen from the bytes, then has to be the one named.
    ;({ format } = await parseBuffer(bytes, undefined, { duration: true, skipCovers: true, skipPostHeaders: true }))
  } catch {
    throw notAudio
  }
  if (containerOf(format.container) !== type || format.hasAudio === false || format.hasVideo === true) throw notAudio
  const seconds = format.duration
  return { durationMs: typeof seconds === 'number' && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null }
}

/** Checks a recording's container and reads its length; refusals are AudioRejectedErrors. */
export async function checkAudio(bytes: Uint8Array, type: MediaAudioType): Promise<CheckedAudio> {
  const { durationMs } = type === 'audio/webm' ? checkWebm(bytes) : await checkOther(bytes, type)
  if (durationMs === null || durationMs <= 0) throw new AudioRejectedError('unknown_duration', mediaMessages.unknownDuration)
  return { type, durationMs }
}
