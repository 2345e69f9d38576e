import { describe, expect, it } from 'vitest'
import { decodeText } from './decode-text'
import { parseCsvFile, parseJsonFile, parseSeparatedText, parseTextFile, TextFormatError } from './parse-text'

const pairs = (result: { sets: Array<{ cards: Array<{ term: string; definition: string }> }> }) =>
  result.sets.flatMap((set) => set.cards.map((card) => [card.term, card.definition]))

function utf16(text: string, endian: 'le' | 'be', bom = true): Uint8Array {
  const bytes: number[] = bom ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : []
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    bytes.push(...(endian === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff]))
  }
  return Uint8Array.from(bytes)
}

describe('decodeText', () => {
  it.each([
    ['UTF-16 LE with BOM', utf16('Hello\tWelt ü', 'le'), 'utf-16le'],
    ['UTF-16 BE with BOM', utf16('Hello\tWelt ü', 'be'), 'utf-16be'],
    ['UTF-16 LE without BOM', utf16('Hello\tWelt ü', 'le', false), 'utf-16le'],
    ['UTF-8 with BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Hello\tWelt ü')]), 'utf-8'],
    ['UTF-8', new TextEncoder().encode('Hello\tWelt ü'), 'utf-8'],
    ['Windows-1252', Uint8Array.from([...new TextEncoder().encode('Hello\tWelt '), 0xfc]), 'windows-1252'],
  ])('%s', (_, bytes, encoding) => {
    expect(decodeText(bytes)).toEqual({ text: 'Hello\tWelt ü', encoding })
  })
})

describe('pasted Quizlet export', () => {
  it.each([
    ['tab and new line', 'dog\tHund\ncat\tKatze\n', 'tab', 'newline'],
    ['comma and semicolon', 'dog,Hund;cat,Katze;', 'comma', 'semicolon'],
    ['custom separators', 'dog - Hund##cat - Katze', ' - ', '##'],
    ['CRLF rows', 'dog\tHund\r\ncat\tKatze\r\n', 'tab', 'newline'],
  ])('%s', (_, text, termSeparator, rowSeparator) => {
    expect(pairs(parseSeparatedText(text, { termSeparator, rowSeparator }, 'Pasted'))).toEqual([
      ['dog', 'Hund'],
      ['cat', 'Katze'],
    ])
  })

  it('keeps a second term separator in the definition and reports rows without one', () => {
    const result = parseSeparatedText('a,b,c\nlonely\n\nd,', { termSeparator: 'comma' }, 'Pasted')
    expect(pairs(result)).toEqual([['a', 'b,c']])
    expect(result.problems).toEqual([
      { line: 2, message: 'line 2: no definition, skipped' },
      { line: 4, message: 'line 4: no definition, skipped' },
    ])
  })
})

