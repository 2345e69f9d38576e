import bcrypt from 'bcryptjs'
import type { LoginInput } from '#shared/api/auth'
import type { AuthResponse } from '#shared/api/users'
import { messages } from '#shared/messages'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { invalidInput } from '#server/http/errors'
import { toUser } from './accounts.mapper'
import type { AuthState } from '#server/access/caller'
import { signAuthToken, tokenSettings } from '#server/access/tokens'
import { deleteSession, findUserByEmail, findUserByUsername, insertSession, touchSession, type UserWithPlan } from './accounts.repo'
import { beginLoginAttempt, loginAccountKey } from './login-limit'

/**
 * Sessions: logging in, refreshing and ending a session. Checking the token of a request is the
 * access module's (server/access/caller.ts); emailed links live in `email-links.service.ts`,
 * account changes in `account.service.ts`.
 */

export const nowIso = (deps: Deps): string => deps.clock.now().toISOString()

/** A bcrypt salt (22 characters) and a made-up digest (31) that no password is known to give. */
const DUMMY_SALT_AND_DIGEST = 'rPCHY3Ijd9pxRiz4Xt9vfONoPasswordHashesToThisDigest000'

/**
 * Compared against when no user matches, so a wrong identity costs as long as a wrong password:
 * a compare's time follows the cost written in the hash, so the dummy is that salt and digest
 * under the configured cost. Written out, not hashed: hashing one at start cost each server
 * start 75 ms.
 */
export function dummyHash(cost: number): string {
  return `$2b$${String(cost).padStart(2, '0')}$${DUMMY_SALT_AND_DIGEST}`
}

/** Whether `password` is the user's; with no user it takes as long as a wrong password and says no. */
export async function passwordMatches(deps: Deps, password: string, user: UserWithPlan | undefined): Promise<boolean> {
  if (!user) {
    await bcrypt.compare(password, dummyHash(deps.config.bcryptCost))
    return false
  }
  return bcrypt.compare(password, user.password_hash)
}

/** A new session for `user`: its token and the account. */
export async function startSession(deps: Deps, user: UserWithPlan): Promise<AuthResponse> {
  const now = nowIso(deps)
  const session = { id: newId(), user_id: user.id, created: now, last_used: now }
  await insertSession(deps.db, session)
  return { token: await signAuthToken(tokenSettings(deps), user, session.id), user: toUser(user, { withEmail: true }) }
}

/** `address` is the client's, for the failed-login limit (see login-limit.ts). */
export async function login(deps: Deps, input: LoginInput, address: string): Promise<AuthResponse> {
  const identity = input.identity
  const user = identity.includes('@') ? await findUserByEmail(deps.db, identity) : await findUserByUsername(deps.db, identity)
  const attempt = await beginLoginAttempt(deps, loginAccountKey(identity, user?.id), address)
  if (!(await passwordMatches(deps, input.password, user)) || !user) {
    throw invalidInput(undefined, messages.failedToAuthenticate)
  }
  await attempt.succeeded()
  return startSession(deps, user)
}

export async function refresh(deps: Deps, auth: AuthState): Promise<AuthResponse> {
  await touchSession(deps.db, auth.sessionId, nowIso(deps))
  return {
    token: await signAuthToken(tokenSettings(deps), auth.user, auth.sessionId),
    user: toUser(auth.user, { withEmail: true }),
  }
}

export async function logout(deps: Deps, auth: AuthState): Promise<void> {
  await deleteSession(deps.db, auth.sessionId)
  deps.events.publish(auth.user.id, { type: 'session.ended', data: { sessionId: auth.sessionId } })
}
