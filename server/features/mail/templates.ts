import type { MailMessage } from './mailer'

/** The account emails: plain text, with the link written out in full. */

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
