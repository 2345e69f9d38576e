import { z } from 'zod'
import type { StudySet } from '../../../shared/api/sets'
import type { ImportSetData } from '../../../shared/import/import-schema'
import { newId } from '../../db/ids'
import { writeAnkiPackage, writeAnkiText } from '../imports/anki/write-package'
import type { Deps } from '../../deps'
import type { AuthState } from '../auth/sessions.service'
import { insertCards } from '../cards/cards.repo'
import { ownedSet } from './set-access'
import * as repo from './sets.repo'
import { newSetRow, reloadSet } from './sets.service'

/**
 * Creates a set and all its cards (positions 1..n, cardCount n) in one transaction: a failure or
 * a crash part-way leaves nothing behind.
 */
export async function importSet(deps: Deps, auth: AuthState, input: ImportSetData): Promise<StudySet> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  const cards = input.cards.map((card, index) => ({
    id: newId(),
    study_set_id: id,
    term: card.term,
    definition: card.definition,
    position: index + 1,
    created: now,
  }))
  return deps.db.transaction().execute(async (trx) => {
    await repo.insertSet(trx, newSetRow(auth.user.id, { id, title: input.title, description: input.description, tags: '', isPublic: false, cardCount: cards.length }, now))
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
 * The owner's set as a file, its cards in position order, term and definition only: JSON, CSV,
 * Anki's tab-separated text (`txt`) or an Anki package (`apkg`, server/features/imports/anki).
 */
export async function exportSet(deps: Deps, id: string, auth: AuthState, query: ExportQuery): Promise<ExportFile> {
  const set = await ownedSet(deps, id, auth)
  const cards = await deps.db
    .selectFrom('flashcards')
    .select(['term', 'definition'])
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
  return {
    contentType: 'application/json; charset=utf-8',
    contentDisposition: contentDisposition(set.title, 'json'),
    body: `${JSON.stringify(cards.map((card) => ({ term: card.term, definition: card.definition })), null, 2)}\n`,
  }
}
