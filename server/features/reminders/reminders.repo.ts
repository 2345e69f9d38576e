import type { DB } from '#server/db/database'

/** Reminders (issue 31): who wants them, and the claim of each student's day. Only the builder: both databases. */

/** Verified students with reminders on: their address, time zone, hour and unsubscribe token. */
export async function listReminderStudents(db: DB) {
  return db
    .selectFrom('user_settings')
    .innerJoin('users', 'users.id', 'user_settings.user_id')
    .select([
      'users.id',
      'users.email',
      'users.username',
      'users.locale',
      'user_settings.time_zone',
      'user_settings.reminder_hour',
      'user_settings.reminder_token',
    ])
    .where('user_settings.reminder_hour', 'is not', null)
    .where('users.verified', '=', 1)
    .orderBy('users.id')
    .execute()
}

/** Of these students, those whose reminder for `day` was already claimed (`day` is theirs: in their time zone). */
export async function claimedOn(db: DB, userIds: string[], days: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('reminder_claims')
    .select(['user_id', 'day'])
    .where('user_id', 'in', userIds)
    .where('day', 'in', [...new Set(days)])
    .execute()
  return new Set(rows.map((row) => `${row.user_id} ${row.day}`))
}

/**
 * Claims the student's reminder for the day: true for the one process whose insert made the row,
 * false for every other (the primary key refuses a second row, on SQLite and PostgreSQL alike).
 */
export async function claim(db: DB, userId: string, day: string, at: string): Promise<boolean> {
  const inserted = await db
    .insertInto('reminder_claims')
    .values({ user_id: userId, day, claimed_at: at, sent_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function markSent(db: DB, userId: string, day: string, at: string): Promise<void> {
  await db.updateTable('reminder_claims').set({ sent_at: at }).where('user_id', '=', userId).where('day', '=', day).execute()
}

/** Gives a claim back (the mail could not be sent): a later pass tries again. */
export async function releaseClaim(db: DB, userId: string, day: string): Promise<void> {
  await db.deleteFrom('reminder_claims').where('user_id', '=', userId).where('day', '=', day).where('sent_at', 'is', null).execute()
}

/** Turns reminders off for the student whose unsubscribe token this is; false when no one's is. */
export async function unsubscribe(db: DB, token: string, at: string): Promise<boolean> {
  const result = await db.updateTable('user_settings').set({ reminder_hour: null, updated: at }).where('reminder_token', '=', token).executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Claims older than this many days are of no use (each names one day): removed now and then. */
export async function deleteClaimsBefore(db: DB, before: string): Promise<void> {
  await db.deleteFrom('reminder_claims').where('claimed_at', '<', before).execute()
}
