import type { ContactResponse, ContactSubmission } from '#shared/api/contact'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import type { AuthState } from '#server/features/auth/sessions.service'
import type { MailMessage } from '#server/features/mail/mailer'
import { insertContactSubmission } from './contact.repo'

/** The team's copy of a contact message: plain text, the sender's words as they were saved. */
export function contactMail(to: string, submission: { name: string; email: string; subject: string; message: string }): MailMessage {
  // The subject is one header line: the sender's line breaks must not reach it.
  const subject = submission.subject.replace(/\s+/g, ' ')
  return {
    to,
    subject: `Contact form: ${subject}`,
    text:
      `A message arrived through the Cardwise contact form.\n\n` +
      `Name: ${submission.name}\nEmail: ${submission.email}\nSubject: ${subject}\n\n` +
      `${submission.message}\n`,
  }
}

/**
 * Stores a contact message and, when CONTACT_EMAIL is set, mails it to the team. A signed-in
 * sender writes as their account: its email is kept, whatever the body said.
 */
export async function submitContact(deps: Deps, input: ContactSubmission, sender: AuthState | undefined): Promise<ContactResponse> {
  const row = {
    id: newId(),
    user_id: sender?.user.id ?? null,
    name: input.name,
    email: sender?.user.email ?? input.email,
    subject: input.subject,
    message: input.message,
    created: deps.clock.now().toISOString(),
  }
  await insertContactSubmission(deps.db, row)

  const to = deps.config.contactEmail
  if (to) {
    const mail = contactMail(to, row)
    // The message is stored, so the sender's request has done its part: a mail failure is only logged.
    try {
      await deps.mailer.send(mail)
    } catch (error) {
      deps.logger.error(`mail: could not send "${mail.subject}" to ${to}`, error)
    }
  }
  return { id: row.id }
}
