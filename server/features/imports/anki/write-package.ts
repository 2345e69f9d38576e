import { createHash } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { decodeHTML } from 'entities'
import { zipSync } from 'fflate'
import { Kysely, SqliteDialect } from 'kysely'
import { clozeNumbers } from '#shared/cards/cloze'

/**
 * An Anki package of one set (issue 27), as Anki 2.1.50 and later import it with a clean log, and as 2.1.16 and
 * older read it: a schema 11 collection (the format every Anki since 2.0 reads) stored both as `collection.anki21`
 * (read by Anki 2.1 and later; `meta` says "legacy 2", as Anki's own "support older versions" export does) and as
 * `collection.anki2` (read by Anki 2.0 and older tools); one deck named after the set; the stock note types the cards
 * need ("Basic", "Basic (and reversed card)", "Cloze"); one note per card with its `guid`; pictures and sounds as
 * numbered media files with the `media` map. The deck id, the note type ids and the note and card ids come from the
 * set's id and the cards' guids, so a second export is the same package and Anki updates its notes instead of
 * duplicating them. Written with Kysely's builder on an in-memory SQLite, serialised and zipped.
 */

export interface ExportMedia {
  /** The stored file's type: `image/webp` (every picture is stored as WebP) or an audio type. */
  type: string
  bytes: Uint8Array
}

export interface ExportCard {
  term: string
  definition: string
  kind: 'basic' | 'cloze'
  /** 0/1 as stored, or a boolean. */
  reverse: number | boolean
  guid: string
  termImage?: ExportMedia | null
  definitionImage?: ExportMedia | null
  termAudio?: ExportMedia | null
  definitionAudio?: ExportMedia | null
}

export interface ExportDeck {
  setId: string
  title: string
  /** The set's tags, comma-separated: every note carries them. */
  tags: string
  cards: ExportCard[]
}

interface Schema11 {
  col: {
    id: number
    crt: number
    mod: number
    scm: number
    ver: number
    dty: number
    usn: number
    ls: number
    conf: string
    models: string
    decks: string
    dconf: string
    tags: string
  }
  notes: {
    id: number
    guid: string
    mid: number
    mod: number
    usn: number
    tags: string
    flds: string
    sfld: string
    csum: number
    flags: number
    data: string
  }
  cards: {
    id: number
    nid: number
    did: number
    ord: number
    mod: number
    usn: number
    type: number
    queue: number
    due: number
    ivl: number
    factor: number
    reps: number
    lapses: number
    left: number
    odue: number
    odid: number
    flags: number
    data: string
  }
  revlog: { id: number; cid: number; usn: number; ease: number; ivl: number; lastIvl: number; factor: number; time: number; type: number }
  graves: { usn: number; oid: number; type: number }
}

/**
 * A card's text as an Anki field's HTML, so Anki shows it as Cardwise does and its text comes back unchanged:
 * `&`, `<`, `>` escaped; line breaks as `<br>`; a run of spaces kept with `&nbsp;` (HTML would show one); a literal
 * `[sound:...]` with its bracket as `&#91;` (Anki would play it otherwise). Formulas need nothing: Cardwise keeps
 * them in Anki's own MathJax syntax, `\(...\)` and `\[...\]`.
 */
export function fieldHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\[sound:/gi, (match) => `&#91;${match.slice(1)}`)
    .replace(/ {2,}/g, (run) => ` ${'&nbsp;'.repeat(run.length - 1)}`)
    .replace(/\r?\n/g, '<br>')
}

/** A side's field: its text, then its picture (`<img src>`) and its sound (`[sound:]`), by their names in the package. */
function sideHtml(text: string, image: string | null, sound: string | null): string {
  const html = fieldHtml(text)
  const picture = image ? `${html ? '<br>' : ''}<img src="${image}">` : ''
  return `${html}${picture}${sound ? `[sound:${sound}]` : ''}`
}

const IMAGE_IN_FIELD = /<img[^>]+src=["']?([^"'>]+)["']?[^>]*>/gi

/**
 * Anki's `strip_html_preserving_media_filenames` (rslib text.rs): pictures as their file names, comments and tags
 * dropped, entities decoded, non-breaking spaces as spaces. The note's sort field is this of its first field.
 */
export function stripHtmlKeepingMedia(html: string): string {
  const withNames = html.replace(IMAGE_IN_FIELD, ' $1 ')
  return decodeHTML(withNames.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, '')).replace(/\u00a0/g, ' ')
}

