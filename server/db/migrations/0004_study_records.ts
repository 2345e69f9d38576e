import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * A student's study records (docs/study-rules.md, 'Records'). Each belongs to one user and one set and goes with
 * either. Every foreign key has an index leading with it, so a cascade never scans a table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('learning_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('start_time', 'text', (col) => col.notNull())
    .addColumn('end_time', 'text')
    .addColumn('total_cards', 'integer', (col) => col.notNull())
    .addColumn('correct_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('incorrect_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('in_progress'))
    .execute()
  await db.schema.createIndex('learning_sessions_user_set').on('learning_sessions').columns(['user_id', 'study_set_id']).execute()
  await db.schema.createIndex('learning_sessions_set').on('learning_sessions').column('study_set_id').execute()

  // One row per user and card: the running counts behind the card's mastery.
  await db.schema
    .createTable('study_progress')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('correct_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('incorrect_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_reviewed', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('study_progress_pk', ['user_id', 'study_set_id', 'flashcard_id'])
    .execute()
  await db.schema.createIndex('study_progress_set').on('study_progress').column('study_set_id').execute()
  await db.schema.createIndex('study_progress_card').on('study_progress').column('flashcard_id').execute()

  // One row per checked Write answer.
  await db.schema
    .createTable('write_results')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('correct_count', 'integer', (col) => col.notNull())
    .addColumn('incorrect_count', 'integer', (col) => col.notNull())
    .addColumn('completed_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('write_results_user_set').on('write_results').columns(['user_id', 'study_set_id']).execute()
  await db.schema.createIndex('write_results_set').on('write_results').column('study_set_id').execute()
  await db.schema.createIndex('write_results_card').on('write_results').column('flashcard_id').execute()

  await db.schema
    .createTable('match_results')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('time_taken', 'integer', (col) => col.notNull())
    .addColumn('correct_matches', 'integer', (col) => col.notNull())
    .addColumn('incorrect_matches', 'integer', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('match_results_user_set').on('match_results').columns(['user_id', 'study_set_id']).execute()
  await db.schema.createIndex('match_results_set').on('match_results').column('study_set_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('match_results').execute()
  await db.schema.dropTable('write_results').execute()
  await db.schema.dropTable('study_progress').execute()
  await db.schema.dropTable('learning_sessions').execute()
}
