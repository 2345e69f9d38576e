import { createHash, randomBytes } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { decodeHTML } from 'entities'
import { zipSync } from 'fflate'
import { Kysely, SqliteDialect } from 'kysely'

/**
 * An Anki package of one set, as Anki 2.1.50 and later import it: a schema 11 `collection.anki2`
 * (the format every Anki since 2.0 reads) holding one deck named after the set, the stock Basic
 * note type, one note and one new card per card, and an empty `media` map. Written with Kysely's
 * builder on an in-memory SQLite, serialised and zipped.
 */

export interface ExportCard {
  term: string
  definition: string
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

/** Anki fields are HTML: the card's plain text escaped, line breaks as `<br>`. */
export function fieldHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>')
}

/**
 * Anki's note checksum (rslib `field_checksum`): the first 8 hex digits of the SHA-1 of the first
 * field with its HTML stripped (tags dropped, entities decoded), as an integer.
 */
export function fieldChecksum(html: string): number {
  const stripped = decodeHTML(html.replace(/<[^>]*>/g, ''))
  return Number.parseInt(createHash('sha1').update(stripped, 'utf8').digest('hex').slice(0, 8), 16)
}

/** Anki's guids are 10 characters of base91; any unique printable string works. */
function guid(): string {
  return randomBytes(8).toString('base64').replace(/[+/=]/g, '').slice(0, 10)
}

const BASIC_CSS = '.card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n'

function basicModel(id: number, deckId: number, nowSeconds: number) {
  const field = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })
  return {
    id,
    name: 'Basic',
    type: 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      { name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}', bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 },
    ],
    flds: [field('Front', 0), field('Back', 1)],
    css: BASIC_CSS,
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  }
}

function deck(id: number, name: string, nowSeconds: number) {
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

/** The package's bytes. `now` fixes the ids and times (milliseconds). */
export async function writeAnkiPackage(title: string, cards: ExportCard[], now: number): Promise<Uint8Array> {
  const sqlite = new SQLite(':memory:')
  const db = new Kysely<Schema11>({ dialect: new SqliteDialect({ database: sqlite }) })
  try {
    await createTables(db)
    const seconds = Math.floor(now / 1000)
    const modelId = now
    const deckId = now + 1
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
          nextPos: cards.length + 1,
          estTimes: true,
          activeDecks: [deckId],
          sortType: 'noteFld',
          timeLim: 0,
          sortBackwards: false,
          addToCur: true,
          curDeck: deckId,
          newSpread: 0,
          dueCounts: true,
          curModel: modelId,
          collapseTime: 1200,
        }),
        models: JSON.stringify({ [modelId]: basicModel(modelId, deckId, seconds) }),
        decks: JSON.stringify({ 1: deck(1, 'Default', seconds), [deckId]: deck(deckId, title, seconds) }),
        dconf: JSON.stringify({ 1: DEFAULT_DECK_CONFIG }),
        tags: '{}',
      })
      .execute()
    await db.transaction().execute(async (trx) => {
      for (const [index, card] of cards.entries()) {
        const front = fieldHtml(card.term)
        const noteId = now + 2 + index
        await trx
          .insertInto('notes')
          .values({
            id: noteId,
            guid: guid(),
            mid: modelId,
            mod: seconds,
            usn: -1,
            tags: '',
            flds: `${front}\x1f${fieldHtml(card.definition)}`,
            sfld: decodeHTML(front.replace(/<[^>]*>/g, '')),
            csum: fieldChecksum(front),
            flags: 0,
            data: '',
          })
          .execute()
        await trx
          .insertInto('cards')
          .values({
            id: noteId,
            nid: noteId,
            did: deckId,
            ord: 0,
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
    })
    const collection = new Uint8Array(sqlite.serialize())
    return zipSync({ 'collection.anki2': collection, media: new TextEncoder().encode('{}') })
  } finally {
    await db.destroy()
  }
}

/** Anki "Notes in Plain Text": headers, then one tab-separated row per card, quoted where needed. */
export function writeAnkiText(cards: ExportCard[]): string {
  const value = (text: string) => (/[\t\n\r"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
  const rows = cards.map((card) => `${value(card.term)}\t${value(card.definition)}`)
  return `${['#separator:tab', '#html:false', '#columns:Front\tBack', ...rows].join('\n')}\n`
}
