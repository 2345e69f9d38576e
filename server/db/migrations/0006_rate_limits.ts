import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Rate-limit counters in the database, so several server processes count the same hits (the
 * per-account failed-login limit above all). One row per key and fixed window: the hits so far and
 * when the window ends, in epoch milliseconds. Used on PostgreSQL; a single SQLite process keeps
 * its counters in memory, but the table is there on both, as every table is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at_ms', 'bigint', (col) => col.notNull())
    .execute()
  // The sweep of ended windows.
  await db.schema.createIndex('rate_limits_reset_at_ms').on('rate_limits').column('reset_at_ms').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute()
}
