import SQLite from 'better-sqlite3'
import { cutText, IMPORT_LIMITS } from '#shared/import/parse-import'
import { SET_LIMITS } from '#shared/limits'
import { audioTypeOfName, type MediaAudioType } from '#shared/api/media-kinds'
import { containsProfanity } from '#shared/text/profanity'
import { limitCard, type ParsedCard, type ParsedImport, type ParsedSet, ProblemList } from '#server/features/imports/parsed-import'
import { clozeNumbers } from '#shared/cards/cloze'
import { clozeCards } from './cloze'
import { fieldContent } from './field-text'
import { ProtoError, readMessage, repeatedBytes, stringField, varintField } from './protobuf'
import { listZip, PackageError, readEntry, type ZipEntry, type ZipLimits } from './zip'
import { decompressZstd, ZstdLimitError } from './zstd'

/**
 * Reads an Anki package (`.apkg`, or a whole collection `.colpkg`) of any generation into sets of
 * cards. Runs in the import worker (see parse-in-worker.ts), never on the request thread.
 *
 * The three generations (newest first, as Anki itself prefers them):
 * - `collection.anki21b`: zstd-compressed SQLite, schema 18 (note types and decks in their own
 *   tables, with protobuf blobs); `media` is a zstd-compressed protobuf list; media files are
 *   zstd-compressed too. `meta` says version 3.
 * - `collection.anki21`: plain SQLite, schema 11 (note types and decks as JSON in `col`).
 * - `collection.anki2`: the oldest. Beside a newer collection it is only a stub whose one note
 *   says "Please update to the latest Anki version": never read then.
 */

export interface PackageLimits extends ZipLimits {
  /** Notes read at most; a package with more is refused. */
  maxNotes: number
}

/** Schema 11 and 18 columns this reader touches. */
interface AnkiTables {
  col: { ver: number; models: string; decks: string }
  notes: { id: number; guid: string; mid: number; tags: string; flds: string }
  cards: { nid: number; did: number; odid: number; ord: number }
  notetypes: { id: number; name: string; config: Uint8Array }
  templates: { ntid: number; ord: number; config: Uint8Array }
  fields: { ntid: number; ord: number; name: string }
  decks: { id: number; name: string }
}

/**
 * Whether a note type's notes are asked in reverse too: never, always ("Basic (and reversed card)"), or when a
 * field is filled ("Basic (optional reversed card)", its third field `Add Reverse`): the field's index.
 */
type Reverse = 'never' | 'always' | { whenField: number }

interface NoteType {
  cloze: boolean
  reverse: Reverse
}

/**
 * Reverse from the note type's card templates: a second template that asks the second field is a reverse card, and
 * one wrapped in `{{#Field}}...{{/Field}}` is made only when that field is filled. A note type listed without its
 * templates is known by Anki's stock names.
 */
