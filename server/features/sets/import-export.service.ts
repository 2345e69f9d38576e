import { z } from 'zod'
import { DATA_URL } from '#shared/api/media'
import type { StudySet } from '#shared/api/sets'
import type { ImportSetData } from '#shared/import/import-schema'
import { newId } from '#server/db/ids'
import type { AuthState } from '#server/access/caller'
import { requireOwnMedia } from '#server/access/media'
import type { Deps } from '#server/deps'
import { HttpError } from '#server/http/errors'
import { writeAnkiPackage, writeAnkiText } from '#server/features/imports/imports.service'
import { imageDataUrls, knownImage, type PreparedImage, prepareImage, saveImage } from '#server/features/media/media.service'
import { insertCards } from './cards.repo'
import * as repo from './sets.repo'
import { newSetRow, ownedSet, reloadSet } from './sets.service'

type ImportCard = ImportSetData['cards'][number]
const SIDES = [
  ['termImage', 'term picture'],
  ['definitionImage', 'definition picture'],
] as const

/**
 * A picture of an import: a media id as it is, a data: URL as its bytes. Identical bytes to a
 * picture the caller already has (their own export) are that picture; anything else is checked
 * and re-encoded here, before the transaction, since that is the slow part.
 */
type ImportPicture = { mediaId: string } | { prepared: PreparedImage }

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
        if (!(error instanceof HttpError)) throw error
        // Which card's picture it was, in the message and the field.
        throw new HttpError(error.status, error.code, `Card ${index + 1}, ${label}: ${error.message}`, { [`cards.${index}.${side}`]: error.message })
      }
    }
  }
  return pictures
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
    const mediaIds = new Map<string, string>()
    for (const [value, picture] of pictures) {
      mediaIds.set(value, 'mediaId' in picture ? picture.mediaId : (await saveImage({ ...deps, db: trx }, auth.user.id, picture.prepared)).id)
    }
    // Media ids named in the body must be the caller's own uploads (400 on the card's field).
    const named = input.cards.flatMap((card, index) =>
      SIDES.filter(([side]) => card[side] !== null && !DATA_URL.test(card[side] ?? '')).map(([side]) => [`cards.${index}.${side}`, card[side]] as const),
    )
    await requireOwnMedia(trx, auth.user.id, Object.fromEntries(named))
    const mediaOf = (value: string | null) => (value === null ? null : (mediaIds.get(value) ?? null))
    const cards = input.cards.map((card, index) => ({
      id: newId(),
      study_set_id: id,
      term: card.term,
      definition: card.definition,
      position: index + 1,
      created: now,
      term_image_id: mediaOf(card.termImage),
      definition_image_id: mediaOf(card.definitionImage),
    }))
    await repo.insertSet(
      trx,
      newSetRow(auth.user.id, { id, title: input.title, description: input.description, tags: '', isPublic: false, cardCount: cards.length }, now),
    )
    await insertCards(trx, cards)
    return reloadSet(trx, id)
  })
}

export const exportQuerySchema = z.object({
  format: z.enum(['json', 'csv', 'txt', 'apkg'], { error: 'Format must be json, csv, txt or apkg.' }).optional().default('json'),
})
export type ExportQuery = z.output<typeof exportQuerySchema>

export interface ExportFile {
  contentType: string
  contentDisposition: string
  body: string | Buffer
}

/** A CSV value: commas become semicolons (docs/content-rules.md, 'Export'); quotes and line breaks are quoted. */
function csvValue(value: string): string {
  const text = value.replaceAll(',', ';')
  return /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
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
  const cards = await deps.db
    .selectFrom('flashcards')
    .select(['term', 'definition', 'term_image_id', 'definition_image_id'])
    .where('study_set_id', '=', id)
    .orderBy('position')
    .execute()
  if (query.format === 'apkg') {
    const bytes = await writeAnkiPackage(set.title, cards, deps.clock.now().getTime())
    return { contentType: 'application/octet-stream', contentDisposition: contentDisposition(set.title, 'apkg'), body: Buffer.from(bytes) }
  }
  if (query.format === 'txt') {
    return { contentType: 'text/plain; charset=utf-8', contentDisposition: contentDisposition(set.title, 'txt'), body: writeAnkiText(cards) }
  }
  if (query.format === 'csv') {
    const lines = ['Term,Definition', ...cards.map((card) => `${csvValue(card.term)},${csvValue(card.definition)}`)]
    return {
      contentType: 'text/csv; charset=utf-8',
      contentDisposition: contentDisposition(set.title, 'csv'),
      body: `${lines.join('\r\n')}\r\n`,
    }
  }
  const dataUrls = await imageDataUrls(
    deps,
    cards.flatMap((card) => [card.term_image_id, card.definition_image_id]),
  )
  // A card without pictures is exported exactly as before pictures existed.
  const exported = cards.map((card) => ({
    term: card.term,
    definition: card.definition,
    ...(card.term_image_id ? { termImage: dataUrls.get(card.term_image_id) } : {}),
    ...(card.definition_image_id ? { definitionImage: dataUrls.get(card.definition_image_id) } : {}),
  }))
  return {
    contentType: 'application/json; charset=utf-8',
    contentDisposition: contentDisposition(set.title, 'json'),
    body: `${JSON.stringify(exported, null, 2)}\n`,
  }
}
