import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkImportFile, cutText, IMPORT_LIMITS, importFormatOf, importMessages, parseImportText, titleFromFileName } from './parse-import'

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/import')

/** A fixture file read as the dialog reads it: the bytes decoded as UTF-8 (the BOM left in). */
function parseFixture(name: string) {
  const format = importFormatOf(name)
  if (!format) throw new Error(`${name} is no import file`)
  return parseImportText(format, new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(path.join(FIXTURES, name))))
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => ({ term: `Term ${i + 1}`, definition: `Definition ${i + 1}` }))

/** What each fixture must give: its cards, or its exact message (docs/content-rules.md, 'Import'). */
const expected: Record<string, { cards: Array<{ term: string; definition: string }> } | { message: string }> = {
  'spreadsheet-export.csv': {
    cards: [
      { term: 'Photosynthesis', definition: 'The process by which plants make glucose from light, water and CO2' },
      { term: 'Mitochondria', definition: 'The "powerhouse" of the cell' },
      { term: 'Haiku', definition: 'Five syllables,\nseven syllables,\nfive syllables' },
      { term: 'Привет', definition: 'Hello (Russian)' },
      { term: '猫', definition: 'Cat (Japanese: neko)' },
      { term: 'مرحبا', definition: 'Hello (Arabic)' },
      { term: 'Party 🎉', definition: 'A celebration 🥳, with friends' },
      { term: 'Osmosis', definition: 'Diffusion of water through a membrane' },
    ],
  },
  'cards-500.csv': { cards: numbered(500) },
  'cards-500.json': { cards: numbered(500) },
  'cards-501.csv': { message: 'Maximum of 500 flashcards allowed' },
  'cards-501.json': { message: 'Maximum of 500 flashcards allowed' },
  'invalid.json': { message: 'Invalid JSON format' },
  'object-not-array.json': { message: 'JSON must contain an array of flashcards' },
  'front-back.json': {
    cards: [
      { term: 'Bonjour', definition: 'Hello' },
      { term: 'Merci', definition: 'Thank you' },
      { term: 'Au revoir', definition: 'Goodbye' },
    ],
  },
  'header-only.csv': { message: 'CSV must contain at least one row of data' },
  'no-valid-cards.csv': { message: 'No valid flashcards found in file' },
  'unterminated-quote.csv': { message: 'Invalid CSV format: Quoted field unterminated' },
  'long-text.json': { cards: [{ term: 'T'.repeat(120), definition: 'D'.repeat(299) }] },
  'semicolon-excel.csv': {
    cards: [
      { term: 'Hund', definition: 'Dog, a pet' },
      { term: 'Katze', definition: 'Cat' },
    ],
  },
}

describe('the import fixtures', () => {
  it('are all covered here', () => {
    expect(readdirSync(FIXTURES).sort()).toEqual(Object.keys(expected).sort())
  })

  it.each(Object.entries(expected))('%s', (name, outcome) => {
    const result = parseFixture(name)
    if ('cards' in outcome) expect(result).toEqual({ ok: true, cards: outcome.cards })
    else expect(result).toEqual({ ok: false, message: outcome.message })
  })
})