export function reverseOf(name: string, fieldNames: string[], questionFormats: string[]): Reverse {
  if (questionFormats.length === 0) {
    if (name.startsWith('Basic (and reversed card)')) return 'always'
    if (name.startsWith('Basic (optional reversed card)')) return { whenField: 2 }
    return 'never'
  }
  const second = questionFormats[1]
  const back = fieldNames[1]
  if (second === undefined || back === undefined || !second.includes(`{{${back}}}`)) return 'never'
  const condition = /^\s*\{\{#([^}]+)\}\}/.exec(second)?.[1]?.trim()
  const index = condition === undefined ? -1 : fieldNames.indexOf(condition)
  return index > 1 ? { whenField: index } : 'always'
}

/** Whether this note's card is asked in reverse too. */
function noteReverse(noteType: NoteType | undefined, fields: string[]): boolean {
  const reverse = noteType?.reverse ?? 'never'
  if (reverse === 'never' || reverse === 'always') return reverse === 'always'
  return fieldContent(fields[reverse.whenField] ?? '').text !== ''
}

const IMAGE_TYPES = /\.(png|jpe?g|gif|webp)$/i
/** The containers POST /api/media takes, by file extension (Anki keeps a recording's own name). */
const audioTypeOf = audioTypeOfName
/** Anki marks some notes with these tags itself; they say nothing about the subject. */
const ANKI_OWN_TAGS = new Set(['LEECH', 'MARKED'])
/** A cloze note gives at most this many cards (one per deletion number). */
const MAX_CLOZE_CARDS_PER_NOTE = 100
/** A stub collection beside a newer one holds this text (Anki 2.1.50+ exports). */
const STUB_TEXT = 'Please update to the latest Anki version'

const damaged = () => new PackageError('The collection inside this Anki package is damaged and cannot be read.')

function entryBytes(zip: Uint8Array, entries: Map<string, ZipEntry>, name: string): Uint8Array | undefined {
  const entry = entries.get(name)
  return entry ? readEntry(zip, entry) : undefined
}

/** The package's `meta` version: 3 (latest, zstd everywhere) or older. */
function packageVersion(meta: Uint8Array | undefined): number {
  if (!meta) return 0
  try {
    return varintField(readMessage(meta), 1)
  } catch {
    throw new PackageError('This Anki package is damaged (its meta file cannot be read).')
  }
}

/**
 * File name to zip entry name. Old packages: JSON `{"0": "photo.jpg"}`. Latest: a zstd-compressed
 * protobuf `MediaEntries { repeated MediaEntry entries = 1 }`, `MediaEntry { string name = 1;
 * uint32 size = 2; bytes sha1 = 3; optional uint32 legacy_zip_filename = 255 }`, the entry's
 * zip name being its index.
 */
function mediaMap(bytes: Uint8Array | undefined, latest: boolean, maxBytes: number): Map<string, string> {
  const map = new Map<string, string>()
  if (!bytes || bytes.length === 0) return map
  try {
    if (latest) {
      const entries = repeatedBytes(readMessage(decompressZstd(bytes, maxBytes)), 1)
      entries.forEach((entry, index) => {
        const fields = readMessage(entry)
        const name = stringField(fields, 1)
        const legacy = fields.some((field) => field.field === 255) ? varintField(fields, 255) : index
        if (name) map.set(name, String(legacy))
      })
      return map
    }
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes))
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [zipName, name] of Object.entries(parsed)) if (typeof name === 'string') map.set(name, zipName)
    }
    return map
  } catch (error) {
    if (error instanceof ZstdLimitError) throw new PackageError('The media list of this package is too large.')
    throw new PackageError('This Anki package is damaged (its media list cannot be read).')
  }
}

/**
 * Schema 18 declares its names `COLLATE unicase`, a collation of Anki's own that better-sqlite3 cannot register: the
 * `fields` and `templates` tables (WITHOUT ROWID) cannot even be read then. This copy in memory is only read, so its
 * schema is told `nocase` instead, the nearest SQLite has.
 */
function useNocase(sqlite: SQLite.Database): void {
  sqlite.unsafeMode(true)
  sqlite.pragma('writable_schema = ON')
  sqlite.prepare("UPDATE sqlite_master SET sql = replace(sql, 'COLLATE unicase', 'COLLATE nocase') WHERE sql LIKE '%COLLATE unicase%'").run()
  sqlite.pragma('writable_schema = RESET')
  sqlite.unsafeMode(false)
}

/**
 * SQLite opened from the bytes, in memory; a WAL-mode header is switched to rollback so it opens.
 * Read with plain prepared statements (`rows`), not Kysely: a handful of fixed selects, and the
 * query builder was most of the import worker's bundle, loaded by every worker at its start.
 */
function openCollection(bytes: Uint8Array): SQLite.Database {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.length < 100 || buffer.toString('latin1', 0, 15) !== 'SQLite format 3') throw damaged()
  if (buffer[18] === 2) buffer[18] = 1
  if (buffer[19] === 2) buffer[19] = 1
  let sqlite: SQLite.Database
  try {
    sqlite = new SQLite(buffer)
    useNocase(sqlite)
  } catch {
    throw damaged()
  }
  return sqlite
}