/**
 * Anki's note checksum (rslib `field_checksum`): the first 8 hex digits of the SHA-1 of the first field with its
 * HTML stripped (pictures kept as their names), as an integer.
 */
export function fieldChecksum(html: string): number {
  return Number.parseInt(createHash('sha1').update(stripHtmlKeepingMedia(html), 'utf8').digest('hex').slice(0, 8), 16)
}

/**
 * An id that stays the same for the same parts (the set's id and what it names): 40 bits of their SHA-1 above 2^40, so
 * it looks like the millisecond ids Anki makes, stays inside JavaScript's safe integers even times 64 (a card's id),
 * and is never 1 (the Default deck).
 */
export function stableId(...parts: string[]): number {
  const digest = createHash('sha1').update(parts.join('\u001f'), 'utf8').digest()
  return 2 ** 40 + (digest.readUIntBE(0, 6) % 2 ** 40)
}

const BASIC_CSS = '.card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n'
const CLOZE_CSS = `${BASIC_CSS}\n.cloze {\n    font-weight: bold;\n    color: blue;\n}\n.nightMode .cloze {\n    color: lightblue;\n}\n`
const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n'

type NoteTypeKind = 'basic' | 'reversed' | 'cloze'

/** Anki's stock note types, as its schema 11 JSON writes them. */
const NOTE_TYPES: Record<NoteTypeKind, { name: string; type: 0 | 1; fields: [string, string]; templates: Array<[string, string, string]>; css: string }> = {
  basic: {
    name: 'Basic',
    type: 0,
    fields: ['Front', 'Back'],
    templates: [['Card 1', '{{Front}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}']],
    css: BASIC_CSS,
  },
  reversed: {
    name: 'Basic (and reversed card)',
    type: 0,
    fields: ['Front', 'Back'],
    templates: [
      ['Card 1', '{{Front}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'],
      ['Card 2', '{{Back}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}'],
    ],
    css: BASIC_CSS,
  },
  cloze: {
    name: 'Cloze',
    type: 1,
    fields: ['Text', 'Back Extra'],
    templates: [['Cloze', '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}']],
    css: CLOZE_CSS,
  },
}

function noteTypeJson(kind: NoteTypeKind, id: number, deckId: number, nowSeconds: number) {
  const model = NOTE_TYPES[kind]
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    description: '',
    plainText: false,
    collapsed: false,
    excludeFromSearch: false,
    media: [],
  })
  return {
    id,
    name: model.name,
    type: model.type,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: model.templates.map(([name, qfmt, afmt], ord) => ({ name, ord, qfmt, afmt, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 })),
    flds: model.fields.map(field),
    css: model.css,
    latexPre: LATEX_PRE,
    latexPost: '\\end{document}',
    latexsvg: false,
    // Which fields a card needs: the reversed type's second card asks the back.
    req: model.templates.map((_, ord) => [ord, 'any', [kind === 'reversed' ? ord : 0]]),
    tags: [],
    vers: [],
  }
}

function deckJson(id: number, name: string, nowSeconds: number) {
  return {
    id,
    name,
    mod: nowSeconds,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  }
}

const DEFAULT_DECK_CONFIG = {
  id: 1,
  name: 'Default',
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
}

