import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_form_submissions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Signed-in senders are linked to their account; the message stays if the account goes.
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()
  // Read newest first by whoever answers them.
  await db.schema.createIndex('contact_form_submissions_created').on('contact_form_submissions').column('created').execute()
  // Deleting a user sets user_id to null here; without an index that would scan the whole table.
  await db.schema.createIndex('contact_form_submissions_user_id').on('contact_form_submissions').column('user_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_form_submissions').execute()
}
