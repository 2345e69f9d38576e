import Papa from 'papaparse'
import { AUDIO_DATA_URL, dataUrlBytes, type MediaAudioType } from '#shared/api/media-kinds'
import { separatorText } from '#shared/import/separators'
import { cutText, titleFromFileName } from '#shared/import/parse-import'
import { IMPORT_LIMITS } from '#shared/limits'
import { importMessages } from '#shared/messages'
import { SET_LIMITS } from '#shared/limits'
import { containsProfanity } from '#shared/text/profanity'
import { clozeCards } from '#server/features/imports/anki/cloze'
import { fieldContent, looksLikeHtml } from '#server/features/imports/anki/field-text'
import { limitCard, type ParsedCard, type ParsedImport, type ParsedSet, ProblemList } from '#server/features/imports/parsed-import'

/**
 * Text formats of the import preview: pasted Quizlet exports, TSV, Anki's "Notes in Plain Text"
 * (with its `#key:value` header lines), CSV and JSON (with the spec's rules and messages).
 * A file that cannot be read at all throws `TextFormatError` with the message to show; single
 * rows that cannot be used are problems with their line number.
 */

export class TextFormatError extends Error {}

export interface Separators {
  /** Between term and definition: `tab`, `comma`, `semicolon`, `newline` or literal text. */
  termSeparator?: string
  /** Between cards. */
  rowSeparator?: string
}

/** A row's line number and its cells. */
interface Row {
  line: number
  cells: string[]
}

function finishSet(title: string, rows: Array<{ line: number; card: ParsedCard }>, problems: ProblemList): ParsedSet {
  const cards: ParsedCard[] = []
  for (const { line, card } of rows) {
    const kept = limitCard(card, line, problems)
    if (kept) cards.push(kept)
  }
  return { title, tags: '', cards }
}

/** A field as Anki shows it when it is HTML (line breaks, entities decoded, tags dropped), else as it is. */
const fieldCleaner = (html: boolean) => (html ? (value: string) => fieldContent(value).text : (value: string) => value)

const textCard = (term: string, definition: string, line: number): ParsedCard => ({ term, definition, termImage: null, definitionImage: null, line })

/**
 * Quizlet's export, pasted: each row split at the first term separator (a definition may hold the
 * separator again, e.g. a comma). Blank rows are skipped silently, as Quizlet writes a last one.
 */
export function parseSeparatedText(text: string, separators: Separators, title: string, asked?: boolean): ParsedImport {
  const html = asked ?? looksLikeHtml(text)
  const clean = fieldCleaner(html)
  const termSeparator = separatorText(separators.termSeparator ?? 'tab')
  const rowSeparator = separatorText(separators.rowSeparator ?? 'newline')
  const normalised = text.replace(/\r\n?/g, '\n')
  const problems = new ProblemList('line')
  const rows: Array<{ line: number; card: ParsedCard }> = []
  normalised.split(rowSeparator).forEach((row, index) => {
    if (row.trim() === '') return
    const line = index + 1
    const cut = row.indexOf(termSeparator)
    if (cut < 0) {
      problems.add(line, 'no definition, skipped')
      return
    }
    rows.push({ line, card: textCard(clean(row.slice(0, cut)), clean(row.slice(cut + termSeparator.length)), line) })
  })
  const set = finishSet(title, rows, problems)
  return { format: 'text', sets: set.cards.length > 0 ? [set] : [], problems: problems.list(), images: {}, html }
}

/** Anki's `#separator:` names (case-insensitive), else the literal character. */
const ANKI_SEPARATORS: Record<string, string> = { tab: '\t', comma: ',', semicolon: ';', space: ' ', pipe: '|', colon: ':' }

interface AnkiTextHeaders {
  separator?: string
  /** `#html:` as the file says; absent when it says nothing. */
  html?: boolean
  columns?: string[]
  deck?: string
  tags?: string
  deckColumn?: number
  tagsColumn?: number
  notetypeColumn?: number
  guidColumn?: number
  /** Lines the headers took. */
  headerLines: number
}

