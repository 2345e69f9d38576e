import { describe, expect, it } from 'vitest'
import { hasFormula, keepingFormulas, splitFormulas } from './formulas'

describe('splitFormulas', () => {
  it('plain text is one part; no text is none', () => {
    expect(splitFormulas('just words (and brackets) [too]')).toEqual([{ kind: 'text', text: 'just words (and brackets) [too]' }])
    expect(splitFormulas('')).toEqual([])
  })

  it('inline and display formulas between text, in order', () => {
    expect(splitFormulas('Area \\(\\pi r^2\\) and\\[E = mc^2\\]done')).toEqual([
      { kind: 'text', text: 'Area ' },
      { kind: 'formula', display: false, tex: '\\pi r^2', source: '\\(\\pi r^2\\)' },
      { kind: 'text', text: ' and' },
      { kind: 'formula', display: true, tex: 'E = mc^2', source: '\\[E = mc^2\\]' },
      { kind: 'text', text: 'done' },
    ])
  })

  it('a formula alone, and two side by side', () => {
    expect(splitFormulas('\\(a\\)\\(b\\)').map((part) => part.kind === 'formula' && part.tex)).toEqual(['a', 'b'])
  })

  it('an opener without its closer, an empty formula and other backslashes stay text', () => {
    for (const text of ['cost \\(unfinished', '\\(\\)', '\\( \\)', 'C:\\Users\\x', 'a \\) b \\] c', '\\[ open only']) {
      expect(splitFormulas(text)).toEqual([{ kind: 'text', text }])
    }
  })

  it('the first closer ends a formula (no nesting); a closer of the other kind does not', () => {
    expect(splitFormulas('\\(a \\] b\\) c\\)')).toEqual([
      { kind: 'formula', display: false, tex: 'a \\] b', source: '\\(a \\] b\\)' },
      { kind: 'text', text: ' c\\)' },
    ])
  })

  it('text and formulas joined back give the text', () => {
    const text = 'x \\(a<b\\) y \\[\\frac{1}{2}\\] z \\( w'
    expect(
      splitFormulas(text)
        .map((part) => (part.kind === 'text' ? part.text : part.source))
        .join(''),
    ).toBe(text)
  })
})

describe('hasFormula', () => {
  it.each([
    ['\\(x\\)', true],
    ['a \\[y\\] b', true],
    ['\\(', false],
    ['plain', false],
    ['\\(\\)', false],
  ])('%s: %s', (text, expected) => expect(hasFormula(text)).toBe(expected))
})

describe('keepingFormulas', () => {
  // A stand-in cleaner that shows what it was given.
  const clean = keepingFormulas((text) => text.replace(/<[^>]*>/g, '').toUpperCase())

  it('cleans the text between formulas and keeps each formula verbatim', () => {
    expect(clean('<b>area</b> \\(x<y \\& z>1\\) of <i>it</i>')).toBe('AREA \\(x<y \\& z>1\\) OF IT')
  })

  it('text without a formula is cleaned whole', () => {
    expect(clean('<b>bold</b> \\( open')).toBe('BOLD \\( OPEN')
  })
})
