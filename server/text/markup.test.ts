import { describe, expect, it } from 'vitest'
import { stripMarkup } from './markup'

describe('stripMarkup', () => {
  it.each([
    ['plain text', 'Photosynthesis', 'Photosynthesis'],
    ['bold text keeps its words', '<b>mitochondria</b> is the powerhouse', 'mitochondria is the powerhouse'],
    ['a script tag and its contents', 'Hi<script>alert(1)</script> there', 'Hi there'],
    ['an event-handler attribute', '<img src=x onerror="alert(1)">Cell', 'Cell'],
    ['a style block', '<style>body{display:none}</style>Atom', 'Atom'],
    ['a link keeps its text', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['entities become characters', 'Tom &amp; Jerry', 'Tom & Jerry'],
    ['an escaped tag cannot come back', '&lt;script&gt;alert(1)&lt;/script&gt;', ''],
    ['an escaped bold tag keeps its text', '&lt;b&gt;bold&lt;/b&gt;', 'bold'],
    ['a lone less-than sign stays', '2 < 3 and 5 > 4', '2 < 3 and 5 > 4'],
    ['an ampersand stays', 'AT&T', 'AT&T'],
    ['only markup leaves nothing', '<b></b><i> </i>', ' '],
  ])('%s', (_, input, expected) => {
    expect(stripMarkup(input)).toBe(expected)
  })
})
