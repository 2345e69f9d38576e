import type { z } from 'zod'
import type { ImportIntoSetResult, PreviewAction, PreviewCard, PreviewMatchingSet } from '#shared/api/imports'
import { AUDIO_DATA_URL, DATA_URL, type MediaAudioType } from '#shared/api/media'
import type { exportQuerySchema, StudySet } from '#shared/api/sets'
import { cardPrompts } from '#shared/cards/prompts'
import { cleanCardText, type ImportCardsData, type ImportSetData } from '#shared/import/import-schema'
import { IMPORT_LIMITS } from '#shared/limits'
import { importMessages } from '#shared/messages'
import { newGuid, newId } from '#server/db/ids'
import type { AuthState } from '#server/access/caller'
import { requireOwnMedia } from '#server/access/media'
import { requireOwnSet } from '#server/access/sets'
import { stripMarkup } from '#server/text/markup'
import type { Deps } from '#server/deps'
import { HttpError, invalidInput } from '#server/http/errors'
import { delimitedValue, writeAnkiPackage, writeAnkiText } from '#server/features/imports/imports.service'
import {
  claimMediaDrafts,
  imageDataUrls,
  knownImage,
  mediaFiles,
  type PreparedImage,
  prepareImage,
  removeUnusedMedia,
  saveImage,
  storeAudio,
} from '#server/features/media/media.service'
import { countAddedCards, forgetPrompts, insertCards, listAllCards, updateCard } from './cards.repo'
import * as repo from './sets.repo'
import { lockedOwnedSet, newSetRow, ownedSet, reloadSet } from './sets.service'

type ImportCard = ImportSetData['cards'][number]
const SIDES = [
  ['termImage', 'term picture'],
  ['definitionImage', 'definition picture'],
] as const
const AUDIO_SIDES = ['termAudio', 'definitionAudio'] as const

/**
 * A picture of an import: a media id as it is, a data: URL as its bytes. Identical bytes to a
 * picture the caller already has (their own export) are that picture; anything else is checked
 * and re-encoded here, before the transaction, since that is the slow part.
 */
type ImportPicture = { mediaId: string } | { prepared: PreparedImage }

/** Which card's picture or recording it was, in the message and the field. */
function cardMediaError(error: unknown, index: number, side: string, label: string): unknown {
  if (!(error instanceof HttpError)) return error
  return new HttpError(error.status, error.code, `Card ${index + 1}, ${label}: ${error.message}`, { [`cards.${index}.${side}`]: error.message })
}

async function readImportPictures(deps: Deps, userId: string, cards: ImportCard[]): Promise<Map<string, ImportPicture>> {
  const pictures = new Map<string, ImportPicture>()
  for (const [index, card] of cards.entries()) {
    for (const [side, label] of SIDES) {
      const value = card[side]
      if (value === null || pictures.has(value)) continue
      const match = DATA_URL.exec(value)
      if (!match) {
        pictures.set(value, { mediaId: value })
        continue
      }
      const bytes = Buffer.from(match[2] ?? '', 'base64')
      const known = await knownImage(deps, userId, bytes)
      if (known) {
        pictures.set(value, { mediaId: known.id })
        continue
      }
      try {
        pictures.set(value, { prepared: await prepareImage(bytes) })
      } catch (error) {
        throw cardMediaError(error, index, side, label)
      }
    }
  }
  return pictures
}

/**
 * The media ids of the cards' pictures and recordings, inside the import's transaction: prepared pictures saved,
 * recordings sent as data: URLs (a JSON export's) stored, and every id named in the body checked to be the caller's
 * own upload (400 on the card's field), except those `shown(index)` says the card already shows (a saved copy's
 * cards show pictures the original's owner uploaded).
 */
