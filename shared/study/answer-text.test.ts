import { describe, expect, it } from 'vitest'
import { answerOf, isMediaOnly, isRecordingOnly, splitAnswer } from './answer-text'

const picture = { id: 'p1', url: '/media/p1', width: 10, height: 10 }
const recording = { id: 'a1', url: '/media/a1', durationMs: 900 }

describe('answers the engines compare (a side may be only a recording: issue 26)', () => {
  it('gives a recording-only definition an answer of its own, never equal to a text or another recording', () => {
    const one = answerOf({ definition: '', definitionImage: null, definitionAudio: recording })
    const other = answerOf({ definition: '', definitionImage: null, definitionAudio: { ...recording, id: 'a2' } })
    expect(one).not.toBe(other)
    expect(one).not.toBe('')
    expect(splitAnswer(one)).toEqual({ text: '', pictureId: null, recordingId: 'a1' })
    expect(isMediaOnly(one)).toBe(true)
  })

  it('keeps text answers and picture answers as they were; a recording beside text changes nothing', () => {
    expect(answerOf({ definition: 'dog', definitionImage: null, definitionAudio: recording })).toBe('dog')
    expect(isRecordingOnly({ definition: 'dog', definitionImage: null, definitionAudio: recording })).toBe(false)
    const withPicture = answerOf({ definition: '', definitionImage: picture, definitionAudio: recording })
    expect(splitAnswer(withPicture)).toEqual({ text: '', pictureId: 'p1', recordingId: null })
    expect(isMediaOnly('dog')).toBe(false)
  })
})