/** The collection read, or the package refused: a collection that fails to read for another reason is damaged. */
function readOrDamaged<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof PackageError) throw error
    throw damaged()
  }
}

/** Every row of a fixed select on the collection, typed as the columns it names. */
function rows<Row>(db: SQLite.Database, query: string): Row[] {
  return db.prepare(query).all() as Row[]
}

type Columns<Table extends keyof AnkiTables, Column extends keyof AnkiTables[Table]> = Pick<AnkiTables[Table], Column>

/** Deck names as Anki shows them nested (`A::B`, or `A\x1fB` in schema 18): "A › B". */
function readableDeckName(name: string): string {
  return name
    .split(/::|\x1f/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' › ')
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}')
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    throw damaged()
  }
}

function readNoteTypesAndDecks(db: SQLite.Database, version: number) {
  const noteTypes = new Map<number, NoteType>()
  const decks = new Map<number, string>()
  if (version >= 15) {
    // Schema 15+: their own tables. Their `name` columns use Anki's `unicase` collation, which
    // better-sqlite3 cannot register: plain selects work, ORDER BY or WHERE on a name would not.
    const fieldNames = new Map<number, string[]>()
    for (const row of rows<Columns<'fields', 'ntid' | 'ord' | 'name'>>(db, 'SELECT ntid, ord, name FROM fields')) {
      const names = fieldNames.get(Number(row.ntid)) ?? []
      names[Number(row.ord)] = String(row.name)
      fieldNames.set(Number(row.ntid), names)
    }
    const questions = new Map<number, string[]>()
    for (const row of rows<Columns<'templates', 'ntid' | 'ord' | 'config'>>(db, 'SELECT ntid, ord, config FROM templates')) {
      // Notetype.Template.Config { string q_format = 1; ... }
      let question = ''
      try {
        question = stringField(readMessage(row.config), 1) ?? ''
      } catch (error) {
        if (!(error instanceof ProtoError)) throw error
      }
      const formats = questions.get(Number(row.ntid)) ?? []
      formats[Number(row.ord)] = question
      questions.set(Number(row.ntid), formats)
    }
    for (const row of rows<Columns<'notetypes', 'id' | 'name' | 'config'>>(db, 'SELECT id, name, config FROM notetypes')) {
      // Notetype.Config { Kind kind = 1 }: 0 normal, 1 cloze.
      let kind = 0
      try {
        kind = varintField(readMessage(row.config), 1)
      } catch (error) {
        if (!(error instanceof ProtoError)) throw error
      }
      const id = Number(row.id)
      noteTypes.set(id, { cloze: kind === 1, reverse: reverseOf(String(row.name), fieldNames.get(id) ?? [], questions.get(id) ?? []) })
    }
    for (const row of rows<Columns<'decks', 'id' | 'name'>>(db, 'SELECT id, name FROM decks')) decks.set(Number(row.id), readableDeckName(row.name))
    return { noteTypes, decks }
  }
  const [col] = rows<Columns<'col', 'models' | 'decks'>>(db, 'SELECT models, decks FROM col LIMIT 1')
  for (const [id, value] of Object.entries(parseJsonObject(col?.models ?? ''))) {
    const model = (value ?? {}) as { type?: unknown; name?: unknown; flds?: unknown; tmpls?: unknown }
    const names = (Array.isArray(model.flds) ? model.flds : []).map((field: { name?: unknown }) => String(field?.name ?? ''))
    const formats = (Array.isArray(model.tmpls) ? model.tmpls : []).map((template: { qfmt?: unknown }) => String(template?.qfmt ?? ''))
    noteTypes.set(Number(id), { cloze: model.type === 1, reverse: reverseOf(typeof model.name === 'string' ? model.name : '', names, formats) })
  }
  for (const [id, deck] of Object.entries(parseJsonObject(col?.decks ?? ''))) {
    const name = (deck as { name?: unknown })?.name
    decks.set(Number(id), readableDeckName(typeof name === 'string' ? name : ''))
  }
  return { noteTypes, decks }
}