describe('text files', () => {
  it('reads Anki "Notes in Plain Text" headers: separator, html, deck and tags columns, cloze', () => {
    const text = [
      '#separator:Tab',
      '#html:true',
      '#columns:Front\tBack\tDeck\tTags',
      '#deck column:3',
      '#tags column:4',
      '<b>食べる</b>\tto eat\tJapanese::Verbs\tverb jlpt5',
      '"quoted\nfront"\tback&amp;more\tJapanese::Verbs\tverb',
      '{{c1::Tokyo}} is in {{c2::Japan}}\t\tGeo\t',
      'only front\t\tGeo\t',
    ].join('\n')
    const result = parseTextFile(text, 'notes.txt', {})
    expect(result.sets.map((set) => [set.title, set.tags])).toEqual([
      ['Japanese › Verbs', 'VERB,JLPT5'],
      ['Geo', ''],
    ])
    expect(pairs(result)).toEqual([
      ['食べる', 'to eat'],
      ['quoted\nfront', 'back&more'],
      ['[...] is in Japan', 'Tokyo'],
      ['Tokyo is in [...]', 'Japan'],
    ])
    expect(result.problems).toEqual([{ line: 10, message: 'line 10: no definition, skipped' }])
  })

  it('reads a TSV without headers, skipping comments, with line numbers', () => {
    const result = parseTextFile('# a comment\nfoo\tbar\nonly\n\tno term\n', 'words.tsv', {})
    expect(pairs(result)).toEqual([['foo', 'bar']])
    expect(result.sets[0]?.title).toBe('words')
    expect(result.problems.map((problem) => problem.message)).toEqual(['line 3: no definition, skipped', 'line 4: no term, skipped'])
  })

  it('reads a text file without a single tab as comma-separated (UTF-16 "Hello, world")', () => {
    expect(pairs(parseTextFile('Hello, world', 'hello.txt', {}))).toEqual([['Hello', 'world']])
    // One tab anywhere: tab-separated, commas kept.
    expect(pairs(parseTextFile('a, b\tc\nd\te, f', 'mixed.txt', {}))).toEqual([
      ['a, b', 'c'],
      ['d', 'e, f'],
    ])
  })

  it("reads Anki's plain-text headers in a .csv file instead of taking them for cards", () => {
    const csv = [
      '#separator:Comma',
      '#html:true',
      '#columns:Front,Back,Extra,Tags',
      '#tags column:4',
      '"Q, with comma","A, kept","<i>extra</i>","csv sample"',
      '"Two lines","1\n2","x","csv multiline"',
    ].join('\n')
    const result = parseCsvFile(csv, 'sample-anki.csv')
    expect(pairs(result)).toEqual([
      ['Q, with comma', 'A, kept'],
      ['Two lines', '1\n2'],
    ])
    expect(result.problems).toEqual([])
  })

  it('reads CSV and JSON with the spec rules, keeping more than 500 cards for the split', () => {
    const csv = ['Term,Definition', ...Array.from({ length: 501 }, (_, i) => `t${i},d${i}`), 'x,'].join('\n')
    const result = parseCsvFile(csv, 'big.csv')
    expect(result.sets[0]?.cards).toHaveLength(501)
    expect(result.problems).toEqual([{ line: 503, message: 'line 503: no definition, skipped' }])
    const json = parseJsonFile(JSON.stringify([{ term: 'a', definition: 'b' }, { front: 'c', back: 'd' }, 5]), 'cards.json')
    expect(pairs(json)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    expect(json.problems).toEqual([{ line: 3, message: 'card 3: no term, skipped' }])
  })

  it("reads Cardwise's own CSV Type column (cloze, reverse) and a text file's note type and guid columns (issue 27)", () => {
    const csv = parseCsvFile('Term,Definition,Type\n{{c1::Paris}} is in France,,cloze\nhund,dog,reverse\nkatze,cat,\n', 'kinds.csv')
    expect(csv.sets[0]?.cards.map((card) => [card.term, card.kind ?? 'basic', card.reverse ?? false])).toEqual([
      ['{{c1::Paris}} is in France', 'cloze', false],
      ['hund', 'basic', true],
      ['katze', 'basic', false],
    ])
    const text = parseTextFile(
      '#separator:tab\n#html:true\n#notetype column:3\n#guid column:4\n{{c1::a}} b\t\tCloze\tg1\nx &nbsp;y\tz\tBasic (and reversed card)\tg2\n',
      'kinds.txt',
      {},
    )
    expect(text.sets[0]?.cards.map((card) => [card.term, card.kind ?? 'basic', card.reverse ?? false, card.guid])).toEqual([
      ['{{c1::a}} b', 'cloze', false, 'g1'],
      ['x  y', 'basic', true, 'g2'],
    ])
  })

  it.each([
    ['{not json', parseJsonFile, 'Invalid JSON format'],
    ['{"a":1}', parseJsonFile, 'JSON must contain an array of flashcards'],
    ['Term,Definition\n', parseCsvFile, 'CSV must contain at least one row of data'],
    ['a,b\n"unterminated,x', parseCsvFile, /^Invalid CSV format: /],
  ] as const)('refuses %j with the spec message', (text, parse, message) => {
    expect(() => parse(text, 'f')).toThrow(TextFormatError)
    expect(() => parse(text, 'f')).toThrow(message)
  })
})

describe('fields that hold HTML (issue 27)', () => {
  const csv = 'Front,Back\n"What is <b>ATP</b>?","Energy<br>of the cell"\n"Tom &amp; Jerry","<div>cat</div><div>mouse</div>"\n'

  it('recognises HTML in a plain CSV and reads the fields as Anki shows them', () => {
    const result = parseCsvFile(csv, 'deck.csv')
    expect(result.html).toBe(true)
    expect(pairs(result)).toEqual([
      ['What is ATP?', 'Energy\nof the cell'],
      ['Tom & Jerry', 'cat\nmouse'],
    ])
  })

  it('keeps the tags as text when the student turns the switch off', () => {
    const result = parseCsvFile(csv, 'deck.csv', false)
    expect(result.html).toBe(false)
    expect(pairs(result)[0]).toEqual(['What is <b>ATP</b>?', 'Energy<br>of the cell'])
  })

  it('does not take ordinary text with < or & for HTML, unless told', () => {
    const plain = 'Front,Back\nx < y,true when x is smaller\nR&D,research & development\n'
    expect(parseCsvFile(plain, 'maths.csv').html).toBe(false)
    expect(pairs(parseCsvFile(plain, 'maths.csv'))[1]).toEqual(['R&D', 'research & development'])
    expect(pairs(parseCsvFile('Front,Back\na&lt;b,less\n', 'maths.csv', true))).toEqual([['a<b', 'less']])
  })

  it('reads a tab-separated text file and pasted text the same way', () => {
    const text = 'dog<br>puppy\tHund&nbsp;<i>m</i>\ncat\tKatze\n'
    for (const result of [parseTextFile(text, 'words.txt', {}), parseSeparatedText(text, { termSeparator: 'tab', rowSeparator: 'newline' }, 'Pasted')]) {
      expect(result.html).toBe(true)
      expect(pairs(result)).toEqual([
        ['dog\npuppy', 'Hund m'],
        ['cat', 'Katze'],
      ])
    }
    expect(pairs(parseSeparatedText(text, { termSeparator: 'tab', rowSeparator: 'newline' }, 'Pasted', false))[0]).toEqual([
      'dog<br>puppy',
      'Hund&nbsp;<i>m</i>',
    ])
  })

  it("follows Anki's #html header, and the student's switch over it", () => {
    const text = '#separator:tab\n#html:false\n<b>bold</b>\tx\n'
    expect(parseTextFile(text, 'a.txt', {}).html).toBe(false)
    expect(pairs(parseTextFile(text, 'a.txt', {}))).toEqual([['<b>bold</b>', 'x']])
    expect(pairs(parseTextFile(text, 'a.txt', {}, true))).toEqual([['bold', 'x']])
  })
})
