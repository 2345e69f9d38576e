import type { Insertable, Selectable } from 'kysely'
import type { DB } from '#server/db/database'
import type { MediaTable } from '#server/db/schema'

export type MediaRow = Selectable<MediaTable>
/** A picture's row without its bytes. */
export type MediaInfo = Omit<MediaRow, 'data'>

const INFO_COLUMNS = ['id', 'owner_id', 'sha256', 'type', 'width', 'height', 'bytes', 'duration_ms', 'created'] as const

/** The card columns that name a media row: each side's picture and recording. */
export const CARD_MEDIA_COLUMNS = ['term_image_id', 'definition_image_id', 'term_audio_id', 'definition_audio_id'] as const

export async function findMediaInfo(db: DB, id: string): Promise<MediaInfo | undefined> {
  return db.selectFrom('media').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst()
}

export async function findMediaData(db: DB, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('media').select('data').where('id', '=', id).executeTakeFirst()
  return row?.data
}

/** The picture's type and bytes (for an export). */
export async function findMediaFile(db: DB, id: string): Promise<{ type: string; data: Buffer } | undefined> {
  return db.selectFrom('media').select(['type', 'data']).where('id', '=', id).executeTakeFirst()
}

export async function findMediaByHash(db: DB, ownerId: string, sha256: string): Promise<MediaInfo | undefined> {
  return db.selectFrom('media').select(INFO_COLUMNS).where('owner_id', '=', ownerId).where('sha256', '=', sha256).executeTakeFirst()
}

/** Where a media row lives: the user's media, or the drafts of an import preview (issue 27). */
export type MediaStore = 'media' | 'media_drafts'

/** The bytes a user's pictures take, as counted against the quota. */
export async function storedBytes(db: DB, ownerId: string, store: MediaStore = 'media'): Promise<number> {
  const row = await db
    .selectFrom(store)
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}

export async function insertMedia(db: DB, row: Insertable<MediaTable>, store: MediaStore = 'media'): Promise<void> {
  await db.insertInto(store).values(row).execute()
}

export async function findDraftByHash(db: DB, ownerId: string, sha256: string): Promise<MediaInfo | undefined> {
  return db.selectFrom('media_drafts').select(INFO_COLUMNS).where('owner_id', '=', ownerId).where('sha256', '=', sha256).executeTakeFirst()
}

/** A preview of the same file again keeps its drafts another day. */
export async function touchDraft(db: DB, id: string, now: string): Promise<void> {
  await db.updateTable('media_drafts').set({ created: now }).where('id', '=', id).execute()
}

/** The caller's drafts among these ids (without their bytes). */
export async function findDrafts(db: DB, ownerId: string, ids: string[]): Promise<MediaInfo[]> {
  if (ids.length === 0) return []
  return db.selectFrom('media_drafts').select(INFO_COLUMNS).where('owner_id', '=', ownerId).where('id', 'in', ids).execute()
}

export async function findDraftInfo(db: DB, id: string): Promise<MediaInfo | undefined> {
  return db.selectFrom('media_drafts').select(INFO_COLUMNS).where('id', '=', id).executeTakeFirst()
}

export async function findDraftData(db: DB, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('media_drafts').select('data').where('id', '=', id).executeTakeFirst()
  return row?.data
}

/** A draft becomes one of its owner's media, under the same id (the bytes copied inside the database), and the draft goes. */
export async function promoteDraft(db: DB, id: string, created: string): Promise<void> {
  await db
    .insertInto('media')
    .columns(['id', 'owner_id', 'sha256', 'type', 'width', 'height', 'bytes', 'duration_ms', 'data', 'created'])
    .expression((eb) =>
      eb
        .selectFrom('media_drafts')
        .select(['id', 'owner_id', 'sha256', 'type', 'width', 'height', 'bytes', 'duration_ms', 'data', eb.val(created).as('created')])
        .where('id', '=', id),
    )
    .execute()
  await db.deleteFrom('media_drafts').where('id', '=', id).execute()
}

/** Drafts made before `before`: previews never confirmed. */
export async function deleteDraftsBefore(db: DB, before: string): Promise<number> {
  const result = await db.deleteFrom('media_drafts').where('created', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The pictures and recordings the cards of a set show (to clean up after the set is deleted). */
export async function mediaOfSet(db: DB, setId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flashcards')
    .select([...CARD_MEDIA_COLUMNS])
    .where('study_set_id', '=', setId)
    .where((eb) => eb.or(CARD_MEDIA_COLUMNS.map((column) => eb(column, 'is not', null))))
    .execute()
  return [...new Set(rows.flatMap((row) => CARD_MEDIA_COLUMNS.map((column) => row[column])).filter((id): id is string => id !== null))]
}

/** A media row no card names. */
function unused(db: DB) {
  return db.deleteFrom('media').where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('flashcards')
          .select('flashcards.id')
          .where((card) => card.or(CARD_MEDIA_COLUMNS.map((column) => card(`flashcards.${column}`, '=', eb.ref('media.id'))))),
      ),
    ),
  )
}

/** Deletes those of these pictures that no card shows any more; returns how many went. */
export async function deleteUnusedMedia(db: DB, ids: (string | null | undefined)[]): Promise<number> {
  const candidates = [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
  if (candidates.length === 0) return 0
  const result = await unused(db).where('media.id', 'in', candidates).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Deletes every picture uploaded before `before` that no card shows: uploads never attached. */
export async function deleteUnattachedBefore(db: DB, before: string): Promise<number> {
  const result = await unused(db).where('media.created', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Someone else's media row copied for `ownerId` under a new id (the bytes copied inside the database). */
export async function copyMediaRow(db: DB, sourceId: string, row: { id: string; ownerId: string; created: string }): Promise<void> {
  await db
    .insertInto('media')
    .columns(['id', 'owner_id', 'sha256', 'type', 'width', 'height', 'bytes', 'duration_ms', 'data', 'created'])
    .expression((eb) =>
      eb
        .selectFrom('media')
        .select([
          eb.val(row.id).as('id'),
          eb.val(row.ownerId).as('owner_id'),
          'sha256',
          'type',
          'width',
          'height',
          'bytes',
          'duration_ms',
          'data',
          eb.val(row.created).as('created'),
        ])
        .where('id', '=', sourceId),
    )
    .execute()
}