async function importMedia(
  deps: Deps,
  trx: Deps['db'],
  userId: string,
  cards: ImportCard[],
  pictures: Map<string, ImportPicture>,
  shown: (index: number) => Set<string> = () => new Set(),
): Promise<(value: string | null) => string | null> {
  // A preview's drafts (issue 27) named by the cards become the caller's media now (the same id, or an identical one they had).
  const claimed = await claimMediaDrafts(
    { ...deps, db: trx },
    userId,
    cards.flatMap((card) => [card.termImage, card.definitionImage, card.termAudio, card.definitionAudio]),
  )
  const idOf = (value: string) => claimed.get(value) ?? value
  const ids = new Map<string, string>()
  for (const [value, picture] of pictures) {
    ids.set(value, 'mediaId' in picture ? idOf(picture.mediaId) : (await saveImage({ ...deps, db: trx }, userId, picture.prepared)).id)
  }
  for (const [index, card] of cards.entries()) {
    for (const side of AUDIO_SIDES) {
      const value = card[side]
      const match = value === null || ids.has(value) ? null : AUDIO_DATA_URL.exec(value)
      if (!value || !match) continue
      try {
        const stored = await storeAudio({ ...deps, db: trx }, userId, Buffer.from(match[2] ?? '', 'base64'), match[1] as MediaAudioType)
        ids.set(value, stored.id)
      } catch (error) {
        throw cardMediaError(error, index, side, side === 'termAudio' ? 'term recording' : 'definition recording')
      }
    }
  }
  const named = cards.flatMap((card, index) =>
    [...SIDES.map(([side]) => side), ...AUDIO_SIDES]
      .filter((side) => {
        const value = card[side]
        return value !== null && !DATA_URL.test(value) && !AUDIO_DATA_URL.test(value) && !shown(index).has(value)
      })
      .map((side) => [`cards.${index}.${side}`, idOf(card[side] ?? '')] as const),
  )
  await requireOwnMedia(trx, userId, Object.fromEntries(named))
  return (value) => (value === null ? null : (ids.get(value) ?? idOf(value)))
}

/** What an import writes of a card, its media as ids. */
function cardValues(card: ImportCard, mediaOf: (value: string | null) => string | null) {
  return {
    term: card.term,
    definition: card.definition,
    term_image_id: mediaOf(card.termImage),
    definition_image_id: mediaOf(card.definitionImage),
    term_audio_id: mediaOf(card.termAudio),
    definition_audio_id: mediaOf(card.definitionAudio),
    kind: card.kind,
    reverse: card.reverse ? 1 : 0,
  }
}

/** Each card's guid: its own when given and not yet taken in the set, else a new one (a guid is unique within a set). */
function guidOf(card: ImportCard, taken: Set<string>): string {
  const guid = card.guid !== undefined && !taken.has(card.guid) ? card.guid : newGuid()
  taken.add(guid)
  return guid
}

/**
 * Creates a set and all its cards (positions 1..n, cardCount n) in one transaction: a failure or
 * a crash part-way leaves nothing behind, pictures included.
 */
export async function importSet(deps: Deps, auth: AuthState, input: ImportSetData): Promise<StudySet> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  const pictures = await readImportPictures(deps, auth.user.id, input.cards)
  return deps.db.transaction().execute(async (trx) => {
    const mediaOf = await importMedia(deps, trx, auth.user.id, input.cards, pictures)
    const guids = new Set<string>()
    const cards = input.cards.map((card, index) => ({
      id: newId(),
      study_set_id: id,
      position: index + 1,
      created: now,
      guid: guidOf(card, guids),
      ...cardValues(card, mediaOf),
    }))
    await repo.insertSet(
      trx,
      newSetRow(auth.user.id, { id, title: input.title, description: input.description, tags: '', isPublic: false, cardCount: cards.length }, now),
    )
    await insertCards(trx, cards)
    return reloadSet(trx, id)
  })
}

const CHANGED_COLUMNS = ['term', 'definition', 'term_image_id', 'definition_image_id', 'term_audio_id', 'definition_audio_id', 'kind', 'reverse'] as const

/**
 * POST /api/sets/:id/cards/import (issue 27, "update in place"): a newer file's cards for one of the caller's sets.
 * A card whose `guid` matches one of the set's is updated in place (same id: its memory and progress stay; those of
 * a prompt it no longer has go, as in an edit), or left alone when nothing changed; the others are added after the
 * set's cards. All in one transaction; the set keeps at most 500 cards.
 */