/** `#key:value` lines at the top of the file (Anki 2.1.55+ "Notes in Plain Text"). */
function readAnkiHeaders(lines: string[]): AnkiTextHeaders | null {
  const headers: AnkiTextHeaders = { headerLines: 0 }
  let seen = false
  for (const line of lines) {
    const match = /^#([a-z ]+):(.*)$/i.exec(line)
    if (!match) break
    headers.headerLines += 1
    const key = (match[1] as string).trim().toLowerCase()
    const value = (match[2] as string).trim()
    const column = Number(value)
    seen = true
    if (key === 'separator') headers.separator = ANKI_SEPARATORS[value.toLowerCase()] ?? value
    else if (key === 'html') headers.html = value.toLowerCase() === 'true'
    else if (key === 'columns') headers.columns = value.split(/\t|,|;/)
    else if (key === 'deck') headers.deck = value
    else if (key === 'tags') headers.tags = value
    else if (key === 'deck column' && column > 0) headers.deckColumn = column
    else if (key === 'tags column' && column > 0) headers.tagsColumn = column
    else if (key === 'notetype column' && column > 0) headers.notetypeColumn = column
    else if (key === 'guid column' && column > 0) headers.guidColumn = column
  }
  return seen ? headers : null
}

/** Delimited rows with CSV quoting (a quoted field may hold the separator or line breaks), with their line numbers. */
function delimitedRows(text: string, delimiter: string, firstLine: number): Row[] {
  const result = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy', comments: '#' })
  // Papa gives no line numbers; count the line breaks each row's raw text spans instead.
  const rows: Row[] = []
  let line = firstLine
  const lines = text.split('\n')
  let lineIndex = 0
  for (const cells of result.data) {
    while (lineIndex < lines.length && (lines[lineIndex]?.trim() === '' || lines[lineIndex]?.startsWith('#'))) lineIndex++
    line = firstLine + lineIndex
    rows.push({ line, cells })
    lineIndex += 1 + cells.reduce((breaks, cell) => breaks + (cell.match(/\n/g)?.length ?? 0), 0)
  }
  return rows
}

const readableDeck = (name: string) =>
  name
    .split('::')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' › ')

function tagsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((tag) => tag.toUpperCase())
    .filter((tag) => tag && tag.length <= SET_LIMITS.tag && !tag.includes(',') && !containsProfanity(tag))
}

/**
 * Anki "Notes in Plain Text": headers, then rows; one set per deck named in a deck column. Fields
 * are HTML as the student set it, else as `#html:` says, else when the text holds HTML tags.
 */
