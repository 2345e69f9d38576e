import { describe, expect, it } from 'vitest'
import { clozeAnswer, clozeFilled, clozeNumbers, clozePlain, clozeQuestion, nextClozeNumber, parseCloze, wrapInCloze } from './cloze'
import { cardPrompts, clozeNumberOf, PROMPT_PATTERN } from './prompts'

describe('parseCloze', () => {
  it('splits text and deletions, with and without hints', () => {
    expect(parseCloze('The {{c1::mitochondria}} is the {{c2::powerhouse::place}} of the cell')).toEqual([
      { kind: 'text', text: 'The ' },
      { kind: 'deletion', number: 1, answer: 'mitochondria', hint: null },
      { kind: 'text', text: ' is the ' },
      { kind: 'deletion', number: 2, answer: 'powerhouse', hint: 'place' },
      { kind: 'text', text: ' of the cell' },
    ])
  })

  it('leaves numbers outside 1..50, empty answers and broken syntax as text', () => {
    expect(clozeNumbers('{{c0::a}} {{c51::b}} {{c2::}} {{c3:x}} {c4::y}} {{c50::z}}')).toEqual([50])
    expect(clozeNumbers('no deletion here')).toEqual([])
  })

  it('counts the same number twice as one prompt', () => {
    expect(clozeNumbers('{{c2::Paris}} is the capital of {{c2::France}}, {{c1::Berlin}} of Germany')).toEqual([1, 2])
  })
})

describe('asking a deletion', () => {
  const text = '{{c1::Paris}} is the capital of {{c1::France}}; {{c2::Berlin::city}} of Germany'

  it('blanks the asked number and shows the others as plain text', () => {
    expect(clozeQuestion(text, 1)).toBe('[...] is the capital of [...]; Berlin of Germany')
    expect(clozeQuestion(text, 2)).toBe('Paris is the capital of France; [city] of Germany')
  })

  it('answers with the deleted text, several blanks joined', () => {
    expect(clozeAnswer(text, 1)).toBe('Paris, France')
    expect(clozeAnswer(text, 2)).toBe('Berlin')
  })

  it('fills every deletion in, marking the asked ones', () => {
    expect(clozeFilled(text, 2)).toEqual([
      { text: 'Paris', asked: false },
      { text: ' is the capital of ', asked: false },
      { text: 'France', asked: false },
      { text: '; ', asked: false },
      { text: 'Berlin', asked: true },
      { text: ' of Germany', asked: false },
    ])
    expect(clozePlain(text)).toBe('Paris is the capital of France; Berlin of Germany')
  })
})

describe('the editor Cloze button', () => {
  it('wraps the selection in the next number', () => {
    expect(wrapInCloze('Water boils at 100 C', 15, 18)).toEqual({ text: 'Water boils at {{c1::100}} C', cursor: 26 })
    expect(wrapInCloze('{{c1::Water}} boils at 100 C', 23, 26).text).toBe('{{c1::Water}} boils at {{c2::100}} C')
  })

  it('inserts an empty deletion at the cursor when nothing is selected', () => {
    expect(wrapInCloze('ab', 1, 1)).toEqual({ text: 'a{{c1::}}b', cursor: 7 })
  })

  it('never numbers past 50', () => {
    expect(nextClozeNumber('{{c50::x}}')).toBe(50)
  })
})

describe('cardPrompts', () => {
  it('lists what each kind of card asks', () => {
    expect(cardPrompts({ term: 'a' })).toEqual(['f'])
    expect(cardPrompts({ kind: 'basic', reverse: true, term: 'a' })).toEqual(['f', 'r'])
    expect(cardPrompts({ kind: 'cloze', term: '{{c3::a}} {{c1::b}} {{c3::c}}' })).toEqual(['c1', 'c3'])
    expect(cardPrompts({ kind: 'cloze', reverse: true, term: '{{c1::a}}' })).toEqual(['c1'])
  })

  it('knows the shape of a prompt', () => {
    expect(['f', 'r', 'c1', 'c50'].every((p) => PROMPT_PATTERN.test(p))).toBe(true)
    expect(['c0', 'c51', 'x', 'c01', 'fr'].some((p) => PROMPT_PATTERN.test(p))).toBe(false)
    expect(clozeNumberOf('c12')).toBe(12)
    expect(clozeNumberOf('r')).toBeNull()
  })
})
