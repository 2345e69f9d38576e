import type { TestProject } from 'vitest/node'
import { openPostgresDatabase } from '#server/db/database'
import { migrateToLatest } from '#server/db/migrate'
import { adminQuery, databaseUrl, startTestPostgres } from './postgres'

/** The migrated database every PostgreSQL test database is copied from. */
export const TEMPLATE_DATABASE = 'cardwise_template'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

/**
 * Starts one PostgreSQL server for the whole run (or uses TEST_DATABASE_URL), migrates a template
 * database once, and stops the server at the end. Test files copy the template.
 */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres()
  await adminQuery(server.url, [`drop database if exists ${TEMPLATE_DATABASE} with (force)`, `create database ${TEMPLATE_DATABASE}`])
  const db = openPostgresDatabase(databaseUrl(server.url, TEMPLATE_DATABASE), { maxConnections: 1 })
  try {
    await migrateToLatest(db)
  } finally {
    await db.destroy()
  }
  project.provide('postgresUrl', server.url)
  return async () => {
    await adminQuery(server.url, [`drop database if exists ${TEMPLATE_DATABASE} with (force)`]).catch(() => {})
    await server.stop()
  }
}
