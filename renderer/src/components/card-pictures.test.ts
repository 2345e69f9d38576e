import { describe, expect, it } from 'vitest'
import { answerOf } from '#shared/study/answer-text'
import { answerWords } from './card-pictures'

const picture = { id: 'p1', url: '/media/p1', width: 10, height: 10 }
const recording = { id: 'a1', url: '/media/a1', durationMs: 900 }

describe('an answer in a sentence', () => {
  it('is its text, else the picture shown, else the recording', () => {
    expect(answerWords('dog')).toBe('dog')
    expect(answerWords(answerOf({ definition: '', definitionImage: picture, definitionAudio: recording }))).toBe('the picture shown')
    expect(answerWords(answerOf({ definition: '', definitionImage: null, definitionAudio: recording }))).toBe('the recording')
  })
})
