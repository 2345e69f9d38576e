import { newSecret } from '#server/db/ids'
import type { Deps } from '#server/deps'
import type { LiveLinkToken } from './email-links'
import { nowIso } from './sessions.service'
import { toUser } from './accounts.mapper'
import { deleteEmailTokensOfUser, deleteSessionsOfUser, updateUser, type UserWithPlan } from './accounts.repo'

/**
 * Sets a new password hash and a new tokenKey (every token issued before stops working), ends
 * every session and voids every emailed link, in one transaction. Links go too: a reset link left
 * in a mailbox the user has moved away from must not reset the password later. A change made
 * through a link uses that link up first, in the same transaction.
 */
export async function replaceCredentials(
  deps: Deps,
  user: UserWithPlan,
  changes: { password_hash?: string; email?: string; verified?: number },
  link?: LiveLinkToken,
): Promise<UserWithPlan> {
  const updated = { ...user, ...changes, token_key: newSecret(), updated: nowIso(deps) }
  await deps.db.transaction().execute(async (trx) => {
    await link?.consume(trx)
    await updateUser(trx, user.id, { ...changes, token_key: updated.token_key, updated: updated.updated })
    await deleteSessionsOfUser(trx, user.id)
    await deleteEmailTokensOfUser(trx, user.id)
  })
  publishUserUpdated(deps, updated, true)
  return updated
}

/**
 * Tells the account's open streams. After a credentials change the new record is not sent: a
 * stream opened with an old token must not learn, say, the new email address.
 */
export function publishUserUpdated(deps: Deps, user: UserWithPlan, tokenKeyChanged: boolean): void {
  deps.events.publish(user.id, {
    type: 'user.updated',
    data: tokenKeyChanged ? { tokenKeyChanged } : { tokenKeyChanged, user: toUser(user, { withEmail: true }) },
  })
}
