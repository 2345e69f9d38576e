import { describe, expect, it } from 'vitest'
import { ankiFieldChecksum, ankiStripHtmlMedia } from '#tests/support/anki-reader'
import { fieldContent } from './field-text'
import { fieldChecksum, fieldHtml, stableId, stripHtmlKeepingMedia } from './write-package'

/**
 * Notes as Anki itself wrote them (an Anki 25.x export, fields, sort field and checksum as stored), to check the
 * writer's checksum and sort field, and the tests' independent reader's, against Anki's own numbers.
 */
const ANKI_NOTES = [
  {
    field: 'In a cloze, some&nbsp;{{c1::fields}} are&nbsp;{{c2::hidden}}.',
    sfld: 'In a cloze, some {{c1::fields}} are {{c2::hidden}}.',
    csum: 226976669,
  },
  { field: 'This note is of type "Basic"', sfld: 'This note is of type "Basic"', csum: 3026021650 },
  {
    field:
      '{{c1::image-occlusion:rect:left=.1167:top=.1115:width=.1619:height=.1967:oi=1}}<br>{{c2::image-occlusion:ellipse:left=.4542:top=.2832:rx=.1093:ry=.1442:oi=1}}<br>{{c3::image-occlusion:polygon:left=.5586:top=.5119:points=.7916,.5132 .5595,.7791 .9554,.8539 .9379,.5492:oi=1}}<br>{{c0::image-occlusion:text:left=.0286:top=.8483:fill=#000000:text=Some text on image:scale=1.:fs=.1013:oi=1}}<br>',
    sfld: '{{c1::image-occlusion:rect:left=.1167:top=.1115:width=.1619:height=.1967:oi=1}}{{c2::image-occlusion:ellipse:left=.4542:top=.2832:rx=.1093:ry=.1442:oi=1}}{{c3::image-occlusion:polygon:left=.5586:top=.5119:points=.7916,.5132 .5595,.7791 .9554,.8539 .9379,.5492:oi=1}}{{c0::image-occlusion:text:left=.0286:top=.8483:fill=#000000:text=Some text on image:scale=1.:fs=.1013:oi=1}}',
    csum: 1652877847,
  },
]

describe("Anki's sort field and checksum", () => {
  it.each(ANKI_NOTES)('are the ones Anki stored for $sfld', ({ field, sfld, csum }) => {
    expect(stripHtmlKeepingMedia(field)).toBe(sfld)
    expect(fieldChecksum(field)).toBe(csum)
    // The tests' independent reader agrees.
    expect(ankiStripHtmlMedia(field)).toBe(sfld)
    expect(ankiFieldChecksum(field)).toBe(csum)
  })

  it('keep a picture as its file name', () => {
    expect(stripHtmlKeepingMedia('<img src="a.webp">')).toBe(' a.webp ')
    expect(fieldChecksum('<img src="a.webp">')).toBe(ankiFieldChecksum('<img src="a.webp">'))
  })
})

describe('fieldHtml', () => {
  it.each([
    ['x  y   z', 'x &nbsp;y &nbsp;&nbsp;z'],
    ['a < b & c > d', 'a &lt; b &amp; c &gt; d'],
    ['one\ntwo', 'one<br>two'],
    ['play [sound:bell.mp3] here', 'play &#91;sound:bell.mp3] here'],
    ['\\(x^2 < 1\\)', '\\(x^2 &lt; 1\\)'],
    ['tab\there', 'tab\there'],
  ])('writes %j as %j', (text, html) => {
    expect(fieldHtml(text)).toBe(html)
  })

  it.each([
    'x  y   z',
    'line one\nline two\n\nafter a blank line',
    'tab\there',
    'say "hi" & <b>not bold</b>',
    '#hashtag and a[1] [x]',
    'the text [sound:bell.mp3] stays',
    '{{c1::Paris}} is in {{c2::France::country}}',
    '\\[x < y\\] and \\(\\pi r^2\\)',
  ])('is read back as the same text by the package reader: %j', (text) => {
    const read = fieldContent(fieldHtml(text))
    expect(read).toEqual({ text, images: [], sounds: [] })
  })
})

describe('stableId', () => {
  it('is the same for the same parts, another for others, a safe integer above 2^40 even times 64', () => {
    expect(stableId('set1', 'deck')).toBe(stableId('set1', 'deck'))
    expect(stableId('set1', 'deck')).not.toBe(stableId('set2', 'deck'))
    expect(stableId('set1', 'deck')).not.toBe(stableId('set1', 'notetype', 'basic'))
    for (const id of [stableId('a'), stableId('b', 'c'), stableId('')]) {
      expect(id).toBeGreaterThanOrEqual(2 ** 40)
      expect(Number.isSafeInteger(id * 64 + 49)).toBe(true)
    }
  })
})
