import { z } from 'zod'
import { CONTACT_LIMITS } from '#shared/limits'
import { maskProfanity } from '#shared/text/profanity'
import { emailSchema } from './auth'
import { type StripMarkup, textMessages } from './sets'

import type * as Z from 'zod'
import type * as R from './responses'

/** POST /api/contact answers 201 with the new submission's id. */
export type ContactResponse = Z.output<typeof R.createdSchema>

/** The contact form (POST /api/contact; its texts in shared/messages.ts). */

// The limits and notices live with the others (shared/limits.ts, shared/messages.ts).
export { CONTACT_LIMITS, CONTACT_NOTICE_MS } from '#shared/limits'
export { contactMessages } from '#shared/messages'

/**
 * A contact text: markup stripped, trimmed, required, within its limit, and profane words masked
 * with asterisks. Unlike set text it is masked rather than refused: a complaint that swears still
 * reaches the team. Masking keeps the length, so the limit is checked on what is saved.
 */
function contactText(strip: StripMarkup, label: string, max: number) {
  return z
    .string({ error: textMessages.empty(label) })
    .transform((value) => strip(value).trim())
    .pipe(z.string().min(1, textMessages.empty(label)).max(max, textMessages.tooLong(label, max)).transform(maskProfanity))
}

/**
 * The body of POST /api/contact, built around a markup stripper like `createSetSchemas`: the server
 * passes its real sanitiser, the browser an identity (it only repeats the checks to answer faster).
 *
 * `website` is the honeypot: people never see it, so it is empty; the route answers a filled one
 * before this schema runs (see `honeypotFilled`).
 */
export function createContactSchema(strip: StripMarkup) {
  return z.object({
    name: contactText(strip, 'Name', CONTACT_LIMITS.name),
    email: emailSchema,
    subject: contactText(strip, 'Subject', CONTACT_LIMITS.subject),
    message: contactText(strip, 'Message', CONTACT_LIMITS.message),
    website: z.string().optional().default(''),
  })
}

export type ContactSchema = ReturnType<typeof createContactSchema>
export type ContactInput = z.input<ContactSchema>
export type ContactSubmission = z.output<ContactSchema>

/** True when a request body filled the hidden honeypot field: a bot, not a person. */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('website' in body)) return false
  const value = (body as { website: unknown }).website
  if (typeof value === 'string') return value.trim() !== ''
  return value !== undefined && value !== null && value !== false
}
