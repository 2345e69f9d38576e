import { type AudioUpload, audioTypeOfName, MEDIA_AUDIO_TYPES, type MediaAudioType } from '#shared/api/media'
import { apiSendBytes } from '@/lib/api'

/** What browsers and file names call each container, to the Content-Type POST /api/media takes. */
const ALIASES: Record<string, MediaAudioType> = {
  'audio/mpeg': 'audio/mpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-mp3': 'audio/mpeg',
  'audio/ogg': 'audio/ogg',
  'audio/opus': 'audio/ogg',
  'audio/wav': 'audio/wav',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/webm': 'audio/webm',
  'audio/mp4': 'audio/mp4',
  'audio/x-m4a': 'audio/mp4',
  'audio/m4a': 'audio/mp4',
}

/** The upload type of a recording: from its MIME type (parameters such as `;codecs=opus` ignored), else its file name. */
export function audioUploadType(mime: string, name = ''): MediaAudioType | undefined {
  const base = mime.split(';')[0]?.trim().toLowerCase() ?? ''
  return ALIASES[base] ?? audioTypeOfName(name)
}

/** What the file chooser offers. */
export const AUDIO_ACCEPT = [...MEDIA_AUDIO_TYPES, '.mp3', '.ogg', '.oga', '.opus', '.wav', '.webm', '.m4a'].join(',')

/** The container MediaRecorder should write: the first this browser can (Chromium: WebM/Opus, Safari: MP4). */
export function recordingType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find(isSupported)
}

/** Uploads a recording; refusals come back as the server's ApiError (its message is for people). */
export async function uploadSound(body: Blob, type: MediaAudioType): Promise<AudioUpload> {
  return apiSendBytes('POST /api/media', body, type) as Promise<AudioUpload>
}
