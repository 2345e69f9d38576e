import { describe, expect, it } from 'vitest'
import { MEDIA_AUDIO_TYPES, type MediaAudioType } from '#shared/api/media'
import { mp3Audio, mp4Audio, oggAudio, wavAudio, webmAudio } from '#tests/support/audio'
import { pngImage } from '#tests/support/images'
import { AudioRejectedError, checkAudio } from './audio'
import { mediaMessages } from '#shared/messages'

const MAKE: Record<MediaAudioType, (seconds: number) => Uint8Array> = {
  'audio/mpeg': mp3Audio,
  'audio/ogg': oggAudio,
  'audio/wav': wavAudio,
  'audio/webm': (seconds) => webmAudio(seconds),
  'audio/mp4': mp4Audio,
}

async function refusal(bytes: Uint8Array, type: MediaAudioType): Promise<AudioRejectedError> {
  const error = await checkAudio(bytes, type).then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AudioRejectedError)
  return error as AudioRejectedError
}

describe('checkAudio', () => {
  it.each(MEDIA_AUDIO_TYPES)('%s: the length is read from the container', async (type) => {
    const checked = await checkAudio(MAKE[type](2.5), type)
    expect(checked.type).toBe(type)
    // Within one frame of 2.5 s (MP3 frames are 26 ms; a WebM's last block starts 20 ms before its end).
    expect(Math.abs(checked.durationMs - 2500)).toBeLessThanOrEqual(30)
  })

  it('a WebM with a Duration element: the Duration counts', async () => {
    expect((await checkAudio(webmAudio(3, { withDuration: true }), 'audio/webm')).durationMs).toBe(3000)
  })

  it.each([
    ['a WAV sent as MP3', wavAudio(1), 'audio/mpeg'],
    ['an MP3 sent as Ogg', mp3Audio(1), 'audio/ogg'],
    ['an Ogg sent as WebM', oggAudio(1), 'audio/webm'],
    ['an MP4 sent as WAV', mp4Audio(1), 'audio/wav'],
    ['a WebM sent as MP4', webmAudio(1), 'audio/mp4'],
    ['a WebM video', webmAudio(1, { video: true }), 'audio/webm'],
    ['text', new TextEncoder().encode('<img src=x onerror=alert(1)> not a recording'), 'audio/wav'],
  ] as const)('%s: not that container', async (_name, bytes, type) => {
    const error = await refusal(bytes, type)
    expect(error.kind).toBe('not_audio')
    expect(error.message).toBe(mediaMessages.notAudio(type))
  })

  it('a WAV cut inside its header: its length cannot be read', async () => {
    const error = await refusal(wavAudio(1).subarray(0, 20), 'audio/wav')
    expect(error.kind).toBe('unknown_duration')
    expect(error.message).toBe(mediaMessages.unknownDuration)
  })

  it('a picture sent as audio is not audio', async () => {
    expect((await refusal(await pngImage(8, 8), 'audio/ogg')).kind).toBe('not_audio')
  })
})
