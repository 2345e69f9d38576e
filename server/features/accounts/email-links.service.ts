import bcrypt from 'bcryptjs'
import type { ConfirmPasswordResetInput } from '#shared/api/auth'
import { messages } from '#shared/messages'
import type { Deps } from '#server/deps'
import { conflict, invalidInput } from '#server/http/errors'
import { emailChangeMail, passwordResetMail, verificationMail } from '#server/mail/templates'
import { recipientLocale } from '#server/mail/messages'
import type { Locale } from '#shared/i18n/locales'
import { publishUserUpdated, replaceCredentials } from './credentials'
import { deleteEmailTokens, findUserByEmail, updateUser } from './accounts.repo'
import { issueLinkToken, liveLinkToken } from './email-links'
import { sendMail, sendMailInBackground } from '#server/mail/mailer'
import type { AuthState } from '#server/access/caller'
import { nowIso } from './sessions.service'

/**
 * Emailed links: asking for a verification, password-reset or email-change link, and using the
 * first two. Using an email-change link changes the account: `account.service.ts`.
 */

/** `locale` (here and below): the request's language; a mail goes out in the user's own choice, else in it. */
export async function requestVerification(deps: Deps, email: string, locale?: Locale): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user || user.verified === 1) return
  const link = await issueLinkToken(deps, user, 'verification', 'verify-email')
  sendMailInBackground(deps, verificationMail(user.email, user.username, link, recipientLocale(user.locale, locale)))
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

export async function requestPasswordReset(deps: Deps, email: string, locale?: Locale): Promise<void> {
  const user = await findUserByEmail(deps.db, email)
  if (!user) return
  const link = await issueLinkToken(deps, user, 'password_reset', 'reset-password')
  sendMailInBackground(deps, passwordResetMail(user.email, user.username, link, recipientLocale(user.locale, locale)))
}

export async function confirmPasswordReset(deps: Deps, input: ConfirmPasswordResetInput): Promise<void> {
  const link = await liveLinkToken(deps, 'password_reset', input.token, messages.resetLinkInvalid)
  const password_hash = await bcrypt.hash(input.password, deps.config.bcryptCost)
  // Opening the emailed link proves the address, so a reset also verifies it.
  await replaceCredentials(deps, link.user, { password_hash, verified: 1 }, link)
}

export async function requestEmailChange(deps: Deps, auth: AuthState, newEmail: string, locale?: Locale): Promise<void> {
  if (newEmail === auth.user.email) throw invalidInput({ newEmail: messages.emailUnchanged }, messages.emailUnchanged)
  if (await findUserByEmail(deps.db, newEmail)) throw conflict({ newEmail: messages.emailTaken })
  const link = await issueLinkToken(deps, auth.user, 'email_change', 'confirm-email-change', newEmail)
  await sendMail(deps, emailChangeMail(newEmail, auth.user.username, link, recipientLocale(auth.user.locale, locale)))
}