export async function importIntoSet(deps: Deps, setId: string, auth: AuthState, input: ImportCardsData): Promise<ImportIntoSetResult> {
  const now = deps.clock.now().toISOString()
  const pictures = await readImportPictures(deps, auth.user.id, input.cards)
  return deps.db.transaction().execute(async (trx) => {
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const existing = await listAllCards(trx, setId)
    const byGuid = new Map(existing.map((card) => [card.guid, card]))
    // Each of the set's cards is matched once (a file naming a guid twice adds the second).
    const matches = input.cards.map((card) => {
      const match = card.guid === undefined ? undefined : byGuid.get(card.guid)
      if (match) byGuid.delete(match.guid)
      return match
    })
    const additions = matches.filter((match) => match === undefined).length
    if (existing.length + additions > IMPORT_LIMITS.cards) throw invalidInput({ cards: importMessages.tooManyCards }, importMessages.tooManyCards)
    const mediaOf = await importMedia(deps, trx, auth.user.id, input.cards, pictures, (index) => {
      const match = matches[index]
      return new Set(match ? [match.term_image_id, match.definition_image_id, match.term_audio_id, match.definition_audio_id].filter((id) => id !== null) : [])
    })
    const guids = new Set(existing.map((card) => card.guid))
    const result = { added: 0, updated: 0, unchanged: 0 }
    const replacedMedia: (string | null)[] = []
    const added = []
    for (const [index, card] of input.cards.entries()) {
      const values = cardValues(card, mediaOf)
      const match = matches[index]
      if (!match) {
        result.added += 1
        added.push({ id: newId(), study_set_id: setId, position: existing.length + result.added, created: now, guid: guidOf(card, guids), ...values })
        continue
      }
      if (CHANGED_COLUMNS.every((column) => match[column] === values[column])) {
        result.unchanged += 1
        continue
      }
      result.updated += 1
      await updateCard(trx, match.id, values)
      // Memory and progress of a prompt the card no longer has go (as in an edit); the others stay.
      const after = new Set(cardPrompts({ kind: values.kind, reverse: values.reverse === 1, term: values.term }))
      await forgetPrompts(
        trx,
        match.id,
        cardPrompts({ kind: match.kind, reverse: match.reverse === 1, term: match.term }).filter((prompt) => !after.has(prompt)),
      )
      replacedMedia.push(match.term_image_id, match.definition_image_id, match.term_audio_id, match.definition_audio_id)
    }
    await insertCards(trx, added)
    if (result.added > 0 || result.updated > 0) await countAddedCards(trx, setId, result.added, now)
    await removeUnusedMedia({ db: trx }, replacedMedia)
    return result
  })
}

/** A previewed card as the comparison reads it (shared/api/imports.ts `PreviewCard`). */
type ComparedCard = Pick<PreviewCard, 'term' | 'definition' | 'termImage' | 'definitionImage' | 'termAudio' | 'definitionAudio' | 'kind' | 'reverse' | 'guid'>

/**
 * The import preview against one of the caller's sets (`setId`, anyone else's: 404): what importing each card into it
 * would do, matched by guid as POST /api/sets/:id/cards/import matches, the text cleaned as that import cleans it.
 */
export async function compareWithSet(deps: Deps, setId: string, auth: AuthState, cards: ComparedCard[]): Promise<PreviewAction[]> {
  requireOwnSet(await repo.findSetById(deps.db, setId), auth)
  const byGuid = new Map((await listAllCards(deps.db, setId)).map((card) => [card.guid, card]))
  return cards.map((card) => {
    const match = card.guid === null ? undefined : byGuid.get(card.guid)
    if (!match) return 'add'
    byGuid.delete(match.guid)
    const same =
      match.term === cleanCardText(stripMarkup, card.term, IMPORT_LIMITS.term) &&
      match.definition === cleanCardText(stripMarkup, card.definition, IMPORT_LIMITS.definition) &&
      match.term_image_id === card.termImage &&
      match.definition_image_id === card.definitionImage &&
      match.term_audio_id === card.termAudio &&
      match.definition_audio_id === card.definitionAudio &&
      match.kind === card.kind &&
      (match.reverse === 1) === (card.reverse && card.kind === 'basic')
    return same ? 'same' : 'update'
  })
}

/** Guids per query: far below SQLite's and PostgreSQL's bound-variable limits. */
const GUID_CHUNK = 500

/** The caller's sets holding cards with these guids, most matching first (the import dialog offers to update them). */
export async function setsMatchingGuids(deps: Deps, auth: AuthState, guids: string[]): Promise<PreviewMatchingSet[]> {
  const counts = new Map<string, PreviewMatchingSet>()
  const unique = [...new Set(guids)]
  for (let start = 0; start < unique.length; start += GUID_CHUNK) {
    // Other requests go between the chunks (on SQLite each query holds this thread while it runs).
    if (start > 0) await new Promise((resolve) => setImmediate(resolve))
    for (const row of await repo.countOwnCardsByGuid(deps.db, auth.user.id, unique.slice(start, start + GUID_CHUNK))) {
      const found = counts.get(row.id) ?? { id: row.id, title: row.title, matching: 0 }
      found.matching += Number(row.matching)
      counts.set(row.id, found)
    }
  }
  return [...counts.values()].sort((a, b) => b.matching - a.matching || a.title.localeCompare(b.title)).slice(0, 5)
}

export type ExportQuery = z.output<typeof exportQuerySchema>

