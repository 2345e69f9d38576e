import type { Selectable } from 'kysely'
import type { UsersTable } from '#server/db/schema'
import type { Deps } from '#server/deps'
import { findUserOfSession } from './access.repo'
import { readUnverifiedToken, tokenSettings, verifiedExpiry } from './tokens'

/** An account with its plan's name: what a signed-in request knows of its caller. */
export type UserWithPlan = Selectable<UsersTable> & { plan_name: string }

/** The signed-in caller of a request. */
export interface AuthState {
  user: UserWithPlan
  sessionId: string
  tokenExpiresAt: Date
}

/** The caller named by a token, or undefined for a missing, forged, expired, stale or revoked token. */
export async function authenticateToken(deps: Pick<Deps, 'db' | 'config' | 'clock'>, token: string): Promise<AuthState | undefined> {
  const unverified = readUnverifiedToken(token)
  if (!unverified) return undefined
  const { userId, sessionId } = unverified.claims
  // Read fresh on every request, so a logout or a new tokenKey takes effect at once.
  const user = await findUserOfSession(deps.db, userId, sessionId)
  const tokenExpiresAt = user && verifiedExpiry(tokenSettings(deps), unverified, user.token_key)
  if (!user || !tokenExpiresAt) return undefined
  return { user, sessionId, tokenExpiresAt }
}
