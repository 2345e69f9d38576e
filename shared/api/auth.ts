import { z } from 'zod'
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '#shared/limits'
import { messages as m } from '#shared/messages'
import { usernameContainsProfanity } from '#shared/text/profanity'

/** Request bodies of the auth and account routes (see GET /api/openapi.json), validated on both sides. */

const utf8Length = (text: string) => new TextEncoder().encode(text).length

export const usernameSchema = z
  .string({ error: m.usernameRequired })
  .trim()
  .min(1, m.usernameRequired)
  .min(USERNAME_MIN_LENGTH, m.usernameLength)
  .max(USERNAME_MAX_LENGTH, m.usernameLength)
  .regex(/^[A-Za-z0-9._-]+$/, m.usernameCharacters)
  .refine((username) => !usernameContainsProfanity(username), m.usernameProfane)

export const emailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }))

/** A new password: the minimum of docs/content-rules.md, and bcrypt's 72-byte ceiling. */
export const newPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .refine((password) => utf8Length(password) <= PASSWORD_MAX_BYTES, m.passwordTooLong)

/** A password being checked against the stored hash: only required. */
export const currentPasswordSchema = z.string({ error: m.passwordRequired }).min(1, m.passwordRequired)

const tokenSchema = z.string({ error: m.tokenRequired }).trim().min(1, m.tokenRequired).max(200, m.tokenInvalid)

const confirmationMatches = (body: { password: string; passwordConfirm: string }) => body.password === body.passwordConfirm
const mismatch = { message: m.passwordsDoNotMatch, path: ['passwordConfirm'] }

export const registerSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: m.passwordRequired }),
  })
  .refine(confirmationMatches, mismatch)
export type RegisterInput = z.infer<typeof registerSchema>

export const loginSchema = z.object({
  // No length rule: an identity that matches nobody is just a wrong pair ('Failed to authenticate.').
  identity: z.string({ error: m.identityRequired }).trim().min(1, m.identityRequired),
  password: currentPasswordSchema,
})
export type LoginInput = z.infer<typeof loginSchema>

export const emailOnlySchema = z.object({ email: emailSchema })
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>

export const tokenOnlySchema = z.object({ token: tokenSchema })
export type TokenOnlyInput = z.infer<typeof tokenOnlySchema>

export const confirmPasswordResetSchema = z
  .object({
    token: tokenSchema,
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: m.passwordRequired }),
  })
  .refine(confirmationMatches, mismatch)
export type ConfirmPasswordResetInput = z.infer<typeof confirmPasswordResetSchema>

export const changePasswordSchema = z
  .object({
    oldPassword: z.string({ error: m.oldPasswordRequired }).min(1, m.oldPasswordRequired),
    password: newPasswordSchema,
    passwordConfirm: z.string({ error: m.passwordRequired }),
  })
  .refine(confirmationMatches, mismatch)
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>

export const requestEmailChangeSchema = z.object({ newEmail: emailSchema })
export type RequestEmailChangeInput = z.infer<typeof requestEmailChangeSchema>

export const confirmEmailChangeSchema = z.object({ token: tokenSchema, password: currentPasswordSchema })
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>

export const deleteAccountSchema = z.object({ password: currentPasswordSchema })
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>
