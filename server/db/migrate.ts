import { type MigrationProvider, Migrator } from 'kysely'
import type { DB } from './database'
import { migrations } from './migrations/index'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the database to the newest schema; throws (and changes nothing more) if a migration fails. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