interface DeckCards {
  name: string
  cards: ParsedCard[]
  tagCounts: Map<string, number>
}

/** The first picture of a side, if the package has it; a missing one is reported. */
function pictureOf(images: string[], media: Map<string, string>, note: number, problems: ProblemList, used: Set<string>): string | null {
  const [first] = images
  if (first === undefined) return null
  const name = first.split(/[/\\]/).pop() ?? first
  if (!media.has(name)) {
    problems.add(note, `picture "${name}" is not in the package`)
    return null
  }
  if (!IMAGE_TYPES.test(name)) {
    problems.add(note, `picture "${name}" is not a PNG, JPEG, GIF or WebP image`)
    return null
  }
  used.add(name)
  return name
}

/** The first recording of a side (`[sound:x]`), if the package has it and it is audio; otherwise reported. */
function soundOf(sounds: string[], media: Map<string, string>, note: number, problems: ProblemList, used: Set<string>): string | null {
  const [first] = sounds
  if (first === undefined) return null
  const name = first.split(/[/\\]/).pop() ?? first
  if (!media.has(name)) {
    problems.add(note, `sound "${name}" is not in the package`)
    return null
  }
  if (!audioTypeOf(name)) {
    problems.add(note, `sound "${name}" is not an MP3, Ogg, WAV, WebM or MP4 recording`)
    return null
  }
  used.add(name)
  return name
}

/**
 * A cloze note as one cloze card (issue 26): its text with Anki's deletions kept (hints stay on the question side), its
 * "Back Extra" as the definition. Null when the text cannot be one card: nested deletions, or longer than a term may be
 * (a cut would break the deletions); the note is then read as one card per deletion, as before cloze cards existed.
 */
function clozeNoteCard(fields: string[], ords: number[], note: number, problems: ProblemList, media: Map<string, string>, used: Set<string>) {
  const text = fieldContent(fields[0] ?? '')
  const term = text.text.trim()
  const numbers = clozeNumbers(term)
  if (term.length > IMPORT_LIMITS.term || numbers.join(',') !== ords.join(',')) {
    problems.add(note, `cloze text too long or nested for one cloze card (${IMPORT_LIMITS.term} characters): one card per deletion`)
    return null
  }
  const extra = fieldContent(fields[1] ?? '')
  const card: ParsedCard = {
    term,
    definition: extra.text,
    termImage: pictureOf(text.images, media, note, problems, used),
    definitionImage: pictureOf(extra.images, media, note, problems, used),
    line: note,
    kind: 'cloze',
  }
  return card
}

