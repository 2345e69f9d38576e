import Papa from 'papaparse'
import { DATA_URL } from '#shared/api/media-kinds'
import { IMPORT_LIMITS } from '#shared/limits'
import { importMessages } from '#shared/messages'

/**
 * Reading an import file (docs/content-rules.md, 'Import'). Pure and free of Node built-ins:
 * the import dialog runs it in the browser, and the server checks the cards again with
 * `createImportSetSchema` (shared/api/sets.ts), which also strips markup and masks profanity.
 */

// The limits and messages live with the others (shared/limits.ts, shared/messages.ts).
export { IMPORT_LIMITS } from '#shared/limits'
export { importMessages } from '#shared/messages'

export type ImportFormat = 'json' | 'csv'

export interface ImportCard {
  term: string
  definition: string
  /** A JSON file's pictures (data: URLs, as a JSON export writes them); POST /api/sets/import takes them. */
  termImage?: string
  definitionImage?: string
  /** A cloze card (a JSON export's `kind`); basic when absent. */
  kind?: 'cloze'
  /** Also asked in reverse (a JSON export's `reverse`). */
  reverse?: true
  /** Stable identity (issue 27): an export's or an Anki note's guid. */
  guid?: string
}

export type ParseImportResult = { ok: true; cards: ImportCard[] } | { ok: false; message: string }

/** The format named by the file's extension (any case), or null for anything else. */
export function importFormatOf(name: string): ImportFormat | null {
  const extension = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase()
  return extension === 'json' || extension === 'csv' ? extension : null
}

/** The first problem with a chosen file (its type, then its size), or null when it may be read. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  if (importFormatOf(file.name) === null) return importMessages.unsupportedType
  if (file.size > IMPORT_LIMITS.fileBytes) return importMessages.tooLarge
  return null
}

/**
 * Text cut to at most `max` UTF-16 units (what the limits count), without splitting an emoji or
 * other character outside the BMP in two.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const last = cut.charCodeAt(cut.length - 1)
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut
}

/** The title the dialog proposes for a file: its name without the extension, cut to 45 characters. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/^.*[/\\]/, '')
  return cutText(base.replace(/\.[^.]*$/, '').trim(), IMPORT_LIMITS.title).trim()
}

const BOM = /^\uFEFF/

/** A text value of a file: strings as they are, numbers written out; anything else is missing. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** A picture of a JSON file: a data: URL of one of the four types, else none. */
function pictureOf(value: unknown): string | undefined {
  return typeof value === 'string' && DATA_URL.test(value) ? value : undefined
}

/** A spreadsheet's CRLF inside a quoted cell is kept as a plain line break. */
const normaliseLineBreaks = (text: string) => text.replace(/\r\n?/g, '\n')

/** Trimmed and cut cards; those lacking a term or a definition (text or picture) dropped; then the count limits. */
function finish(raw: ImportCard[]): ParseImportResult {
  const cards: ImportCard[] = []
  for (const card of raw) {
    const term = cutText(normaliseLineBreaks(card.term).trim(), IMPORT_LIMITS.term).trim()
    const definition = cutText(normaliseLineBreaks(card.definition).trim(), IMPORT_LIMITS.definition).trim()
    const extras = {
      ...(card.termImage ? { termImage: card.termImage } : {}),
      ...(card.definitionImage ? { definitionImage: card.definitionImage } : {}),
      ...(card.kind === 'cloze' ? { kind: card.kind } : {}),
      ...(card.reverse ? { reverse: card.reverse } : {}),
    }
    // A cloze card's definition is optional extra text.
    if ((term || extras.termImage) && (definition || extras.definitionImage || extras.kind === 'cloze')) cards.push({ term, definition, ...extras })
  }
  if (cards.length > IMPORT_LIMITS.cards) return { ok: false, message: importMessages.tooManyCards }
  if (cards.length === 0) return { ok: false, message: importMessages.noValidCards }
  return { ok: true, cards }
}

function parseJson(text: string): ParseImportResult {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, message: importMessages.invalidJson }
  }
  if (!Array.isArray(data)) return { ok: false, message: importMessages.jsonNotArray }
  const raw = data.map((item: unknown) => {
    if (typeof item !== 'object' || item === null) return { term: '', definition: '' }
    const record = item as Record<string, unknown>
    return {
      term: textOf(record.term) || textOf(record.front),
      definition: textOf(record.definition) || textOf(record.back),
      termImage: pictureOf(record.termImage),
      definitionImage: pictureOf(record.definitionImage),
      ...(record.kind === 'cloze' ? { kind: 'cloze' as const } : {}),
      ...(record.reverse === true ? { reverse: true as const } : {}),
    }
  })
  return finish(raw)
}

function parseCsv(text: string): ParseImportResult {
  // 'greedy' also skips a spreadsheet's empty rows, which come out as ',,' rather than ''.
  const result = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' })
  // A file with a single column has no delimiter to detect; the rows are still read (and then
  // dropped for lacking a definition), so that is not a format error.
  const error = result.errors.find((candidate) => candidate.type !== 'Delimiter')
  if (error) return { ok: false, message: importMessages.csvInvalid(error.message) }
  const rows = result.data.slice(1)
  if (rows.length === 0) return { ok: false, message: importMessages.csvNoRows }
  return finish(rows.map((row) => ({ term: row[0] ?? '', definition: row[1] ?? '' })))
}

/** The cards of an import file's text, or the message (docs/content-rules.md, 'Import') for what is wrong with it. */
export function parseImportText(format: ImportFormat, text: string): ParseImportResult {
  const content = text.replace(BOM, '')
  if (format === 'json') return parseJson(content)
  if (format === 'csv') return parseCsv(content)
  return { ok: false, message: importMessages.unsupportedFormat }
}
