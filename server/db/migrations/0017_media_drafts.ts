import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Media drafts (issue 27): the pictures and recordings of an import preview, kept apart from the
 * user's media until the import is confirmed. Same columns as `media`; a confirmed import moves
 * the rows it uses into `media` (keeping their ids, which the preview answered with); the rest
 * are removed when a day old by the media sweep. A draft goes with its owner's account (CASCADE).
 * No card ever names a draft, so nothing else refers to this table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
  await db.schema
    .createTable('media_drafts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('data', binary, (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()
  // A preview of the same file again reuses its drafts (found by owner and hash); the sweep reads by age.
  await db.schema.createIndex('media_drafts_owner_sha256').on('media_drafts').columns(['owner_id', 'sha256']).unique().execute()
  await db.schema.createIndex('media_drafts_created').on('media_drafts').column('created').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_drafts').execute()
}
