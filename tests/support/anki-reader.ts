import { createHash } from 'node:crypto'
import SQLite from 'better-sqlite3'
import { unzipSync } from 'fflate'

/**
 * An independent reader of the Anki packages Cardwise exports (issue 27), written from Anki's schema (rslib
 * `storage/schema11.sql`, `notetype/schema11.rs`, `decks/schema11.rs`, `text.rs`) and Anki's legacy Python
 * (`anki/utils.py` `strip_html_media`, `field_checksum`), sharing no code with the project's own reader or writer.
 * It opens the zip and the SQLite collection, reads the tables, and lists what Anki's importer or its "Check Database"
 * would find wrong: the tests expect that list to be empty (a clean import log).
 */

/** Anki's schema 11, column by column (rslib/src/storage/schema11.sql). */
export const SCHEMA_11: Record<string, string[]> = {
  col: ['id', 'crt', 'mod', 'scm', 'ver', 'dty', 'usn', 'ls', 'conf', 'models', 'decks', 'dconf', 'tags'],
  notes: ['id', 'guid', 'mid', 'mod', 'usn', 'tags', 'flds', 'sfld', 'csum', 'flags', 'data'],
  cards: ['id', 'nid', 'did', 'ord', 'mod', 'usn', 'type', 'queue', 'due', 'ivl', 'factor', 'reps', 'lapses', 'left', 'odue', 'odid', 'flags', 'data'],
  revlog: ['id', 'cid', 'usn', 'ease', 'ivl', 'lastIvl', 'factor', 'time', 'type'],
  graves: ['usn', 'oid', 'type'],
}

export interface AnkiModel {
  id: number
  name: string
  type: number
  fields: string[]
  templates: Array<{ name: string; qfmt: string; afmt: string; ord: number }>
  did: number
}

export interface AnkiNote {
  id: number
  guid: string
  mid: number
  mod: number
  usn: number
  tags: string
  fields: string[]
  sfld: string
  csum: number
}

export interface AnkiCard {
  id: number
  nid: number
  did: number
  ord: number
  usn: number
  type: number
  queue: number
  due: number
}

export interface AnkiPackage {
  entries: string[]
  /** `meta`'s version (protobuf field 1), or null without one. */
  metaVersion: number | null
  /** The collection Anki of this generation reads: `collection.anki21` if present, else `collection.anki2`. */
  collectionName: string
  ver: number
  models: AnkiModel[]
  decks: Array<{ id: number; name: string }>
  notes: AnkiNote[]
  cards: AnkiCard[]
  /** Media by file name, from the `media` map and the numbered zip entries. */
  media: Map<string, Uint8Array>
  /** What Anki would complain about; empty for a clean import. */
  problems: string[]
}

