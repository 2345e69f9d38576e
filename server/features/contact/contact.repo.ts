import type { Insertable } from 'kysely'
import type { DB } from '#server/db/database'
import type { ContactFormSubmissionsTable } from '#server/db/schema'

export type NewContactSubmission = Insertable<ContactFormSubmissionsTable>

export async function insertContactSubmission(db: DB, row: NewContactSubmission): Promise<void> {
  await db.insertInto('contact_form_submissions').values(row).execute()
}
