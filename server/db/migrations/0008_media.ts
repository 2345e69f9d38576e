import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Pictures on cards (issue 16). The bytes live in the database, so every server process serves
 * the same pictures and a backup holds them. One row per distinct picture of a user: the SHA-256
 * of the stored (re-encoded) bytes is unique per owner, so the same picture uploaded twice is
 * stored once. A picture goes with its owner's account (CASCADE).
 *
 * A card side names its picture; deleting a picture sets the side to null (SET NULL) instead of
 * failing. The app deletes a picture only once no card uses it, so in practice nothing is ever
 * nulled; the rule is the safe fallback. Whether a picture is attached is computed (a card names
 * it), not stored, so it cannot drift; both columns are indexed for that check.
 *
 * No `down`: SQLite cannot drop a column that a foreign key names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('data', binary, (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addUniqueConstraint('media_owner_sha256', ['owner_id', 'sha256'])
    .execute()
  // The sweep of never-attached uploads reads by age.
  await db.schema.createIndex('media_created').on('media').column('created').execute()

  await db.schema
    .alterTable('flashcards')
    .addColumn('term_image_id', 'text', (col) => col.references('media.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('flashcards')
    .addColumn('definition_image_id', 'text', (col) => col.references('media.id').onDelete('set null'))
    .execute()
  await db.schema.createIndex('flashcards_term_image').on('flashcards').column('term_image_id').execute()
  await db.schema.createIndex('flashcards_definition_image').on('flashcards').column('definition_image_id').execute()
}
