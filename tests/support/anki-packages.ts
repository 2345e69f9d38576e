import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { zipSync } from 'fflate'

/**
 * Anki packages of each generation, written by the tests (never copied from elsewhere): a SQLite
 * collection made with better-sqlite3 in a temp folder, zipped with fflate; for the newest
 * generation the collection, the media list and the media files are zstd frames written by
 * `zstdRawFrame` below. The schemas are Anki's: schema 11 (rslib/src/storage/schema11.sql) and
 * the schema 18 tables an Anki 23.10+ export holds.
 */

export type Generation = 'anki2' | 'anki21' | 'anki21b'
export type FixtureNoteType = 'basic' | 'reversed' | 'optional' | 'typein' | 'cloze' | 'custom'

export interface FixtureNote {
  type?: FixtureNoteType
  fields: string[]
  /** Nested with `::`; "Default" when absent. */
  deck?: string
  tags?: string[]
}

export interface FixturePackage {
  generation: Generation
  notes: FixtureNote[]
  /** Files put in the package and listed in its media map. */
  media?: Record<string, Uint8Array>
  /** Names listed in the media map whose files are left out of the zip. */
  listedButMissing?: string[]
  /** Newer generations carry the stub `collection.anki2` of Anki 2.1.50+ exports (default true). */
  withStub?: boolean
}

/**
 * Anki's stock note types. `questions` are the card templates' question formats (the reversed ones as Anki writes
 * them: the optional reverse is made only when `Add Reverse` is filled); the others are listed without templates.
 */
const NOTE_TYPES: Record<FixtureNoteType, { id: number; name: string; cloze: boolean; fields: string[]; templates: number; questions?: string[] }> = {
  basic: { id: 1_600_000_000_001, name: 'Basic', cloze: false, fields: ['Front', 'Back'], templates: 1 },
  reversed: {
    id: 1_600_000_000_002,
    name: 'Basic (and reversed card)',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: 2,
    questions: ['{{Front}}', '{{Back}}'],
  },
  optional: {
    id: 1_600_000_000_006,
    name: 'Basic (optional reversed card)',
    cloze: false,
    fields: ['Front', 'Back', 'Add Reverse'],
    templates: 2,
    questions: ['{{Front}}', '{{#Add Reverse}}{{Back}}{{/Add Reverse}}'],
  },
  typein: { id: 1_600_000_000_003, name: 'Basic (type in the answer)', cloze: false, fields: ['Front', 'Back'], templates: 1 },
  cloze: { id: 1_600_000_000_004, name: 'Cloze', cloze: true, fields: ['Text', 'Back Extra'], templates: 1 },
  custom: { id: 1_600_000_000_005, name: 'Vocabulary', cloze: false, fields: ['Word', 'Meaning', 'Example'], templates: 1 },
}

export const STUB_TEXT = 'Please update to the latest Anki version, then import the .colpkg/.apkg file again.'

const SCHEMA_11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL, ver integer NOT NULL,
  dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
  dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL,
  tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL,
  reps integer NOT NULL, lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL, ivl integer NOT NULL,
  lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_notes_csum ON notes (csum);
