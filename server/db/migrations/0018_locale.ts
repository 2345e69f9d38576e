import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * The interface language a user chose (issue 30): a supported tag such as `de` or `pt-BR`, or null
 * for automatic (the browser's languages, or a request's Accept-Language). On the user's row, so
 * every signed-in request knows it from the one query that reads its caller.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute()
}
