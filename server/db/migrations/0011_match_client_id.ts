import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * Match results sent from the offline queue (issue 18) carry a client id, as answers do: the same
 * id sent again by the same student is kept once. Older rows have none (null, never a conflict).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('match_results').addColumn('client_id', 'text').execute()
  await db.schema.createIndex('match_results_client').on('match_results').columns(['user_id', 'client_id']).unique().execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('match_results_client').execute()
  await db.schema.alterTable('match_results').dropColumn('client_id').execute()
}