const MEDIA_TAG = /<img[^>]+src=["']?([^"'>]+)["']?[^>]*>/gi
const SOUND_TAG = /\[sound:(.+?)\]/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Anki's `strip_html_media`: pictures as their names, comments and tags dropped, entities decoded, `&nbsp;` a space. */
export function ankiStripHtmlMedia(html: string): string {
  return html
    .replace(MEDIA_TAG, ' $1 ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<style[\s\S]*?>[\s\S]*?<\/style>/gi, '')
    .replace(/<script[\s\S]*?>[\s\S]*?<\/script>/gi, '')
    .replace(/<[\s\S]*?>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .replace(/\u00a0/g, ' ')
}

/** Anki's `field_checksum`: the first 8 hex digits of the SHA-1 of the stripped first field. */
export function ankiFieldChecksum(html: string): number {
  return Number.parseInt(createHash('sha1').update(ankiStripHtmlMedia(html)).digest('hex').slice(0, 8), 16)
}

/** The deletion numbers of a cloze field (`{{c1::...}}`, nested ones too). */
function clozeOrdinals(text: string): number[] {
  return [...new Set([...text.matchAll(/\{\{c(\d+)::/g)].map((match) => Number(match[1])))].sort((a, b) => a - b)
}

export function readAnkiPackageIndependently(bytes: Uint8Array): AnkiPackage {
  const files = unzipSync(bytes)
  const problems: string[] = []
  const entries = Object.keys(files).sort()
  const meta = files.meta
  const metaVersion = meta && meta[0] === 0x08 ? (meta[1] ?? null) : null
  const collectionName = files['collection.anki21'] ? 'collection.anki21' : 'collection.anki2'
  const collection = files[collectionName]
  if (!collection) throw new Error('no collection in the package')
  if (metaVersion === 2 && !files['collection.anki21']) problems.push('meta says legacy 2 but there is no collection.anki21')
  const db = new SQLite(Buffer.from(collection))
  try {
    for (const [table, columns] of Object.entries(SCHEMA_11)) {
      const info = db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string; notnull: number }>
      if (info.map((column) => column.name).join() !== columns.join()) problems.push(`table ${table} has columns ${info.map((c) => c.name).join()}`)
      if (info.some((column) => column.name !== 'id' && column.notnull !== 1)) problems.push(`table ${table} has a nullable column`)
    }
    const col = db.prepare('SELECT ver, models, decks, dconf, conf, tags FROM col').get() as Record<string, string | number>
    const models = Object.values(JSON.parse(String(col.models))).map((raw) => {
      const model = raw as { id: number; name: string; type: number; did: number; flds: Array<{ name: string; ord: number }>; tmpls: AnkiModel['templates'] }
      return {
        id: model.id,
        name: model.name,
        type: model.type,
        did: model.did,
        fields: [...model.flds].sort((a, b) => a.ord - b.ord).map((field) => field.name),
        templates: model.tmpls,
      }
    })
    const decks = Object.values(JSON.parse(String(col.decks))).map((raw) => raw as { id: number; name: string })
    JSON.parse(String(col.dconf))
    JSON.parse(String(col.conf))
    JSON.parse(String(col.tags))
    const rows = db.prepare('SELECT id, guid, mid, mod, usn, tags, flds, sfld, csum FROM notes ORDER BY id').all() as Array<
      Omit<AnkiNote, 'fields'> & { flds: string }
    >
    const notes: AnkiNote[] = rows.map(({ flds, ...row }) => ({ ...row, fields: flds.split('\x1f'), sfld: String(row.sfld) }))
    const cards = db.prepare('SELECT id, nid, did, ord, usn, type, queue, due FROM cards ORDER BY id').all() as AnkiCard[]

    // The media map: JSON `{ "0": "name" }` in legacy packages, each number a zip entry.
    const media = new Map<string, Uint8Array>()
    const map = JSON.parse(new TextDecoder().decode(files.media ?? new TextEncoder().encode('{}'))) as Record<string, string>
    for (const [entry, name] of Object.entries(map)) {
      const file = files[entry]
      if (!file) problems.push(`media ${name} is listed as ${entry} but missing`)
      else media.set(name, file)
      if (/[\\/:*?"<>|]/.test(name) || name !== name.normalize('NFC')) problems.push(`media name ${name} is not one Anki keeps`)
    }

    const modelById = new Map(models.map((model) => [model.id, model]))
    const deckIds = new Set(decks.map((deck) => deck.id))
    const guids = new Set<string>()
    const referenced = new Set<string>()
    for (const note of notes) {
      const model = modelById.get(note.mid)
      if (!model) {
        problems.push(`note ${note.id} has no note type`)
        continue
      }
      if (note.fields.length !== model.fields.length) problems.push(`note ${note.id} has ${note.fields.length} fields, its type ${model.fields.length}`)
      if (!note.guid || guids.has(note.guid)) problems.push(`note ${note.id} guid ${note.guid} is empty or repeated`)
      guids.add(note.guid)
      const first = note.fields[0] ?? ''
      if (ankiStripHtmlMedia(first).trim() === '') problems.push(`note ${note.id}: first field empty`)
      if (note.csum !== ankiFieldChecksum(first)) problems.push(`note ${note.id}: csum ${note.csum} is not ${ankiFieldChecksum(first)}`)
      if (note.sfld !== ankiStripHtmlMedia(first)) problems.push(`note ${note.id}: sfld ${note.sfld} is not the stripped first field`)
      if (note.usn !== -1) problems.push(`note ${note.id}: usn ${note.usn}`)
      if (note.tags !== '' && !/^ (\S+ )+$/.test(note.tags))
        problems.push(`note ${note.id}: tags "${note.tags}" are not space-separated with spaces at the ends`)
      for (const field of note.fields) {
        for (const match of field.matchAll(MEDIA_TAG)) referenced.add(match[1] ?? '')
        for (const match of field.matchAll(SOUND_TAG)) referenced.add(match[1] ?? '')
      }
      const noteCards = cards.filter((card) => card.nid === note.id)
      const expectedOrds = model.type === 1 ? clozeOrdinals(first).map((number) => number - 1) : model.templates.map((template) => template.ord)
      const ords = noteCards.map((card) => card.ord).sort((a, b) => a - b)
      if (ords.join() !== expectedOrds.join()) problems.push(`note ${note.id}: cards of ords ${ords.join()}, expected ${expectedOrds.join()}`)
    }
    for (const card of cards) {
      if (!notes.some((note) => note.id === card.nid)) problems.push(`card ${card.id} has no note`)
      if (!deckIds.has(card.did)) problems.push(`card ${card.id} is in no deck`)
      if (card.usn !== -1) problems.push(`card ${card.id}: usn ${card.usn}`)
      if (card.type !== 0 || card.queue !== 0) problems.push(`card ${card.id} is not new`)
    }
    for (const name of referenced) if (!media.has(name)) problems.push(`a field names ${name}, which is not in the package`)
    for (const name of media.keys()) if (!referenced.has(name)) problems.push(`${name} is in the package but no field uses it`)
    return { entries, metaVersion, collectionName, ver: Number(col.ver), models, decks, notes, cards, media, problems }
  } finally {
    db.close()
  }
}
