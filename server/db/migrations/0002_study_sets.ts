import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('study_sets')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('card_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute()
  // "My sets" and "public sets", newest first.
  await db.schema.createIndex('study_sets_owner_created').on('study_sets').columns(['owner_id', 'created']).execute()
  await db.schema.createIndex('study_sets_public_created').on('study_sets').columns(['is_public', 'created']).execute()

  // One row per tag of a set, so tag filters and tag lists use an index instead of scanning strings.
  await db.schema
    .createTable('set_tags')
    .addColumn('set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('tag', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('set_tags_pk', ['set_id', 'tag'])
    .execute()
  await db.schema.createIndex('set_tags_tag_set').on('set_tags').columns(['tag', 'set_id']).execute()

  await db.schema
    .createTable('flashcards')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('term', 'text', (col) => col.notNull())
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('flashcards_set_position').on('flashcards').columns(['study_set_id', 'position']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flashcards').execute()
  await db.schema.dropTable('set_tags').execute()
  await db.schema.dropTable('study_sets').execute()
}
