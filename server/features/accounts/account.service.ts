import bcrypt from 'bcryptjs'
import type { ChangePasswordInput, ConfirmEmailChangeInput, RegisterInput } from '#shared/api/auth'
import type { AuthResponse, User } from '#shared/api/users'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/i18n/locales'
import { DEFAULT_PLAN_NAME } from '#shared/limits'
import { messages } from '#shared/messages'
import { isUniqueViolation, isUniqueViolationOn } from '#server/db/database'
import { newId, newSecret } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { conflict, invalidInput } from '#server/http/errors'
import { issueLinkToken, liveLinkToken } from './email-links'
import { sendMail } from '#server/mail/mailer'
import type { AuthState } from '#server/access/caller'
import { nowIso, passwordMatches, startSession } from './sessions.service'
import { verificationMail } from '#server/mail/templates'
import { replaceCredentials } from './credentials'
import { toUser } from './accounts.mapper'
import { deleteUser, findPlanByName, findUserByEmail, findUserByUsername, insertUser, updateUser } from './accounts.repo'

/** Accounts: creating one, changing its password or (through the emailed link) its email, deleting it. */

/** `locale`: the request's language, which the verification mail is in (the new account has no choice yet). */
export async function register(deps: Deps, input: RegisterInput, locale: Locale = DEFAULT_LOCALE): Promise<User> {
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
    locale: null,
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
  if (link) await sendMail(deps, verificationMail(row.email, row.username, link, locale))
  return toUser({ ...row, plan_name: plan.name }, { withEmail: true })
}

/**
 * Changes the password: every session ends and every token stops working (a new tokenKey), and
 * the device that made the change gets a new session, so it stays signed in.
 */
export async function changePassword(deps: Deps, auth: AuthState, input: ChangePasswordInput): Promise<AuthResponse> {
  if (!(await bcrypt.compare(input.oldPassword, auth.user.password_hash))) {
    throw invalidInput({ oldPassword: messages.oldPasswordWrong }, messages.oldPasswordWrong)
  }
  const password_hash = await bcrypt.hash(input.password, deps.config.bcryptCost)
  return startSession(deps, await replaceCredentials(deps, auth.user, { password_hash }))
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
  // Sessions, link tokens and everything the user owns go with the row: ON DELETE CASCADE.
  await deleteUser(deps.db, auth.user.id)
  deps.events.publish(auth.user.id, { type: 'user.deleted', data: { id: auth.user.id } })
}

/** How a user appears to others (a set's owner, a class's teacher and students): id and username only. */
export { toPublicUser } from './accounts.mapper'

/** The interface language the user chose (issue 30), or null: automatic. */
export async function setLocale(deps: Deps, auth: AuthState, locale: Locale | null): Promise<void> {
  await updateUser(deps.db, auth.user.id, { locale, updated: nowIso(deps) })
}

/** The user's chosen language, when it is one the interface speaks (null: automatic). */
export function chosenLocale(user: { locale: string | null }): Locale | null {
  return isLocale(user.locale) ? user.locale : null
}
