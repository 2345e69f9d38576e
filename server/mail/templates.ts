import type { MailMessage } from './mailer'

/** Every mail the server sends: plain text, with any link written out in full. */

const signature = '\n\nThe Cardwise team'

export function verificationMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your Cardwise email address',
    text:
      `Hi ${username},\n\nWelcome to Cardwise! Please confirm your email address by opening this link:\n\n${link}\n\n` +
      `The link works once and expires in 72 hours. If you did not create an account, you can ignore this email.` +
      signature,
  }
}

export function passwordResetMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Cardwise password',
    text:
      `Hi ${username},\n\nSomeone (hopefully you) asked to reset your Cardwise password. Choose a new one here:\n\n${link}\n\n` +
      `The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email; your password stays as it is.` +
      signature,
  }
}

export function emailChangeMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new Cardwise email address',
    text:
      `Hi ${username},\n\nPlease confirm that this is your new Cardwise email address by opening this link and entering your password:\n\n${link}\n\n` +
      `The link works once and expires in 1 hour. If you did not ask for this, you can ignore this email.` +
      signature,
  }
}

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
