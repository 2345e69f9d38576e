import bcrypt from 'bcryptjs'
import type {
  ChangePasswordInput,
  ConfirmEmailChangeInput,
  ConfirmPasswordResetInput,
  LoginInput,
  RegisterInput,
} from '../../../shared/api/auth'
import type { AuthResponse, User } from '../../../shared/api/users'
import { DEFAULT_PLAN_NAME, EMAIL_TOKEN_TTL_SECONDS } from '../../../shared/limits'
import { messages } from '../../../shared/messages'
import { newId, newSecret } from '../../db/ids'
import { type DB, isUniqueViolation, isUniqueViolationOn } from '../../db/database'
import type { EmailTokenPurpose } from '../../db/schema'
import type { Deps } from '../../deps'
import { conflict, invalidInput } from '../../http/errors'
import { emailChangeMail, passwordResetMail, verificationMail } from '../mail/templates'
import { toUser } from '../users/users.mapper'
import {
  deleteUser,
  findPlanByName,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
  type UserWithPlan,
} from '../users/users.repo'
import {
  consumeEmailToken,
  deleteEmailTokens,
  deleteEmailTokensOfUser,
  deleteExpiredEmailTokens,
  deleteSession,
  deleteSessionsOfUser,
  findLiveEmailToken,
  findUserOfSession,
  insertEmailToken,
  insertSession,
  touchSession,
  type EmailTokenRow,
} from './auth.repo'
import { beginLoginAttempt, loginAccountKey } from './login-limit'
import { hashLinkToken, readUnverifiedToken, signAuthToken, type TokenSettings, verifiedExpiry } from './tokens'

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

const nowIso = (deps: Deps) => deps.clock.now().toISOString()

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

