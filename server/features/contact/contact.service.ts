import type { ContactResponse, ContactSubmission } from '#shared/api/contact'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import type { AuthState } from '#server/access/caller'
import { sendMail } from '#server/mail/mailer'
import { contactMail } from '#server/mail/templates'
import { insertContactSubmission } from './contact.repo'

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
    // The message is stored, so the sender's request has done its part: a mail failure is only logged.
    await sendMail(deps, contactMail(to, row))
  }
  return { id: row.id }
}
