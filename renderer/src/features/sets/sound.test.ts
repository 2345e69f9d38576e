import { describe, expect, it } from 'vitest'
import { audioUploadType, recordingType } from './sound'

describe('audioUploadType', () => {
  it.each([
    ['audio/mpeg', '', 'audio/mpeg'],
    ['audio/mp3', '', 'audio/mpeg'],
    ['audio/webm;codecs=opus', '', 'audio/webm'],
    ['audio/ogg; codecs=opus', '', 'audio/ogg'],
    ['audio/x-wav', '', 'audio/wav'],
    ['audio/x-m4a', '', 'audio/mp4'],
    ['', 'word.MP3', 'audio/mpeg'],
    ['application/octet-stream', 'hallo.opus', 'audio/ogg'],
    ['', 'clip.m4a', 'audio/mp4'],
  ])('%s %s: %s', (mime, name, expected) => expect(audioUploadType(mime, name)).toBe(expected))

  it('anything else is not a recording', () => {
    expect(audioUploadType('video/mp4', 'film.mkv')).toBeUndefined()
    expect(audioUploadType('image/png', 'picture.png')).toBeUndefined()
  })
})

describe('recordingType', () => {
  it('the first container the browser records', () => {
    expect(recordingType((type) => type.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus')
    expect(recordingType((type) => type === 'audio/mp4')).toBe('audio/mp4')
    expect(recordingType(() => false)).toBeUndefined()
  })
})
