import SQLite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { cutText, IMPORT_LIMITS } from '#shared/import/parse-import'
import { SET_LIMITS } from '#shared/limits'
import { containsProfanity } from '#shared/text/profanity'
import { limitCard, type ParsedCard, type ParsedImport, type ParsedSet, ProblemList } from '#server/features/imports/parsed-import'
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
  notes: { id: number; mid: number; tags: string; flds: string }
  cards: { nid: number; did: number; odid: number; ord: number }
  notetypes: { id: number; name: string; config: Uint8Array }
  decks: { id: number; name: string }
}

interface NoteType {
  cloze: boolean
}

const IMAGE_TYPES = /\.(png|jpe?g|gif|webp)$/i
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

/** SQLite opened from the bytes, in memory; a WAL-mode header is switched to rollback so it opens. */
function openCollection(bytes: Uint8Array): Kysely<AnkiTables> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buffer.length < 100 || buffer.toString('latin1', 0, 15) !== 'SQLite format 3') throw damaged()
  if (buffer[18] === 2) buffer[18] = 1
  if (buffer[19] === 2) buffer[19] = 1
  let sqlite: SQLite.Database
  try {
    sqlite = new SQLite(buffer)
  } catch {
    throw damaged()
  }
  return new Kysely<AnkiTables>({ dialect: new SqliteDialect({ database: sqlite }) })
}

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

async function readNoteTypesAndDecks(db: Kysely<AnkiTables>, version: number) {
  const noteTypes = new Map<number, NoteType>()
  const decks = new Map<number, string>()
  if (version >= 15) {
    // Schema 15+: their own tables. Their `name` columns use Anki's `unicase` collation, which
    // better-sqlite3 cannot register: plain selects work, ORDER BY or WHERE on a name would not.
    for (const row of await db.selectFrom('notetypes').select(['id', 'config']).execute()) {
      // Notetype.Config { Kind kind = 1 }: 0 normal, 1 cloze.
      let kind = 0
      try {
        kind = varintField(readMessage(row.config), 1)
      } catch (error) {
        if (!(error instanceof ProtoError)) throw error
      }
      noteTypes.set(Number(row.id), { cloze: kind === 1 })
    }
    for (const row of await db.selectFrom('decks').select(['id', 'name']).execute()) decks.set(Number(row.id), readableDeckName(row.name))
    return { noteTypes, decks }
  }
  const col = await db.selectFrom('col').select(['models', 'decks']).executeTakeFirst()
  for (const [id, model] of Object.entries(parseJsonObject(col?.models ?? ''))) {
    noteTypes.set(Number(id), { cloze: (model as { type?: unknown })?.type === 1 })
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

/** The cards of one note: one per cloze deletion, else one from the first two fields. */
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
      line: note,
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

async function readCollection(db: Kysely<AnkiTables>, limits: PackageLimits, media: Map<string, string>, problems: ProblemList) {
  const col = await db.selectFrom('col').select(['ver']).executeTakeFirst()
  if (!col) throw damaged()
  const { noteTypes, decks } = await readNoteTypesAndDecks(db, Number(col.ver))
  const counted = await db
    .selectFrom('notes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  const noteCount = Number(counted?.n ?? 0)
  if (noteCount > limits.maxNotes) {
    throw new PackageError(`This package has ${noteCount} notes; at most ${limits.maxNotes} can be imported at once.`)
  }
  // Each note goes to the deck of its first card (a filtered deck's cards to their home deck).
  const deckOfNote = new Map<number, number>()
  const cardRows = await db.selectFrom('cards').select(['nid', 'did', 'odid', 'ord']).orderBy('nid').orderBy('ord').execute()
  for (const card of cardRows) {
    const nid = Number(card.nid)
    if (!deckOfNote.has(nid)) deckOfNote.set(nid, Number(card.odid) || Number(card.did))
  }
  const notes = await db.selectFrom('notes').select(['id', 'mid', 'tags', 'flds']).orderBy('id').execute()
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
    for (const card of noteCards(fields, noteTypes.get(Number(row.mid)), note, problems, media, used)) {
      const kept = limitCard(card, note, problems)
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
    const { sets, used } = await readCollection(db, limits, media, problems).catch((error: unknown) => {
      if (error instanceof PackageError) throw error
      throw damaged()
    })
    const images: Record<string, Uint8Array> = {}
    for (const name of used) {
      const zipName = media.get(name) as string
      const stored = entryBytes(bytes, entries, zipName)
      if (!stored) {
        problems.add(null, `The picture "${name}" is listed but missing from the package.`)
        continue
      }
      try {
        images[name] = latest ? decompressZstd(stored, limits.maxUncompressedBytes) : stored
      } catch {
        problems.add(null, `The picture "${name}" is damaged and was left out.`)
      }
    }
    // A picture that was listed but whose file is missing leaves its cards without it.
    const sets2 = sets.map((set) => ({
      ...set,
      cards: set.cards.map((card) => ({
        ...card,
        termImage: card.termImage && images[card.termImage] ? card.termImage : null,
        definitionImage: card.definitionImage && images[card.definitionImage] ? card.definitionImage : null,
      })),
    }))
    return { format, sets: sets2, problems: problems.list(), images }
  } finally {
    await db.destroy()
  }
}
