import { type Kysely, sql } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Exchange without loss (issue 27): every card has a stable `guid`, Anki's note guid when the card came from Anki,
 * generated otherwise. An `.apkg` export uses it as the note guid, so a second import into Anki updates its notes
 * instead of duplicating them, and "update an existing set" matches a newer file's cards to the set's by it.
 *
 * Existing cards get their own id as their guid (ids are unique, opaque and never change: no random backfill
 * needed, and the same on SQLite and PostgreSQL). A guid is unique within its set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('flashcards')
    .addColumn('guid', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
  await db
    .updateTable('flashcards')
    .set({ guid: sql.ref('id') })
    .execute()
  await db.schema.createIndex('flashcards_set_guid').on('flashcards').columns(['study_set_id', 'guid']).unique().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('flashcards_set_guid').execute()
  await db.schema.alterTable('flashcards').dropColumn('guid').execute()
}
