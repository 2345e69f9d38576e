import type { Selectable, Updateable } from 'kysely'
import type { DB } from '#server/db/database'
import type { EmailTokenPurpose, EmailTokensTable, SessionsTable, UsersTable } from '#server/db/schema'
import { lowerCased } from '#server/db/text-search'
import type { UserWithPlan } from '#server/access/caller'

/** Accounts, their sessions and their emailed link tokens. */

export type UserRow = Selectable<UsersTable>
export type { UserWithPlan }

function selectUsersWithPlan(db: DB) {
  return db.selectFrom('users').innerJoin('plans', 'plans.id', 'users.plan_id').selectAll('users').select('plans.name as plan_name')
}

export async function findUserById(db: DB, id: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where('users.id', '=', id).executeTakeFirst()
}

export async function findUserByEmail(db: DB, email: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst()
}

/** Usernames match whatever their case (an index on lower(username) serves this). */
export async function findUserByUsername(db: DB, username: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where(lowerCased('users.username'), '=', username.toLowerCase()).executeTakeFirst()
}

export async function findPlanByName(db: DB, name: string) {
  return db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst()
}

export async function insertUser(db: DB, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute()
}

export async function updateUser(db: DB, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute()
}

export async function deleteUser(db: DB, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}

export type SessionRow = Selectable<SessionsTable>
export type EmailTokenRow = Selectable<EmailTokensTable>

export async function insertSession(db: DB, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

export async function touchSession(db: DB, id: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_used: now }).where('id', '=', id).execute()
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

export async function deleteSessionsOfUser(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute()
}

export async function insertEmailToken(db: DB, token: EmailTokenRow): Promise<void> {
  await db.insertInto('email_tokens').values(token).execute()
}

/** A token of this purpose that has not expired; used tokens are deleted, so they are not found. */
export async function findLiveEmailToken(db: DB, purpose: EmailTokenPurpose, tokenHash: string, now: string) {
  return db
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst()
}

/**
 * Deletes one link token and tells whether this call did it: of two requests racing with the same
 * link, only one gets true, which is what makes a link single-use.
 */
export async function consumeEmailToken(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('email_tokens').where('id', '=', id).executeTakeFirst()
  return result.numDeletedRows === 1n
}

export async function deleteEmailTokens(db: DB, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute()
}

/** Every link token of a user, whatever its purpose. */
export async function deleteEmailTokensOfUser(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).execute()
}

export async function deleteExpiredEmailTokens(db: DB, now: string): Promise<void> {
  await db.deleteFrom('email_tokens').where('expires_at', '<=', now).execute()
}