async function passwordMatches(deps: Deps, password: string, user: UserWithPlan | undefined): Promise<boolean> {
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

async function startSession(deps: Deps, user: UserWithPlan): Promise<AuthResponse> {
  const now = nowIso(deps)
  const session = { id: newId(), user_id: user.id, created: now, last_used: now }
  await insertSession(deps.db, session)
  return { token: await signAuthToken(tokenSettings(deps), user, session.id), user: toUser(user, { withEmail: true }) }
}

/** Makes a single-use link token, keeps only its hash, and returns the link to mail. */
async function issueLinkToken(
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

/** Mail failures are logged, never shown: the caller's request has done its part. */
async function sendMail(deps: Deps, message: Parameters<Deps['mailer']['send']>[0]): Promise<void> {
  try {
    await deps.mailer.send(message)
  } catch (error) {
    deps.logger.error(`mail: could not send "${message.subject}" to ${message.to}`, error)
  }
}

/**
 * For the answers that must not tell whether an address has an account: the mail goes out after
 * the answer, which otherwise takes the time of an SMTP exchange only when the account exists.
 */
function sendMailInBackground(deps: Deps, message: Parameters<Deps['mailer']['send']>[0]): void {
  void sendMail(deps, message)
}

export async function register(deps: Deps, input: RegisterInput): Promise<User> {
  const taken: Record<string, string> = {}
  if (await findUserByUsername(deps.db, input.username)) taken.username = messages.usernameTaken
  if (await findUserByEmail(deps.db, input.email)) taken.email = messages.emailTaken
  if (Object.keys(taken).length > 0) throw conflict(taken)

  const plan = await findPlanByName(deps.db, DEFAULT_PLAN_NAME)
  if (!plan) throw new Error(`The ${DEFAULT_PLAN_NAME} plan is missing from the database`)
  const now = nowIso(deps)
  const row = {
    id: newId(),
    username: input.username,
    email: input.email,
    password_hash: await bcrypt.hash(input.password, deps.config.bcryptCost),
    token_key: newSecret(),
    verified: deps.config.autoVerifyAccounts ? 1 : 0,
    plan_id: plan.id,
    avatar: null,
    created: now,
    updated: now,
  }
  let link: string | undefined
  try {
    link = await deps.db.transaction().execute(async (trx) => {
      const scoped = { ...deps, db: trx }
      await insertUser(trx, row)
      // Accounts verified at once (the desktop app) need no link and get no mail.
      return row.verified === 1 ? undefined : issueLinkToken(scoped, row, 'verification', 'verify-email')
    })
  } catch (error) {
    // Two registrations raced past the checks above: the unique indexes decide.
    if (isUniqueViolation(error)) {
      throw conflict(isUniqueViolationOn(error, 'users', 'email') ? { email: messages.emailTaken } : { username: messages.usernameTaken })
    }
    throw error
  }
  if (link) await sendMail(deps, verificationMail(row.email, row.username, link))
  return toUser({ ...row, plan_name: plan.name }, { withEmail: true })
}

export async function requestVerification(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.verified === 1) return
  const link = await issueLinkToken(deps, user, 'verification', 'verify-email')
  sendMailInBackground(deps, verificationMail(user.email, user.username, link))
}

/** A live link token, found by `liveLinkToken`; `consume` uses it up or throws its 400. */
interface LiveLinkToken {
  row: EmailTokenRow
  user: UserWithPlan
  /** Call inside the transaction that acts on the link, so two requests cannot both use it. */
  consume(db: DB): Promise<void>
}

/** Finds the live token of a link, or answers 400 with `fields.token`. */
async function liveLinkToken(
  deps: Deps,
  purpose: EmailTokenPurpose,
  token: string,
  message: string = messages.tokenInvalid,
): Promise<LiveLinkToken> {
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

export async function confirmVerification(deps: Deps, token: string): Promise<void> {
  const link = await liveLinkToken(deps, 'verification', token)
  const { user } = link
  const now = nowIso(deps)
  await deps.db.transaction().execute(async (trx) => {
    await link.consume(trx)
    await updateUser(trx, user.id, { verified: 1, updated: now })
    await deleteEmailTokens(trx, user.id, 'verification')
  })
  publishUserUpdated(deps, { ...user, verified: 1, updated: now }, false)
}

/** `address` is the client's, for the failed-login limit (see login-limit.ts). */
export async function login(deps: Deps, input: LoginInput, address: string): Promise<AuthResponse> {
  const identity = input.identity
  const user = identity.includes('@')
    ? await findUserByEmail(deps.db, identity)
    : await findUserByUsername(deps.db, identity)
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

export async function requestPasswordReset(deps: Deps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  const link = await issueLinkToken(deps, user, 'password_reset', 'reset-password')
  sendMailInBackground(deps, passwordResetMail(user.email, user.username, link))
}

/**
 * Sets a new password hash and a new tokenKey (every token issued before stops working), ends
 * every session and voids every emailed link, in one transaction. Links go too: a reset link left
 * in a mailbox the user has moved away from must not reset the password later. A change made
 * through a link uses that link up first, in the same transaction.
 */
async function replaceCredentials(
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

export async function confirmPasswordReset(deps: Deps, input: ConfirmPasswordResetInput): Promise<void> {
  const link = await liveLinkToken(deps, 'password_reset', input.token, messages.resetLinkInvalid)
  const password_hash = await bcrypt.hash(input.password, deps.config.bcryptCost)
  // Opening the emailed link proves the address, so a reset also verifies it.
  await replaceCredentials(deps, link.user, { password_hash, verified: 1 }, link)
}

export async function changePassword(deps: Deps, auth: AuthState, input: ChangePasswordInput): Promise<User> {
  if (!(await bcrypt.compare(input.oldPassword, auth.user.password_hash))) {
    throw invalidInput({ oldPassword: messages.oldPasswordWrong }, messages.oldPasswordWrong)
  }
  const password_hash = await bcrypt.hash(input.password, deps.config.bcryptCost)
  return toUser(await replaceCredentials(deps, auth.user, { password_hash }), { withEmail: true })
}

export async function requestEmailChange(deps: Deps, auth: AuthState, newEmail: string): Promise<void> {
  if (newEmail === auth.user.email) throw invalidInput({ newEmail: messages.emailUnchanged }, messages.emailUnchanged)
  if (await findUserByEmail(deps.db, newEmail)) throw conflict({ newEmail: messages.emailTaken })
  const link = await issueLinkToken(deps, auth.user, 'email_change', 'confirm-email-change', newEmail)
  await sendMail(deps, emailChangeMail(newEmail, auth.user.username, link))
}

export async function confirmEmailChange(deps: Deps, input: ConfirmEmailChangeInput): Promise<void> {
  const link = await liveLinkToken(deps, 'email_change', input.token)
  const { row, user } = link
  if (!(await passwordMatches(deps, input.password, user))) {
    throw invalidInput({ password: messages.passwordWrong }, messages.passwordWrong)
  }
  const email = row.new_email ?? ''
  const owner = await findUserByEmail(deps.db, email)
  if (owner && owner.id !== user.id) throw conflict({ token: messages.emailTaken })
  try {
    await replaceCredentials(deps, user, { email, verified: 1 }, link)
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict({ token: messages.emailTaken })
    throw error
  }
}

export async function deleteAccount(deps: Deps, auth: AuthState, password: string): Promise<void> {
  if (!(await bcrypt.compare(password, auth.user.password_hash))) {
    throw invalidInput({ password: messages.passwordWrong }, messages.passwordWrong)
  }
  // Sessions, link tokens and (later) everything the user owns go with the row: ON DELETE CASCADE.
  await deleteUser(deps.db, auth.user.id)
  deps.events.publish(auth.user.id, { type: 'user.deleted', data: { id: auth.user.id } })
}

/**
 * Tells the account's open streams. After a credentials change the new record is not sent: a
 * stream opened with an old token must not learn, say, the new email address.
 */
function publishUserUpdated(deps: Deps, user: UserWithPlan, tokenKeyChanged: boolean): void {
  deps.events.publish(user.id, {
    type: 'user.updated',
    data: tokenKeyChanged ? { tokenKeyChanged } : { tokenKeyChanged, user: toUser(user, { withEmail: true }) },
  })
}