`

/**
 * Schema 18's own tables, as Anki writes them: note types, fields, templates, decks and tags use
 * `COLLATE nocase`. better-sqlite3 cannot register that collation, so they are made with `nocase`
 * and renamed in the schema once the rows are in (`useUnicase`), which leaves the file as Anki's.
 */
const SCHEMA_18_TABLES = `
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE nocase, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) without rowid;
CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE nocase, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid ON fields (name, ntid);
CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL COLLATE nocase, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid ON templates (name, ntid);
CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL COLLATE nocase, mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL);
CREATE UNIQUE INDEX idx_notetypes_name ON notetypes (name);
CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE nocase, mtime_secs integer NOT NULL, usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
CREATE UNIQUE INDEX idx_decks_name ON decks (name);
CREATE TABLE tags (tag text NOT NULL PRIMARY KEY COLLATE nocase, usn integer NOT NULL, collapsed boolean NOT NULL, config blob NULL) without rowid;
`

/** A zstd frame holding `data` in Raw blocks (RFC 8878 3.1.1): valid zstd, just not compressed. */
export function zstdRawFrame(data: Uint8Array): Uint8Array {
  const MAX_BLOCK = 128 * 1024
  const header = [0x28, 0xb5, 0x2f, 0xfd, 0xe0] // magic; single segment, 8-byte content size
  const size = new Uint8Array(8)
  new DataView(size.buffer).setBigUint64(0, BigInt(data.length), true)
  const parts: number[][] = [header, [...size]]
  let at = 0
  do {
    const length = Math.min(MAX_BLOCK, data.length - at)
    const last = at + length >= data.length ? 1 : 0
    const blockHeader = (length << 3) | (0 << 1) | last // Block_Type 0: Raw
    parts.push([blockHeader & 0xff, (blockHeader >> 8) & 0xff, (blockHeader >> 16) & 0xff])
    parts.push([...data.subarray(at, at + length)])
    at += length
  } while (at < data.length)
  return Uint8Array.from(parts.flat())
}

/** Protobuf writing, just enough for the fixtures: varints and length-delimited fields. */
function varint(value: number): number[] {
  const out: number[] = []
  let rest = value
  while (rest > 0x7f) {
    out.push((rest & 0x7f) | 0x80)
    rest = Math.floor(rest / 128)
  }
  out.push(rest)
  return out
}
export const protoVarint = (field: number, value: number) => [...varint(field * 8), ...varint(value)]
export const protoBytes = (field: number, value: Uint8Array | string) => {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value
  return [...varint(field * 8 + 2), ...varint(bytes.length), ...bytes]
}

function deckIds(notes: FixtureNote[]): Map<string, number> {
  const ids = new Map<string, number>([['Default', 1]])
  for (const note of notes) if (!ids.has(note.deck ?? 'Default')) ids.set(note.deck ?? 'Default', 1_700_000_000_000 + ids.size)
  return ids
}

function writeCollection(file: string, schema: 11 | 18, notes: FixtureNote[]): void {
  const db = new SQLite(file)
  // A fixture in a temp folder, read back at once: no commit waits for the disk.
  db.pragma('synchronous = OFF')
  // Anki's own collections are in WAL mode: the header says so, and a reader must cope.
  if (schema === 18) db.pragma('journal_mode = WAL')
  db.exec(SCHEMA_11)
  if (schema === 18) db.exec(SCHEMA_18_TABLES)
  const decks = deckIds(notes)
  const models = Object.fromEntries(
    Object.values(NOTE_TYPES).map((type) => [
      String(type.id),
      {
        id: type.id,
        name: type.name,
        type: type.cloze ? 1 : 0,
        flds: type.fields.map((name, ord) => ({ name, ord })),
        tmpls: (type.questions ?? []).map((qfmt, ord) => ({ name: `Card ${ord + 1}`, ord, qfmt, afmt: '' })),
      },
    ]),
  )
  const deckJson = Object.fromEntries([...decks].map(([name, id]) => [String(id), { id, name, dyn: 0 }]))
  db.prepare('INSERT INTO col VALUES (1, 0, 0, 0, ?, 0, 0, 0, ?, ?, ?, ?, ?)').run(
    schema,
    '{}',
    schema === 11 ? JSON.stringify(models) : '',
    schema === 11 ? JSON.stringify(deckJson) : '',
    '{}',
    '{}',
  )
  if (schema === 18) {
    for (const type of Object.values(NOTE_TYPES)) {
      const config = Uint8Array.from(protoVarint(1, type.cloze ? 1 : 0))
      db.prepare('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)').run(type.id, type.name, config)
      type.fields.forEach((name, ord) => db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)').run(type.id, ord, name, new Uint8Array()))
      // Notetype.Template.Config { string q_format = 1 }
      type.questions?.forEach((question, ord) =>
        db.prepare('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)').run(type.id, ord, `Card ${ord + 1}`, Uint8Array.from(protoBytes(1, question))),
      )
    }
    for (const [name, id] of decks) {
      db.prepare('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)').run(
        id,
        name.split('::').join('\x1f'),
        new Uint8Array(),
        Uint8Array.from(protoBytes(1, new Uint8Array())),
      )
    }
  }
  let cardId = 1_650_000_000_000
  const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, ?)')
  const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)')
  const insertAll = db.transaction(() =>
    notes.forEach((note, index) => {
      const type = NOTE_TYPES[note.type ?? 'basic']
      const id = 1_650_000_000_000 + index
      const fields = [...note.fields]
      while (fields.length < type.fields.length) fields.push('')
      insertNote.run(id, `guid${index}`, type.id, note.tags ? ` ${note.tags.join(' ')} ` : '', fields.join('\x1f'), fields[0] ?? '', '')
      const ords = type.cloze
        ? [...new Set([...(fields[0] ?? '').matchAll(/\{\{c(\d+)::/g)].map((match) => Number(match[1]) - 1))]
        : Array.from({ length: type.templates }, (_, ord) => ord).filter((ord) => !(note.type === 'optional' && ord === 1 && !fields[2]))
      for (const ord of ords.length > 0 ? ords : [0]) {
        insertCard.run(cardId++, id, decks.get(note.deck ?? 'Default'), ord, index, '')
      }
    }),
  )
  insertAll()
  if (schema === 18) useUnicase(db)
  db.close()
}

function useUnicase(db: SQLite.Database): void {
  db.unsafeMode(true)
  db.pragma('writable_schema = ON')
  db.prepare("UPDATE sqlite_master SET sql = replace(sql, 'COLLATE nocase', 'COLLATE unicase') WHERE sql LIKE '%COLLATE nocase%'").run()
  db.pragma('writable_schema = OFF')
  db.unsafeMode(false)
}

/** An Anki package's bytes, built as Anki would write it for the generation asked. */
export function buildAnkiPackage(pkg: FixturePackage): Uint8Array {
  const dir = mkdtempSync(path.join(tmpdir(), 'cardwise-apkg-'))
  try {
    const files: Record<string, Uint8Array> = {}
    const main = path.join(dir, 'main.sqlite')
    writeCollection(main, pkg.generation === 'anki21b' ? 18 : 11, pkg.notes)
    const collection = new Uint8Array(readFileSync(main))
    const latest = pkg.generation === 'anki21b'
    if (pkg.generation === 'anki2') files['collection.anki2'] = collection
    else {
      files[latest ? 'collection.anki21b' : 'collection.anki21'] = latest ? zstdRawFrame(collection) : collection
      if (pkg.withStub !== false) {
        const stub = path.join(dir, 'stub.sqlite')
        writeCollection(stub, 11, [{ fields: [STUB_TEXT, ''] }])
        files['collection.anki2'] = new Uint8Array(readFileSync(stub))
      }
      files.meta = Uint8Array.from(protoVarint(1, latest ? 3 : 2))
    }
    const names = [...Object.keys(pkg.media ?? {}), ...(pkg.listedButMissing ?? [])]
    names.forEach((name, index) => {
      const bytes = pkg.media?.[name]
      if (bytes) files[String(index)] = latest ? zstdRawFrame(bytes) : bytes
    })
    if (latest) {
      const entries = names.flatMap((name) => protoBytes(1, Uint8Array.from([...protoBytes(1, name), ...protoVarint(2, pkg.media?.[name]?.length ?? 0)])))
      files.media = zstdRawFrame(Uint8Array.from(entries))
    } else {
      files.media = new TextEncoder().encode(JSON.stringify(Object.fromEntries(names.map((name, index) => [String(index), name]))))
    }
    return zipSync(files)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A 1x1 PNG: enough bytes to be a picture. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
)
