import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Stars, read-aloud languages and copies:
 * - `card_stars`: one row per student and starred card, so any mode can study only the starred
 *   ones. A star goes with its card, its set and its student.
 * - `study_sets.term_language` and `definition_language`: BCP 47 tags (`en`, `ja`, `pt-BR`) the
 *   browser's speech synthesis reads each side in; null until chosen.
 * - `study_sets.copied_from_set_id`: the set a copy was saved from, so the copy can say where it
 *   came from; the link is cleared when the original is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_stars')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('card_stars_pk', ['user_id', 'flashcard_id'])
    .execute()
  await db.schema.createIndex('card_stars_user_set').on('card_stars').columns(['user_id', 'study_set_id']).execute()
  await db.schema.createIndex('card_stars_set').on('card_stars').column('study_set_id').execute()
  await db.schema.createIndex('card_stars_card').on('card_stars').column('flashcard_id').execute()

  await db.schema.alterTable('study_sets').addColumn('term_language', 'text').execute()
  await db.schema.alterTable('study_sets').addColumn('definition_language', 'text').execute()
  await db.schema
    .alterTable('study_sets')
    .addColumn('copied_from_set_id', 'text', (col) => col.references('study_sets.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('study_sets_copied_from').on('study_sets').column('copied_from_set_id').execute()
}

// No `down`: SQLite cannot drop a column that a foreign key names (copied_from_set_id).