describe('parseImportText', () => {
  it('reads CSV by column position whatever the header says, ignoring extra columns', () => {
    expect(parseImportText('csv', 'Front,Back,Extra\nA,B,C\nD,E')).toEqual({
      ok: true,
      cards: [
        { term: 'A', definition: 'B' },
        { term: 'D', definition: 'E' },
      ],
    })
  })

  it('prefers term/definition to front/back and reads numbers as text', () => {
    expect(parseImportText('json', '[{"term":"2+2","definition":4,"front":"x","back":"y"}]')).toEqual({ ok: true, cards: [{ term: '2+2', definition: '4' }] })
  })

  it('counts the cards left after dropping the incomplete ones', () => {
    const json = JSON.stringify([...numbered(500), { term: 'no definition' }, { definition: 'no term' }])
    expect(parseImportText('json', json)).toEqual({ ok: true, cards: numbered(500) })
  })

  it('gives the exact messages for empty input', () => {
    expect(parseImportText('json', '')).toEqual({ ok: false, message: importMessages.invalidJson })
    expect(parseImportText('json', '[]')).toEqual({ ok: false, message: importMessages.noValidCards })
    expect(parseImportText('csv', '')).toEqual({ ok: false, message: importMessages.csvNoRows })
    expect(parseImportText('csv', '\uFEFF\r\n\r\n')).toEqual({ ok: false, message: importMessages.csvNoRows })
  })

  it('keeps the pictures of a JSON file (data: URLs), so a side may be a picture alone; anything else is not a picture', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo='
    const text = JSON.stringify([
      { term: '', definition: 'femur', termImage: png },
      { term: 'skull', definition: '', definitionImage: png },
      { term: 'plain', definition: 'text', termImage: 'https://example.org/x.png' },
      { term: '', definition: 'no picture', termImage: 'data:text/html;base64,PHNjcmlwdD4=' },
    ])
    expect(parseImportText('json', text)).toEqual({
      ok: true,
      cards: [
        { term: '', definition: 'femur', termImage: png },
        { term: 'skull', definition: '', definitionImage: png },
        { term: 'plain', definition: 'text' },
      ],
    })
  })

  it('answers an unknown format', () => {
    expect(parseImportText('xml' as 'json', '<cards/>')).toEqual({ ok: false, message: 'Unsupported file format' })
  })
})

describe('checkImportFile', () => {
  it('takes .json and .csv in any case, up to 5MB', () => {
    expect(checkImportFile({ name: 'Biology.JSON', size: 10 })).toBeNull()
    expect(checkImportFile({ name: 'biology.csv', size: IMPORT_LIMITS.fileBytes })).toBeNull()
  })

  it('refuses other types first, then files over 5MB', () => {
    expect(checkImportFile({ name: 'biology.xlsx', size: 10 })).toBe('Only JSON and CSV files are supported')
    expect(checkImportFile({ name: 'csv', size: 10 })).toBe('Only JSON and CSV files are supported')
    expect(checkImportFile({ name: 'biology.csv.txt', size: 10 })).toBe('Only JSON and CSV files are supported')
    expect(checkImportFile({ name: 'huge.txt', size: 6 * 1024 * 1024 })).toBe('Only JSON and CSV files are supported')
    expect(checkImportFile({ name: 'huge.csv', size: IMPORT_LIMITS.fileBytes + 1 })).toBe('File size exceeds the maximum limit of 5MB')
  })

  it('refuses a real file just over 5MB (written at run time, never committed)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cardwise-import-'))
    try {
      const file = path.join(dir, 'big-export.csv')
      const row = 'Term,A definition that fills the file\r\n'
      writeFileSync(file, `Term,Definition\r\n${row.repeat(Math.ceil((5 * 1024 * 1024) / row.length) + 1)}`)
      expect(checkImportFile({ name: 'big-export.csv', size: statSync(file).size })).toBe(importMessages.tooLarge)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('importFormatOf and titleFromFileName', () => {
  it('knows the format by extension', () => {
    expect(importFormatOf('a.b.Csv')).toBe('csv')
    expect(importFormatOf('cards.json')).toBe('json')
    expect(importFormatOf('cards.txt')).toBeNull()
    expect(importFormatOf('json')).toBeNull()
  })

  it('proposes the name without its extension, cut to 45 characters', () => {
    expect(titleFromFileName('Biology 101.csv')).toBe('Biology 101')
    expect(titleFromFileName('ch.3 notes.final.json')).toBe('ch.3 notes.final')
    expect(titleFromFileName(`${'x'.repeat(60)}.csv`)).toBe('x'.repeat(45))
  })

  it('never cuts an emoji in two', () => {
    expect(cutText(`${'a'.repeat(44)}😀`, 45)).toBe('a'.repeat(44))
    expect(cutText(`${'a'.repeat(43)}😀`, 45)).toBe(`${'a'.repeat(43)}😀`)
  })
})
