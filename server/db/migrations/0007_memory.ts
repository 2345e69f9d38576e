import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * The memory model (issue 15): one review log of every answer from every mode, each student's
 * memory state per card (FSRS), and each student's memory settings. Portable: only the schema
 * builder; booleans are integers 0/1, times ISO-8601 text, floats 'double precision' (REAL on
 * SQLite). Everything goes with the card, the set and the account; every foreign key has an index
 * leading with it, so a cascade never scans a table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per answer, as Anki's revlog: the rating it mapped to, the state before, the days
  // elapsed and scheduled, and the memory after. The truth that states are recomputed from.
  await db.schema
    .createTable('review_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('correct', 'integer', (col) => col.notNull())
    .addColumn('rating', 'integer', (col) => col.notNull())
    .addColumn('duration_ms', 'integer')
    // When the student answered (the client's time for an offline answer), and when it arrived.
    .addColumn('answered_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    // The client's own id for the answer: a resent answer is kept once.
    .addColumn('client_id', 'text')
    .addColumn('state', 'integer', (col) => col.notNull())
    .addColumn('elapsed_days', 'integer', (col) => col.notNull())
    .addColumn('scheduled_days', 'integer', (col) => col.notNull())
    .addColumn('stability', 'double precision', (col) => col.notNull())
    .addColumn('difficulty', 'double precision', (col) => col.notNull())
    .addColumn('due', 'text', (col) => col.notNull())
    // The body the answer route gave, so the same client id gets the same body again.
    .addColumn('response', 'text')
    .execute()
  // NULLs never clash in a unique index (SQLite and PostgreSQL alike): answers without a client id are all kept.
  await db.schema.createIndex('review_log_client').on('review_log').columns(['user_id', 'client_id']).unique().execute()
  await db.schema.createIndex('review_log_user_time').on('review_log').columns(['user_id', 'answered_at']).execute()
  await db.schema.createIndex('review_log_user_card').on('review_log').columns(['user_id', 'flashcard_id', 'answered_at']).execute()
  await db.schema.createIndex('review_log_card').on('review_log').column('flashcard_id').execute()
  await db.schema.createIndex('review_log_set').on('review_log').column('study_set_id').execute()

  // One row per student and card reviewed: the FSRS state behind the due list.
  await db.schema
    .createTable('card_memory')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('stability', 'double precision', (col) => col.notNull())
    .addColumn('difficulty', 'double precision', (col) => col.notNull())
    .addColumn('due', 'text', (col) => col.notNull())
    .addColumn('reps', 'integer', (col) => col.notNull())
    .addColumn('lapses', 'integer', (col) => col.notNull())
    .addColumn('state', 'integer', (col) => col.notNull())
    .addColumn('last_review', 'text', (col) => col.notNull())
    .addColumn('learning_steps', 'integer', (col) => col.notNull())
    .addColumn('scheduled_days', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('card_memory_pk', ['user_id', 'flashcard_id'])
    .execute()
  // Covering for the due counts: a range of due times, grouped by set, without reading the rows.
  await db.schema.createIndex('card_memory_due').on('card_memory').columns(['user_id', 'due', 'study_set_id']).execute()
  await db.schema.createIndex('card_memory_set_due').on('card_memory').columns(['user_id', 'study_set_id', 'due']).execute()
  await db.schema.createIndex('card_memory_card').on('card_memory').column('flashcard_id').execute()
  await db.schema.createIndex('card_memory_set').on('card_memory').column('study_set_id').execute()

  // A student's memory settings; no row means the defaults (retention 0.9, default parameters).
  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('desired_retention', 'double precision', (col) => col.notNull())
    // The student's fitted FSRS parameters as a JSON array, or null for the defaults.
    .addColumn('parameters', 'text')
    .addColumn('parameters_fitted_at', 'text')
    .addColumn('parameters_review_count', 'integer')
    // Set by the process that claims the fit, so two processes never fit the same student at once.
    .addColumn('fit_claimed_at', 'text')
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_settings').execute()
  await db.schema.dropTable('card_memory').execute()
  await db.schema.dropTable('review_log').execute()
}