function parseAnkiText(lines: string[], headers: AnkiTextHeaders, fallbackTitle: string, asked?: boolean): ParsedImport {
  const body = lines.slice(headers.headerLines).join('\n')
  const html = asked ?? headers.html ?? looksLikeHtml(body)
  const separator = headers.separator ?? (body.includes('\t') ? '\t' : ',')
  const meta = new Set(
    [headers.deckColumn, headers.tagsColumn, headers.notetypeColumn, headers.guidColumn]
      .filter((column) => column !== undefined)
      .map((column) => (column as number) - 1),
  )
  const problems = new ProblemList('line')
  const decks = new Map<string, { rows: Array<{ line: number; card: ParsedCard }>; tags: Map<string, number> }>()
  const clean = fieldCleaner(html)
  for (const row of delimitedRows(body, separator, headers.headerLines + 1)) {
    const content = row.cells.filter((_, index) => !meta.has(index))
    const deckName = readableDeck(headers.deckColumn ? (row.cells[headers.deckColumn - 1] ?? '') : (headers.deck ?? '')) || fallbackTitle
    let deck = decks.get(deckName)
    if (!deck) {
      deck = { rows: [], tags: new Map() }
      decks.set(deckName, deck)
    }
    for (const tag of tagsOf(`${headers.tags ?? ''} ${headers.tagsColumn ? (row.cells[headers.tagsColumn - 1] ?? '') : ''}`))
      deck.tags.set(tag, (deck.tags.get(tag) ?? 0) + 1)
    const first = content[0] ?? ''
    const guid = headers.guidColumn ? row.cells[headers.guidColumn - 1] : undefined
    // A note type column (Cardwise's and Anki's exports) says a note is a cloze note (kept as one cloze card, issue
    // 27) or a reversed one (a reverse card).
    const noteType = headers.notetypeColumn ? (row.cells[headers.notetypeColumn - 1] ?? '') : ''
    if (/cloze/i.test(noteType) && /\{\{c\d+::/.test(first)) {
      const card: ParsedCard = { ...textCard(clean(first), clean(content[1] ?? ''), row.line), kind: 'cloze' }
      deck.rows.push({ line: row.line, card: guid ? { ...card, guid } : card })
      continue
    }
    const deletions = /\{\{c\d+::/.test(first) ? clozeCards(first.slice(0, 20_000)).slice(0, 100) : []
    if (deletions.length > 0) {
      for (const deletion of deletions) {
        const hint = clean(deletion.hint)
        deck.rows.push({
          line: row.line,
          card: textCard(clean(deletion.questionHtml), hint ? `${clean(deletion.answerHtml)} (hint: ${hint})` : clean(deletion.answerHtml), row.line),
        })
      }
      continue
    }
    if (content.length < 2) {
      problems.add(row.line, 'no definition, skipped')
      continue
    }
    const reverse = /^Basic \(and reversed card\)/i.test(noteType)
    const card: ParsedCard = { ...textCard(clean(first), clean(content[1] ?? ''), row.line), ...(reverse ? { reverse } : {}) }
    deck.rows.push({ line: row.line, card: guid ? { ...card, guid } : card })
  }
  const sets = [...decks].flatMap(([title, deck]) => {
    const set = finishSet(cutText(title, IMPORT_LIMITS.title).trim(), deck.rows, problems)
    set.tags = [...deck.tags]
      .sort((a, b) => b[1] - a[1])
      .slice(0, SET_LIMITS.tagsPerSet)
      .map(([tag]) => tag)
      .join(',')
    return set.cards.length > 0 ? [set] : []
  })
  return { format: 'text', sets, problems: problems.list(), images: {}, html }
}

/** A `.txt` or `.tsv` file: Anki's headers if it has them, else term/definition rows (tab unless told otherwise). */
export function parseTextFile(text: string, fileName: string, separators: Separators, html?: boolean): ParsedImport {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const title = titleFromFileName(fileName) || 'Imported cards'
  const lines = normalised.split('\n')
  const headers = readAnkiHeaders(lines)
  if (headers) return parseAnkiText(lines, headers, title, html)
  // No separator chosen: tab, or comma in a file without a single tab (as Anki reads such a file).
  if (!separators.termSeparator && !separators.rowSeparator) return parseAnkiText(lines, { headerLines: 0 }, title, html)
  return parseSeparatedText(normalised, separators, title, html)
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** A CSV row's card with its `Type` (`cloze` or `reverse`), as Cardwise's CSV export writes it. */
function typedCard(card: ParsedCard, type: string | undefined): ParsedCard {
  const kind = type?.trim().toLowerCase()
  if (kind === 'cloze' && /\{\{c\d+::/.test(card.term)) return { ...card, kind: 'cloze' }
  if (kind === 'reverse') return { ...card, reverse: true }
  return card
}

/** CSV as the spec reads it (header row skipped, the first two columns), every card kept: the preview offers the split. */
export function parseCsvFile(text: string, fileName: string, asked?: boolean): ParsedImport {
  const content = text.replace(/^\uFEFF/, '')
  // Anki's "Notes in Plain Text" saved as .csv: its headers (#separator:Comma, #columns:...) decide.
  const lines = content.replace(/\r\n?/g, '\n').split('\n')
  const headers = readAnkiHeaders(lines)
  if (headers) return parseAnkiText(lines, headers, titleFromFileName(fileName) || 'Imported cards', asked)
  const result = Papa.parse<string[]>(content, { skipEmptyLines: 'greedy' })
  const error = result.errors.find((candidate) => candidate.type !== 'Delimiter')
  if (error) throw new TextFormatError(importMessages.csvInvalid(error.message))
  const rows = result.data.slice(1)
  if (rows.length === 0) throw new TextFormatError(importMessages.csvNoRows)
  const problems = new ProblemList('line')
  const html = asked ?? rows.some((row) => looksLikeHtml(row[0] ?? '') || looksLikeHtml(row[1] ?? ''))
  const clean = fieldCleaner(html)
  // Cardwise's own export of cloze and reverse cards adds a `Type` column (issue 27).
  const typeColumn = (result.data[0] ?? []).findIndex((name, index) => index >= 2 && name.trim().toLowerCase() === 'type')
  // Line numbers as a spreadsheet shows them: the header is row 1.
  const set = finishSet(
    titleFromFileName(fileName) || 'Imported cards',
    rows.map((row, index) => ({ line: index + 2, card: typedCard(textCard(clean(row[0] ?? ''), clean(row[1] ?? ''), index + 2), row[typeColumn]) })),
    problems,
  )
  return { format: 'csv', sets: set.cards.length > 0 ? [set] : [], problems: problems.list(), images: {}, html }
}

/**
 * The pictures and recordings of a JSON file, each distinct `data:` URL once under a name of its
 * own (as a package's files are), for the preview to store as drafts.
 */
class JsonMedia {
  readonly images: Record<string, Uint8Array> = {}
  readonly sounds: Record<string, { bytes: Uint8Array; type: MediaAudioType }> = {}
  private readonly names = new Map<string, string>()

  picture(value: unknown): string | null {
    if (typeof value !== 'string') return null
    return this.named(
      value,
      () => dataUrlBytes(value),
      (name, bytes) => (this.images[name] = bytes),
    )
  }

  sound(value: unknown): string | null {
    if (typeof value !== 'string') return null
    const match = AUDIO_DATA_URL.exec(value)
    if (!match) return null
    const type = match[1] as MediaAudioType
    return this.named(
      value,
      () => Buffer.from(match[2] ?? '', 'base64'),
      (name, bytes) => (this.sounds[name] = { bytes: new Uint8Array(bytes), type }),
    )
  }

  private named(value: string, bytesOf: () => Uint8Array | undefined, keep: (name: string, bytes: Uint8Array) => void): string | null {
    const known = this.names.get(value)
    if (known) return known
    const bytes = bytesOf()
    if (!bytes || bytes.length === 0) return null
    const name = `media-${this.names.size + 1}`
    this.names.set(value, name)
    keep(name, bytes)
    return name
  }
}

/**
 * JSON as the spec reads it: an array of `{ term, definition }` (or `front`/`back`), and as
 * Cardwise exports it: pictures and recordings as `data:` URLs (`termImage`, `definitionImage`,
 * `termAudio`, `definitionAudio`), `kind: 'cloze'` and `reverse`. A card whose side is only a
 * picture or a sound is kept.
 */
export function parseJsonFile(text: string, fileName: string): ParsedImport {
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    throw new TextFormatError(importMessages.invalidJson)
  }
  if (!Array.isArray(data)) throw new TextFormatError(importMessages.jsonNotArray)
  const problems = new ProblemList('card')
  const media = new JsonMedia()
  const set = finishSet(
    titleFromFileName(fileName) || 'Imported cards',
    data.map((item: unknown, index) => {
      const record = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {}
      const card: ParsedCard = {
        ...textCard(textOf(record.term) || textOf(record.front), textOf(record.definition) || textOf(record.back), index + 1),
        termImage: media.picture(record.termImage),
        definitionImage: media.picture(record.definitionImage),
        termAudio: media.sound(record.termAudio),
        definitionAudio: media.sound(record.definitionAudio),
        kind: record.kind === 'cloze' ? 'cloze' : 'basic',
        reverse: record.reverse === true && record.kind !== 'cloze',
      }
      return { line: index + 1, card: typeof record.guid === 'string' && record.guid ? { ...card, guid: record.guid } : card }
    }),
    problems,
  )
  return { format: 'json', sets: set.cards.length > 0 ? [set] : [], problems: problems.list(), images: media.images, sounds: media.sounds }
}
