import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Habits and organisation (issue 31): a daily goal, a time zone and email reminders on the
 * student's settings; one claim row per student and day a reminder went out (so however many
 * server processes check, one sends); folders of sets, nested, owned by one user; and each
 * student's study options per set. Portable as the others: times ISO-8601 text, booleans 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_settings').addColumn('daily_goal', 'integer').execute()
  await db.schema.alterTable('user_settings').addColumn('time_zone', 'text').execute()
  // The hour (0 to 23, in time_zone) a reminder goes out, or null: reminders off.
  await db.schema.alterTable('user_settings').addColumn('reminder_hour', 'integer').execute()
  // A random token naming the student in the unsubscribe link (no sign-in needed to use it).
  await db.schema.alterTable('user_settings').addColumn('reminder_token', 'text').execute()
  await db.schema.createIndex('user_settings_reminder_token').on('user_settings').column('reminder_token').unique().execute()
  await db.schema.createIndex('user_settings_reminder_hour').on('user_settings').column('reminder_hour').execute()

  // The first process to insert a student's row for a day sends that day's reminder; the others see the conflict.
  await db.schema
    .createTable('reminder_claims')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('reminder_claims_pk', ['user_id', 'day'])
    .execute()

  await db.schema
    .createTable('folders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (col) => col.references('folders.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('folders_owner').on('folders').columns(['owner_id', 'name']).execute()
  await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute()

  await db.schema
    .createTable('folder_sets')
    .addColumn('folder_id', 'text', (col) => col.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('added', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('folder_sets_pk', ['folder_id', 'study_set_id'])
    .execute()
  await db.schema.createIndex('folder_sets_set').on('folder_sets').column('study_set_id').execute()

  // A student's study options for a set, as JSON (shared/api/habits.ts validates it).
  await db.schema
    .createTable('study_options')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('study_set_id', 'text', (col) => col.notNull().references('study_sets.id').onDelete('cascade'))
    .addColumn('options', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('study_options_pk', ['user_id', 'study_set_id'])
    .execute()
  await db.schema.createIndex('study_options_set').on('study_options').column('study_set_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('study_options').execute()
  await db.schema.dropTable('folder_sets').execute()
  await db.schema.dropTable('folders').execute()
  await db.schema.dropTable('reminder_claims').execute()
  await db.schema.dropIndex('user_settings_reminder_hour').execute()
  await db.schema.dropIndex('user_settings_reminder_token').execute()
  for (const column of ['reminder_token', 'reminder_hour', 'time_zone', 'daily_goal']) {
    await db.schema.alterTable('user_settings').dropColumn(column).execute()
  }
}
