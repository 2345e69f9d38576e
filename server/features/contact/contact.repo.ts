import type { Insertable } from 'kysely'
import type { DB } from '../../db/database'
import type { ContactFormSubmissionsTable } from '../../db/schema'

export type NewContactSubmission = Insertable<ContactFormSubmissionsTable>

export async function insertContactSubmission(db: DB, row: NewContactSubmission): Promise<void> {
  await db.insertInto('contact_form_submissions').values(row).execute()
}
