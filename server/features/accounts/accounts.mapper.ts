import type { PublicUser, User } from '#shared/api/users'
import type { UserWithPlan } from './accounts.repo'

/** The API shape of a user. Built field by field, so a password hash or token key cannot leak. */
export function toUser(row: UserWithPlan, { withEmail }: { withEmail: boolean }): User {
  return {
    id: row.id,
    username: row.username,
    ...(withEmail ? { email: row.email } : {}),
    verified: row.verified === 1,
    plan: { id: row.plan_id, name: row.plan_name },
    created: row.created,
    updated: row.updated,
  }
}

/** How a user appears to others. */
export function toPublicUser(row: { id: string; username: string }): PublicUser {
  return { id: row.id, username: row.username }
}
