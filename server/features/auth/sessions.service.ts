import bcrypt from 'bcryptjs'
import type { LoginInput } from '#shared/api/auth'
import type { AuthResponse } from '#shared/api/users'
import { messages } from '#shared/messages'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { invalidInput } from '#server/http/errors'
import { toUser } from '#server/features/users/users.mapper'
import { findUserByEmail, findUserByUsername, type UserWithPlan } from '#server/features/users/users.repo'
import { deleteSession, findUserOfSession, insertSession, touchSession } from './auth.repo'
import { beginLoginAttempt, loginAccountKey } from './login-limit'
import { readUnverifiedToken, signAuthToken, type TokenSettings, verifiedExpiry } from './tokens'

/**
 * Sessions: logging in, refreshing and ending a session, and checking the token of a request.
 * Emailed links live in `email-links.service.ts`; account changes in `../users/account.service.ts`.
 */

/** The signed-in caller of a request. */
export interface AuthState {
  user: UserWithPlan
  sessionId: string
  tokenExpiresAt: Date
}

const tokenSettings = (deps: Deps): TokenSettings => ({
  secret: deps.config.authSecret,
  ttlSeconds: deps.config.tokenTtlSeconds,
  clock: deps.clock,
})

export const nowIso = (deps: Deps): string => deps.clock.now().toISOString()

/**
 * Compared against when no user matches, so a wrong identity costs as long as a wrong password.
 * One per cost: the time of a compare follows the cost written in the hash.
 */
const dummyHashes = new Map<number, Promise<string>>()

function dummyHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost)
  if (!hash) {
    hash = bcrypt.hash('not a real password', cost)
    dummyHashes.set(cost, hash)
  }
  return hash
}

/** Hashes the dummy ahead, so even the first login naming nobody is no slower than a wrong password. */
export function prepareLogin(deps: Deps): void {
  void dummyHash(deps.config.bcryptCost)
}

/** Whether `password` is the user's; with no user it takes as long as a wrong password and says no. */
export async function passwordMatches(deps: Deps, password: string, user: UserWithPlan | undefined): Promise<boolean> {
  if (!user) {
    await bcrypt.compare(password, await dummyHash(deps.config.bcryptCost))
    return false
  }
  return bcrypt.compare(password, user.password_hash)
}

/** The caller named by a token, or undefined for a missing, forged, expired, stale or revoked token. */
export async function authenticateToken(deps: Deps, token: string): Promise<AuthState | undefined> {
  const unverified = readUnverifiedToken(token)
  if (!unverified) return undefined
  const { userId, sessionId } = unverified.claims
  // Read fresh on every request, so a logout or a new tokenKey takes effect at once.
  const user = await findUserOfSession(deps.db, userId, sessionId)
  const tokenExpiresAt = user && verifiedExpiry(tokenSettings(deps), unverified, user.token_key)
  if (!user || !tokenExpiresAt) return undefined
  return { user, sessionId, tokenExpiresAt }
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