export interface ExportFile {
  contentType: string
  contentDisposition: string
  body: string | Buffer
}

/**
 * A CSV value: commas become semicolons (docs/content-rules.md, 'Export'); quotes, line breaks, tabs and a leading `#`
 * (a comment line to Anki's importer) are quoted.
 */
function csvValue(value: string): string {
  const text = value.replaceAll(',', ';')
  return text.includes('\t') ? `"${text.replaceAll('"', '""')}"` : delimitedValue(text, ',')
}

/** Characters no file system or header should get in a file name. */
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f"*/:<>?\\|]/g

/**
 * `attachment` named after the set's title: `filename` keeps it ASCII for old clients,
 * `filename*` (RFC 6266 / 8187) carries the title in UTF-8.
 */
export function contentDisposition(title: string, extension: string): string {
  const safe = title.replace(UNSAFE_IN_FILE_NAME, '_').trim() || 'study-set'
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_')
  const encoded = encodeURIComponent(safe).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}.${extension}`
}

/**
 * The owner's set as a file, its cards in position order: JSON (pictures as data: URLs), CSV
 * (text only), Anki's tab-separated text (`txt`) or an Anki package (`apkg`,
 * server/features/imports/anki).
 */
export async function exportSet(deps: Deps, id: string, auth: AuthState, query: ExportQuery): Promise<ExportFile> {
  const set = await ownedSet(deps, id, auth)
  const cards = await listAllCards(deps.db, id)
  const mediaOf = (card: (typeof cards)[number]) => [card.term_image_id, card.definition_image_id, card.term_audio_id, card.definition_audio_id]
  if (query.format === 'apkg') {
    const files = await mediaFiles(deps, cards.flatMap(mediaOf))
    const file = (mediaId: string | null) => (mediaId === null ? null : (files.get(mediaId) ?? null))
    const deck = {
      setId: set.id,
      title: set.title,
      tags: set.tags,
      cards: cards.map((card) => ({
        ...card,
        termImage: file(card.term_image_id),
        definitionImage: file(card.definition_image_id),
        termAudio: file(card.term_audio_id),
        definitionAudio: file(card.definition_audio_id),
      })),
    }
    const bytes = await writeAnkiPackage(deck, deps.clock.now().getTime())
    return { contentType: 'application/octet-stream', contentDisposition: contentDisposition(set.title, 'apkg'), body: Buffer.from(bytes) }
  }
  if (query.format === 'txt') {
    return { contentType: 'text/plain; charset=utf-8', contentDisposition: contentDisposition(set.title, 'txt'), body: writeAnkiText(cards, set.tags) }
  }
  if (query.format === 'csv') {
    // A third column, `Type`, only when a card is a cloze or a reverse card (issue 27: the import reads it back); a
    // set of plain cards keeps the spec's two columns.
    const typeOf = (card: (typeof cards)[number]) => (card.kind === 'cloze' ? 'cloze' : card.reverse === 1 ? 'reverse' : '')
    const typed = cards.some((card) => typeOf(card) !== '')
    const lines = [
      typed ? 'Term,Definition,Type' : 'Term,Definition',
      ...cards.map((card) => `${csvValue(card.term)},${csvValue(card.definition)}${typed ? `,${typeOf(card)}` : ''}`),
    ]
    return {
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: contentDisposition(set.title, 'csv'),
      body: `${lines.join('\r\n')}\r\n`,
    }
  }
  const dataUrls = await imageDataUrls(deps, cards.flatMap(mediaOf))
  // Pictures and recordings travel as data: URLs (issue 27: another account's import brings them); the guid lets a
  // newer export update the set it came from.
  const exported = cards.map((card) => ({
    term: card.term,
    definition: card.definition,
    ...(card.term_image_id ? { termImage: dataUrls.get(card.term_image_id) } : {}),
    ...(card.definition_image_id ? { definitionImage: dataUrls.get(card.definition_image_id) } : {}),
    ...(card.term_audio_id ? { termAudio: dataUrls.get(card.term_audio_id) } : {}),
    ...(card.definition_audio_id ? { definitionAudio: dataUrls.get(card.definition_audio_id) } : {}),
    ...(card.kind === 'cloze' ? { kind: 'cloze' } : {}),
    ...(card.reverse === 1 && card.kind === 'basic' ? { reverse: true } : {}),
    guid: card.guid,
  }))
  return {
    contentType: 'application/json; charset=utf-8',
    contentDisposition: contentDisposition(set.title, 'json'),
    body: `${JSON.stringify(exported, null, 2)}\n`,
  }
}
