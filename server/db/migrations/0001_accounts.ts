import { randomBytes } from 'node:crypto'
import { type Kysely, sql } from 'kysely'

// Frozen in time: this file imports no app code, so later changes to the app cannot change it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()

  await db
    .insertInto('plans')
    .values({ id: randomBytes(12).toString('hex').slice(0, 15), name: 'Free', created: new Date().toISOString() })
    .execute()

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('token_key', 'text', (col) => col.notNull())
    .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('plan_id', 'text', (col) => col.notNull().references('plans.id'))
    .addColumn('avatar', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('updated', 'text', (col) => col.notNull())
    .execute()
  // Usernames are unique whatever their case, and looked up that way at login.
  await db.schema.createIndex('users_username_lower_unique').on('users').unique().expression(sql`lower(username)`).execute()
  await db.schema.createIndex('users_plan_id').on('users').column('plan_id').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('last_used', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('new_email', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('email_tokens_user_purpose').on('email_tokens').columns(['user_id', 'purpose']).execute()
  await db.schema.createIndex('email_tokens_expires_at').on('email_tokens').column('expires_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_tokens').execute()
  await db.schema.dropTable('sessions').execute()
  await db.schema.dropTable('users').execute()
  await db.schema.dropTable('plans').execute()
}