async function createTables(db: Kysely<Schema11>): Promise<void> {
  const int = 'integer' as const
  await db.schema
    .createTable('col')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('crt', int, (c) => c.notNull())
    .addColumn('mod', int, (c) => c.notNull())
    .addColumn('scm', int, (c) => c.notNull())
    .addColumn('ver', int, (c) => c.notNull())
    .addColumn('dty', int, (c) => c.notNull())
    .addColumn('usn', int, (c) => c.notNull())
    .addColumn('ls', int, (c) => c.notNull())
    .addColumn('conf', 'text', (c) => c.notNull())
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('decks', 'text', (c) => c.notNull())
    .addColumn('dconf', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('notes')
    .addColumn('id', int, (c) => c.primaryKey())
    .addColumn('guid', 'text', (c) => c.notNull())
    .addColumn('mid', int, (c) => c.notNull())
    .addColumn('mod', int, (c) => c.notNull())
    .addColumn('usn', int, (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('flds', 'text', (c) => c.notNull())
    .addColumn('sfld', int, (c) => c.notNull())
    .addColumn('csum', int, (c) => c.notNull())
    .addColumn('flags', int, (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute()
  let cards = db.schema.createTable('cards').addColumn('id', int, (c) => c.primaryKey())
  for (const name of ['nid', 'did', 'ord', 'mod', 'usn', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left', 'odue', 'odid', 'flags']) {
    cards = cards.addColumn(name, int, (c) => c.notNull())
  }
  await cards.addColumn('data', 'text', (c) => c.notNull()).execute()
  let revlog = db.schema.createTable('revlog').addColumn('id', int, (c) => c.primaryKey())
  for (const name of ['cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type']) revlog = revlog.addColumn(name, int, (c) => c.notNull())
  await revlog.execute()
  await db.schema
    .createTable('graves')
    .addColumn('usn', int, (c) => c.notNull())
    .addColumn('oid', int, (c) => c.notNull())
    .addColumn('type', int, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ix_notes_usn').on('notes').column('usn').execute()
  await db.schema.createIndex('ix_cards_usn').on('cards').column('usn').execute()
  await db.schema.createIndex('ix_revlog_usn').on('revlog').column('usn').execute()
  await db.schema.createIndex('ix_cards_nid').on('cards').column('nid').execute()
  await db.schema.createIndex('ix_cards_sched').on('cards').columns(['did', 'queue', 'due']).execute()
  await db.schema.createIndex('ix_revlog_cid').on('revlog').column('cid').execute()
  await db.schema.createIndex('ix_notes_csum').on('notes').column('csum').execute()
}

/** A stored media type as a file extension Anki and Cardwise's reader recognise. */
const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
}

/** The package's media: each distinct file once, named after its content (as Anki names pasted files), numbered in the zip. */
class PackageMedia {
  readonly files: Record<string, Uint8Array> = {}
  readonly map: Record<string, string> = {}
  private readonly names = new Map<string, string>()

  name(media: ExportMedia | null | undefined): string | null {
    if (!media) return null
    const hash = createHash('sha1').update(media.bytes).digest('hex')
    let name = this.names.get(hash)
    if (!name) {
      name = `cardwise-${hash}.${EXTENSIONS[media.type] ?? 'bin'}`
      const index = String(this.names.size)
      this.names.set(hash, name)
      this.map[index] = name
      this.files[index] = media.bytes
    }
    return name
  }
}

/** Anki's tags: no spaces inside one, space-separated with a space at each end. */
function noteTags(tags: string): string {
  const list = tags
    .split(',')
    .map((tag) => tag.trim().replace(/\s+/g, '_'))
    .filter(Boolean)
  return list.length > 0 ? ` ${list.join(' ')} ` : ''
}

/** The package's `meta`: protobuf `PackageMetadata { version = 1 }`, 2 = "legacy 2" (a schema 11 `collection.anki21`). */
const META_LEGACY_2 = new Uint8Array([0x08, 0x02])

/** The package's bytes. `now` gives the times (milliseconds); the ids come from the set and the cards. */
export async function writeAnkiPackage(deck: ExportDeck, now: number): Promise<Uint8Array> {
  const sqlite = new SQLite(':memory:')
  const db = new Kysely<Schema11>({ dialect: new SqliteDialect({ database: sqlite }) })
  try {
    await createTables(db)
    const seconds = Math.floor(now / 1000)
    const deckId = stableId(deck.setId, 'deck')
    const kindOf = (card: ExportCard): NoteTypeKind => (card.kind === 'cloze' ? 'cloze' : card.reverse === true || card.reverse === 1 ? 'reversed' : 'basic')
    const used = [...new Set(deck.cards.map(kindOf))]
    const modelIds = Object.fromEntries(used.map((kind) => [kind, stableId(deck.setId, 'notetype', kind)])) as Record<NoteTypeKind, number>
    const models = Object.fromEntries(used.map((kind) => [modelIds[kind], noteTypeJson(kind, modelIds[kind], deckId, seconds)]))
    const tags = noteTags(deck.tags)
    const curModel = modelIds.basic ?? Object.values(modelIds)[0] ?? stableId(deck.setId, 'notetype', 'basic')
    await db
      .insertInto('col')
      .values({
        id: 1,
        crt: Math.floor(seconds / 86_400) * 86_400,
        mod: now,
        scm: now,
        ver: 11,
        dty: 0,
        usn: 0,
        ls: 0,
        conf: JSON.stringify({
          nextPos: deck.cards.length + 1,
          estTimes: true,
          activeDecks: [deckId],
          sortType: 'noteFld',
          timeLim: 0,
          sortBackwards: false,
          addToCur: true,
          curDeck: deckId,
          newSpread: 0,
          dueCounts: true,
          curModel,
          collapseTime: 1200,
          schedVer: 2,
        }),
        models: JSON.stringify(models),
        decks: JSON.stringify({ 1: deckJson(1, 'Default', seconds), [deckId]: deckJson(deckId, deck.title, seconds) }),
        dconf: JSON.stringify({ 1: DEFAULT_DECK_CONFIG }),
        tags: JSON.stringify(
          Object.fromEntries(
            tags
              .trim()
              .split(' ')
              .filter(Boolean)
              .map((tag) => [tag, 0]),
          ),
        ),
      })
      .execute()
    const media = new PackageMedia()
    // Note ids rise with the cards' positions (readers list notes by id, and so does Anki's browser by default); a
    // card's id is its note's times 64 plus its ord (at most 49: c50). Anki matches notes by guid, never by id.
    const firstNoteId = stableId(deck.setId, 'notes')
    await db.transaction().execute(async (trx) => {
      for (const [index, card] of deck.cards.entries()) {
        const kind = kindOf(card)
        const front = sideHtml(card.term, media.name(card.termImage), media.name(card.termAudio))
        const back = sideHtml(card.definition, media.name(card.definitionImage), media.name(card.definitionAudio))
        const noteId = firstNoteId + index
        await trx
          .insertInto('notes')
          .values({
            id: noteId,
            guid: card.guid,
            mid: modelIds[kind],
            mod: seconds,
            usn: -1,
            tags,
            flds: `${front}\x1f${back}`,
            sfld: stripHtmlKeepingMedia(front),
            csum: fieldChecksum(front),
            flags: 0,
            data: '',
          })
          .execute()
        // One card per template: two for a reversed note; one per deletion number of a cloze note (ord = number - 1).
        const ords = kind === 'cloze' ? clozeNumbers(card.term).map((number) => number - 1) : kind === 'reversed' ? [0, 1] : [0]
        for (const ord of ords) {
          await trx
            .insertInto('cards')
            .values({
              id: noteId * 64 + ord,
              nid: noteId,
              did: deckId,
              ord,
              mod: seconds,
              usn: -1,
              type: 0,
              queue: 0,
              due: index + 1,
              ivl: 0,
              factor: 0,
              reps: 0,
              lapses: 0,
              left: 0,
              odue: 0,
              odid: 0,
              flags: 0,
              data: '',
            })
            .execute()
        }
      }
    })
    const collection = new Uint8Array(sqlite.serialize())
    return zipSync({
      'collection.anki21': collection,
      'collection.anki2': collection,
      meta: META_LEGACY_2,
      media: new TextEncoder().encode(JSON.stringify(media.map)),
      ...media.files,
    })
  } finally {
    await db.destroy()
  }
}

/** A text file's note type column: the stock note types of every Anki collection, by name. */
const TEXT_NOTE_TYPES: Record<NoteTypeKind, string> = { basic: 'Basic', reversed: 'Basic (and reversed card)', cloze: 'Cloze' }

/**
 * A value of a delimited row as Anki's text importer reads it (rslib import_export/text/csv, the `csv` crate): quoted
 * when it holds the separator, a quote or a line break, or starts with `#` (a comment line otherwise: the note would be
 * dropped); quotes doubled inside.
 */
export function delimitedValue(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) || text.startsWith('#') ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * Anki "Notes in Plain Text" (2.1.55+ headers): HTML fields (so a run of spaces, a `<` and a literal `[sound:...]` stay
 * text, see `fieldHtml`), a note type column (cloze cards as Cloze, reverse cards as "Basic (and reversed card)"),
 * a guid column (a second import updates the notes) and a tags column. Text only: a text file has no place for
 * pictures or sounds.
 */
export function writeAnkiText(cards: ExportCard[], tags = ''): string {
  const tagText = noteTags(tags).trim()
  const rows = cards.map((card) => {
    const kind: NoteTypeKind = card.kind === 'cloze' ? 'cloze' : card.reverse === true || card.reverse === 1 ? 'reversed' : 'basic'
    return [fieldHtml(card.term), fieldHtml(card.definition), TEXT_NOTE_TYPES[kind], card.guid, tagText].map((value) => delimitedValue(value, '\t')).join('\t')
  })
  const headers = ['#separator:tab', '#html:true', '#notetype column:3', '#guid column:4', '#tags column:5']
  return `${[...headers, ...rows].join('\n')}\n`
}
