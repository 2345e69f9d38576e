import type { Selectable } from 'kysely'
import { compiledQuery } from '#server/db/compiled-query'
import type { DB } from '#server/db/database'
import type { EmailTokenPurpose, EmailTokensTable, SessionsTable } from '#server/db/schema'
import type { UserWithPlan } from '#server/features/users/users.repo'

export type SessionRow = Selectable<SessionsTable>
export type EmailTokenRow = Selectable<EmailTokensTable>

export async function insertSession(db: DB, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute()
}

/**
 * The user (with their plan's name) when this session exists and is theirs: what every signed-in
 * request checks, in one query.
 */
const userOfSession = compiledQuery((db: DB, userId: string, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('plans', 'plans.id', 'users.plan_id')
    .selectAll('users')
    .select('plans.name as plan_name')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId),
)

export async function findUserOfSession(db: DB, userId: string, sessionId: string): Promise<UserWithPlan | undefined> {
  return userOfSession.first(db, userId, sessionId)
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
