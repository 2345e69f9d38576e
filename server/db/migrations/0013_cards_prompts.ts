import { type Kysely, sql } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Cards that carry more (issue 26): a card has a kind (`basic` or `cloze`) and may be asked in reverse; what is asked
 * of it is a prompt (`f`, `r`, `c1`..`c50`), and memory, progress and the review log are per card and prompt. Every
 * existing card stays a basic one-way card, and its memory, progress and review log become its prompt `f`.
 *
 * The memory and progress tables gain `prompt` in their primary keys: SQLite cannot change a primary key in place, so
 * both are rebuilt (new table, rows copied, old dropped, new renamed, indexes made again), the same way on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('flashcards')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('basic'))
    .execute()
  await db.schema
    .alterTable('flashcards')
    .addColumn('reverse', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('review_log')
    .addColumn('prompt', 'text', (col) => col.notNull().defaultTo('f'))
    .execute()

  await db.schema
    .createTable('card_memory_next')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (col) => col.notNull().defaultTo('f'))
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
    .addPrimaryKeyConstraint('card_memory_prompt_pk', ['user_id', 'flashcard_id', 'prompt'])
    .execute()
  const memoryColumns = [
    'user_id',
    'flashcard_id',
    'study_set_id',
    'stability',
    'difficulty',
    'due',
    'reps',
    'lapses',
    'state',
    'last_review',
    'learning_steps',
    'scheduled_days',
  ]
  await db
    .insertInto('card_memory_next')
    .columns([...memoryColumns, 'prompt'])
    .expression(db.selectFrom('card_memory').select([...memoryColumns, sql.lit('f').as('prompt')]))
    .execute()
  await db.schema.dropTable('card_memory').execute()
  await db.schema.alterTable('card_memory_next').renameTo('card_memory').execute()
  await db.schema.createIndex('card_memory_due').on('card_memory').columns(['user_id', 'due', 'study_set_id']).execute()
  await db.schema.createIndex('card_memory_set_due').on('card_memory').columns(['user_id', 'study_set_id', 'due']).execute()
  await db.schema.createIndex('card_memory_card').on('card_memory').column('flashcard_id').execute()
  await db.schema.createIndex('card_memory_set').on('card_memory').column('study_set_id').execute()

  await db.schema
    .createTable('study_progress_next')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('flashcard_id', 'text', (col) => col.notNull().references('flashcards.id').onDelete('cascade'))
    .addColumn('prompt', 'text', (col) => col.notNull().defaultTo('f'))
    .addColumn('correct_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('incorrect_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_reviewed', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('study_progress_prompt_pk', ['user_id', 'study_set_id', 'flashcard_id', 'prompt'])
    .execute()
  const progressColumns = ['user_id', 'study_set_id', 'flashcard_id', 'correct_count', 'incorrect_count', 'last_reviewed']
  await db
    .insertInto('study_progress_next')
    .columns([...progressColumns, 'prompt'])
    .expression(db.selectFrom('study_progress').select([...progressColumns, sql.lit('f').as('prompt')]))
    .execute()
  await db.schema.dropTable('study_progress').execute()
  await db.schema.alterTable('study_progress_next').renameTo('study_progress').execute()
  await db.schema.createIndex('study_progress_set').on('study_progress').column('study_set_id').execute()
  await db.schema.createIndex('study_progress_card').on('study_progress').column('flashcard_id').execute()
}

// No down: memory of prompts other than `f` would have nowhere to go, and SQLite cannot drop a primary-key column.
