import type { Insertable, Selectable } from 'kysely'
import type { DB } from '#server/db/database'
import type { MediaTable } from '#server/db/schema'

export type MediaRow = Selectable<MediaTable>
/** A picture's row without its bytes. */
export type MediaInfo = Omit<MediaRow, 'data'>

const INFO_COLUMNS = ['id', 'owner_id', 'sha256', 'type', 'width', 'height', 'bytes', 'created'] as const

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

/** The bytes a user's pictures take, as counted against the quota. */
export async function storedBytes(db: DB, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}

export async function insertMedia(db: DB, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto('media').values(row).execute()
}

/** The pictures the cards of a set show (to clean up after the set is deleted). */
export async function mediaOfSet(db: DB, setId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('flashcards')
    .select(['term_image_id', 'definition_image_id'])
    .where('study_set_id', '=', setId)
    .where((eb) => eb.or([eb('term_image_id', 'is not', null), eb('definition_image_id', 'is not', null)]))
    .execute()
  return [...new Set(rows.flatMap((row) => [row.term_image_id, row.definition_image_id]).filter((id): id is string => id !== null))]
}

/** A media row no card names. */
function unused(db: DB) {
  return db.deleteFrom('media').where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('flashcards')
          .select('flashcards.id')
          .where((card) =>
            card.or([card('flashcards.term_image_id', '=', eb.ref('media.id')), card('flashcards.definition_image_id', '=', eb.ref('media.id'))]),
          ),
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
