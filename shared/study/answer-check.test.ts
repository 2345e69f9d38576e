import { describe, expect, it } from 'vitest'
import { allowedTypos, answerDiff, checkAnswer, looseForm, typoDistance } from './answer-check'

describe('checkAnswer', () => {
  it.each([
    // The spec's rule: trimmed, any case.
    ['  Mitochondria ', 'mitochondria', 'correct'],
    ['PARIS', 'Paris', 'correct'],
    // Accents, punctuation and spacing only: almost.
    ['cafe', 'café', 'almost'],
    ['Sao Paulo', 'São Paulo', 'almost'],
    ['mitochondria.', 'mitochondria', 'almost'],
    ['new  york', 'New York', 'almost'],
    // One typo in a word of four or more letters: almost.
    ['recieve', 'receive', 'almost'],
    ['photosynthesis', 'photosynthesys', 'almost'],
    ['hous', 'house', 'almost'],
    // Two typos in a short word, or any in a word under four letters: wrong.
    ['cat', 'cut', 'wrong'],
    ['hoses', 'house', 'wrong'],
    ['abcd', 'wxyz', 'wrong'],
    // Long answers forgive one typo per eight letters.
    ['the pwoerhouse of the cell', 'the powerhouse of the cell', 'almost'],
    ['teh pwoerhouse fo the cell', 'the powerhouse of the cell', 'almost'],
    ['teh pwoerhouse fo teh cell', 'the powerhouse of the cell', 'wrong'],
    // Nothing typed, or nothing but punctuation: wrong.
    ['', 'answer', 'wrong'],
    ['...', 'answer', 'wrong'],
  ])('%j for %j is %s', (typed, expected, verdict) => {
    expect(checkAnswer(typed, expected).verdict).toBe(verdict)
  })
})

describe('the parts', () => {
  it('looseForm drops accents, case and punctuation', () => {
    expect(looseForm('  Ça va, Émile?! ')).toBe('ca va emile')
  })

  it('typoDistance counts a swap of neighbours as one', () => {
    expect(typoDistance('recieve', 'receive')).toBe(1)
    expect(typoDistance('abc', 'abc')).toBe(0)
    expect(typoDistance('', 'abc')).toBe(3)
    expect(typoDistance('kitten', 'sitting')).toBe(3)
  })

  it('allowedTypos: none under four letters, then one per eight', () => {
    expect([1, 3, 4, 8, 15, 16, 24].map(allowedTypos)).toEqual([0, 0, 1, 1, 1, 2, 3])
  })

  it('answerDiff marks what is missing and what is extra, keeping what the student typed', () => {
    expect(answerDiff('Recieve', 'receive')).toEqual([
      { kind: 'same', text: 'Rec' },
      { kind: 'extra', text: 'i' },
      { kind: 'same', text: 'e' },
      { kind: 'missing', text: 'i' },
      { kind: 'same', text: 've' },
    ])
    expect(answerDiff('cafe', 'café')).toEqual([
      { kind: 'same', text: 'caf' },
      { kind: 'extra', text: 'e' },
      { kind: 'missing', text: 'é' },
    ])
    expect(answerDiff('', 'abc')).toEqual([{ kind: 'missing', text: 'abc' }])
  })
})