/** The cards of one note: a cloze card (or one card per deletion), else one from the first two fields. */
function noteCards(
  fields: string[],
  noteType: NoteType | undefined,
  note: number,
  problems: ProblemList,
  media: Map<string, string>,
  used: Set<string>,
): ParsedCard[] {
  const first = fields[0] ?? ''
  const isCloze = noteType?.cloze ?? /\{\{c\d+::/.test(first)
  if (isCloze) {
    const deletions = clozeCards(first.slice(0, 20_000))
    if (deletions.length === 0) {
      problems.add(note, 'cloze note without a deletion, skipped')
      return []
    }
    if (deletions.some((deletion) => deletion.imageOcclusion)) {
      problems.add(note, 'image occlusion notes cannot be imported, skipped')
      return []
    }
    const whole = clozeNoteCard(
      fields,
      deletions.map((deletion) => deletion.ord),
      note,
      problems,
      media,
      used,
    )
    if (whole) return [whole]
    if (deletions.length > MAX_CLOZE_CARDS_PER_NOTE) problems.add(note, `only the first ${MAX_CLOZE_CARDS_PER_NOTE} deletions were read`)
    return deletions.slice(0, MAX_CLOZE_CARDS_PER_NOTE).map((deletion) => {
      const question = fieldContent(deletion.questionHtml)
      const answer = fieldContent(deletion.answerHtml)
      const hint = fieldContent(deletion.hint).text
      return {
        term: question.text,
        definition: hint ? `${answer.text} (hint: ${hint})` : answer.text,
        termImage: pictureOf(question.images, media, note, problems, used),
        definitionImage: pictureOf(answer.images, media, note, problems, used),
        termAudio: soundOf(question.sounds, media, note, problems, used),
        definitionAudio: soundOf(answer.sounds, media, note, problems, used),
        line: note,
      }
    })
  }
  const front = fieldContent(first)
  const back = fieldContent(fields[1] ?? '')
  return [
    {
      term: front.text,
      definition: back.text,
      termImage: pictureOf(front.images, media, note, problems, used),
      definitionImage: pictureOf(back.images, media, note, problems, used),
      termAudio: soundOf(front.sounds, media, note, problems, used),
      definitionAudio: soundOf(back.sounds, media, note, problems, used),
      line: note,
      ...(noteReverse(noteType, fields) ? { reverse: true } : {}),
    },
  ]
}

/** The set's tags: the decks' most used note tags that fit the tag rules (10 characters, at most 10). */
function setTags(counts: Map<string, number>): string {
  return [...counts]
    .filter(([tag]) => tag.length <= SET_LIMITS.tag && !tag.includes(',') && !ANKI_OWN_TAGS.has(tag) && !containsProfanity(tag))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, SET_LIMITS.tagsPerSet)
    .map(([tag]) => tag)
    .join(',')
}

function setTitle(name: string, problems: ProblemList): string {
  const readable = name || 'Anki deck'
  if (readable.length <= IMPORT_LIMITS.title) return readable
  const cut = cutText(readable, IMPORT_LIMITS.title).trim()
  problems.add(null, `The deck name "${readable}" was cut to ${IMPORT_LIMITS.title} characters.`)
  return cut
}

function readCollection(db: SQLite.Database, limits: PackageLimits, media: Map<string, string>, problems: ProblemList) {
  const [col] = rows<Columns<'col', 'ver'>>(db, 'SELECT ver FROM col LIMIT 1')
  if (!col) throw damaged()
  const { noteTypes, decks } = readNoteTypesAndDecks(db, Number(col.ver))
  const [counted] = rows<{ n: number }>(db, 'SELECT count(*) AS n FROM notes')
  const noteCount = Number(counted?.n ?? 0)
  if (noteCount > limits.maxNotes) {
    throw new PackageError(`This package has ${noteCount} notes; at most ${limits.maxNotes} can be imported at once.`)
  }
  // Each note goes to the deck of its first card (a filtered deck's cards to their home deck).
  const deckOfNote = new Map<number, number>()
  const cardRows = rows<Columns<'cards', 'nid' | 'did' | 'odid' | 'ord'>>(db, 'SELECT nid, did, odid, ord FROM cards ORDER BY nid, ord')
  for (const card of cardRows) {
    const nid = Number(card.nid)
    if (!deckOfNote.has(nid)) deckOfNote.set(nid, Number(card.odid) || Number(card.did))
  }
  const notes = rows<Columns<'notes', 'id' | 'guid' | 'mid' | 'tags' | 'flds'>>(db, 'SELECT id, guid, mid, tags, flds FROM notes ORDER BY id')
  const byDeck = new Map<number, DeckCards>()
  const used = new Set<string>()
  notes.forEach((row, index) => {
    const note = index + 1
    const fields = String(row.flds).split('\x1f')
    if (fields[0]?.includes(STUB_TEXT)) throw new PackageError('This package was made by a newer Anki and holds only a placeholder collection.')
    const deckId = deckOfNote.get(Number(row.id)) ?? 0
    let deck = byDeck.get(deckId)
    if (!deck) {
      deck = { name: decks.get(deckId) ?? '', cards: [], tagCounts: new Map() }
      byDeck.set(deckId, deck)
    }
    for (const tag of String(row.tags).split(/\s+/).filter(Boolean)) {
      const upper = tag.toUpperCase()
      deck.tagCounts.set(upper, (deck.tagCounts.get(upper) ?? 0) + 1)
    }
    const cards = noteCards(fields, noteTypes.get(Number(row.mid)), note, problems, media, used)
    for (const [index, card] of cards.entries()) {
      // The note's guid is the card's; a cloze note read as one card per deletion gives each its own.
      const guid = String(row.guid ?? '')
      const kept = limitCard(guid ? { ...card, guid: cards.length === 1 ? guid : `${guid}:${index + 1}` } : card, note, problems)
      if (kept) deck.cards.push(kept)
    }
  })
  const sets: ParsedSet[] = [...byDeck.values()]
    .filter((deck) => deck.cards.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((deck) => ({ title: setTitle(deck.name, problems), tags: setTags(deck.tagCounts), cards: deck.cards }))
  return { sets, used }
}

/** Reads a package's bytes. Throws PackageError (a message for the student) for anything refused. */
export async function readAnkiPackage(bytes: Uint8Array, format: 'apkg' | 'colpkg', limits: PackageLimits): Promise<ParsedImport> {
  const entries = listZip(bytes, limits)
  const version = packageVersion(entryBytes(bytes, entries, 'meta'))
  const latest = version >= 3
  const problems = new ProblemList('note')
  let collection: Uint8Array | undefined
  if (entries.has('collection.anki21b')) {
    try {
      collection = decompressZstd(entryBytes(bytes, entries, 'collection.anki21b') as Uint8Array, limits.maxUncompressedBytes)
    } catch (error) {
      if (error instanceof ZstdLimitError) throw new PackageError('The collection inside this package is too large once unpacked.')
      throw damaged()
    }
  } else {
    collection = entryBytes(bytes, entries, 'collection.anki21') ?? entryBytes(bytes, entries, 'collection.anki2')
  }
  if (!collection) throw new PackageError('This file is not an Anki package (it holds no collection).')
  const media = mediaMap(entryBytes(bytes, entries, 'media'), latest, limits.maxUncompressedBytes)
  const db = openCollection(collection)
  try {
    const { sets, used } = readOrDamaged(() => readCollection(db, limits, media, problems))
    const images: Record<string, Uint8Array> = {}
    const sounds: Record<string, { bytes: Uint8Array; type: MediaAudioType }> = {}
    for (const name of used) {
      const what = audioTypeOf(name) ? 'sound' : 'picture'
      const zipName = media.get(name) as string
      const stored = entryBytes(bytes, entries, zipName)
      if (!stored) {
        problems.add(null, `The ${what} "${name}" is listed but missing from the package.`)
        continue
      }
      try {
        const file = latest ? decompressZstd(stored, limits.maxUncompressedBytes) : stored
        const type = audioTypeOf(name)
        if (type) sounds[name] = { bytes: file, type }
        else images[name] = file
      } catch {
        problems.add(null, `The ${what} "${name}" is damaged and was left out.`)
      }
    }
    // A picture that was listed but whose file is missing leaves its cards without it.
    const sets2 = sets.map((set) => ({
      ...set,
      cards: set.cards.map((card) => ({
        ...card,
        termImage: card.termImage && images[card.termImage] ? card.termImage : null,
        definitionImage: card.definitionImage && images[card.definitionImage] ? card.definitionImage : null,
        termAudio: card.termAudio && sounds[card.termAudio] ? card.termAudio : null,
        definitionAudio: card.definitionAudio && sounds[card.definitionAudio] ? card.definitionAudio : null,
      })),
    }))
    return { format, sets: sets2, problems: problems.list(), images, sounds }
  } finally {
    db.close()
  }
}
