import type { Locale } from '#shared/i18n/locales'
import { catalogFor } from '#shared/i18n/messages'
import type { MailMessage } from './mailer'
import { type MailMessages, mailCatalogs } from './messages'

/** Every mail the server sends: plain text, with any link written out in full, in the recipient's language. */

/** A link mail: greeting, why, the link written out in full, what to know of it, the team's signature. */
function linkMail(to: string, subject: string, texts: MailMessages, username: string, intro: string, link: string, outro: string): MailMessage {
  return { to, subject, text: `${texts.greeting(username)}\n\n${intro}\n\n${link}\n\n${outro}\n\n${texts.signature}` }
}

/** Each mail to a user is in `locale`: `recipientLocale` (./messages.ts) tells which (issue 30). */
export function verificationMail(to: string, username: string, link: string, locale: Locale): MailMessage {
  const texts = mailCatalogs[locale]
  return linkMail(to, texts.verificationSubject, texts, username, texts.verificationIntro, link, texts.verificationOutro)
}

export function passwordResetMail(to: string, username: string, link: string, locale: Locale): MailMessage {
  const texts = mailCatalogs[locale]
  return linkMail(to, texts.resetSubject, texts, username, texts.resetIntro, link, texts.resetOutro)
}

export function emailChangeMail(to: string, username: string, link: string, locale: Locale): MailMessage {
  const texts = mailCatalogs[locale]
  return linkMail(to, texts.emailChangeSubject, texts, username, texts.emailChangeIntro, link, texts.emailChangeOutro)
}

/** The team's copy of a contact message: plain text, the sender's words as they were saved; in English, the team's language. */
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
 * The daily reminder (issue 31): how many cards are due, a link to Review, and a one-click
 * unsubscribe (RFC 8058: the List-Unsubscribe URL takes a POST with `List-Unsubscribe=One-Click`,
 * and the body's link opens a page that sends the same POST, signed out).
 */
export function reminderMail(
  to: string,
  username: string,
  due: number,
  links: { review: string; unsubscribePage: string; unsubscribePost: string },
  locale: Locale,
): MailMessage {
  const texts = mailCatalogs[locale]
  return {
    to,
    subject: catalogFor(locale).habitMessages.reminderSubject(due),
    text:
      `${texts.greeting(username)}\n\n${texts.reminderIntro(due)}\n\n${links.review}\n\n` +
      `${texts.reminderFooter}\n\n${links.unsubscribePage}\n\n${texts.signature}`,
    headers: { 'List-Unsubscribe': `<${links.unsubscribePost}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
