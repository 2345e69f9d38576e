import { EMAIL_TOKEN_TTL_SECONDS } from '#shared/limits'
import { messages } from '#shared/messages'
import type { DB } from '#server/db/database'
import { newId, newSecret } from '#server/db/ids'
import type { EmailTokenPurpose } from '#server/db/schema'
import type { Deps } from '#server/deps'
import { invalidInput } from '#server/http/errors'
import { hashLinkToken } from '#server/access/tokens'
import {
  consumeEmailToken,
  deleteExpiredEmailTokens,
  type EmailTokenRow,
  findLiveEmailToken,
  findUserById,
  insertEmailToken,
  type UserWithPlan,
} from './accounts.repo'
import { nowIso } from './sessions.service'

/** The machinery of emailed links: issuing one, finding a live one, and sending the mail. */

/** Makes a single-use link token, keeps only its hash, and returns the link to mail. */
export async function issueLinkToken(
  deps: Deps,
  user: { id: string },
  purpose: EmailTokenPurpose,
  route: string,
  newEmail: string | null = null,
): Promise<string> {
  const now = deps.clock.now()
  const ttlSeconds = {
    verification: EMAIL_TOKEN_TTL_SECONDS.verification,
    password_reset: EMAIL_TOKEN_TTL_SECONDS.passwordReset,
    email_change: EMAIL_TOKEN_TTL_SECONDS.emailChange,
  }[purpose]
  const token = newSecret()
  await deleteExpiredEmailTokens(deps.db, now.toISOString())
  await insertEmailToken(deps.db, {
    id: newId(),
    user_id: user.id,
    purpose,
    token_hash: hashLinkToken(token),
    new_email: newEmail,
    expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
    created: now.toISOString(),
  })
  return `${deps.config.publicUrl}/${route}/${token}`
}

/** A live link token, found by `liveLinkToken`; `consume` uses it up or throws its 400. */
export interface LiveLinkToken {
  row: EmailTokenRow
  user: UserWithPlan
  /** Call inside the transaction that acts on the link, so two requests cannot both use it. */
  consume(db: DB): Promise<void>
}

/** Finds the live token of a link, or answers 400 with `fields.token`. */
export async function liveLinkToken(deps: Deps, purpose: EmailTokenPurpose, token: string, message: string = messages.tokenInvalid): Promise<LiveLinkToken> {
  const rejected = () => invalidInput({ token: message }, message)
  const row = await findLiveEmailToken(deps.db, purpose, hashLinkToken(token), nowIso(deps))
  const user = row && (await findUserById(deps.db, row.user_id))
  if (!row || !user) throw rejected()
  return {
    row,
    user,
    async consume(db) {
      if (!(await consumeEmailToken(db, row.id))) throw rejected()
    },
  }
}
