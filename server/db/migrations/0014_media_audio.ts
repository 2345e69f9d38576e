import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Sound on cards (issue 26). A recording is a media row like a picture (same owner, quota,
 * deduplication and visibility), with its length in `duration_ms` (null for pictures; a
 * recording's width and height are 0). A card side names its recording as it names its picture;
 * deleting the media row sets the side to null (SET NULL), the same safe fallback as pictures.
 *
 * No `down`: SQLite cannot drop a column that a foreign key names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media').addColumn('duration_ms', 'integer').execute()
  await db.schema
    .alterTable('flashcards')
    .addColumn('term_audio_id', 'text', (col) => col.references('media.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('flashcards')
    .addColumn('definition_audio_id', 'text', (col) => col.references('media.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('flashcards_term_audio').on('flashcards').column('term_audio_id').execute()
  await db.schema.createIndex('flashcards_definition_audio').on('flashcards').column('definition_audio_id').execute()
}
