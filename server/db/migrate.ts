import { type MigrationProvider, Migrator } from 'kysely'
import type { DB } from './database'
import { migrations } from './migrations/index'

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the database to the newest schema; throws (and changes nothing more) if a migration fails. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  // Numbers are reserved per capability and land in any order (0010 shipped before 0006..0009), so
  // a database already at 0010 must still take 0006 when it arrives. Each migration touches only
  // its own tables and columns, so running the missing ones late is safe.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName)
}
