import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '#server/logger'

export interface MailMessage {
  to: string
  subject: string
  /** Plain text; every link in it is written out in full. */
  text: string
  /** Extra header lines (a reminder's RFC 8058 List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>
}

/** The one way the server sends mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
}

export interface MailerOptions {
  smtpUrl: string | undefined
  from: string
  dataDir: string
  logger: Logger
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Without it, each message is logged and written as
 * an .eml file under DATA_DIR/outbox/, so a self-hoster can still open verification links.
 */
export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? smtpMailer(options.smtpUrl, options) : outboxMailer(options)
}

/**
 * One pool of SMTP connections for the process: a mail goes out on an open connection instead of
 * a new connection, greeting and TLS handshake each (a batch of reminders would open one per
 * student). Up to 5 at once, each used for 100 mails; one the server closed while idle is opened
 * again, and a mail it was carrying is sent again. `?pool=false` on SMTP_URL turns it off.
 */
function smtpMailer(smtpUrl: string, { from, logger }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true }, { from })
  return {
    async send(message) {
      await transport.sendMail({ from, ...message })
      logger.info(`mail: sent "${message.subject}" to ${message.to}`)
    },
    close: () => transport.close(),
  }
}

export const OUTBOX_FOLDER = 'outbox'

function outboxMailer({ from, dataDir, logger }: MailerOptions): Mailer {
  const outbox = path.join(dataDir, OUTBOX_FOLDER)
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(message) {
      const info = await composer.sendMail({ from, ...message })
      await mkdir(outbox, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      logger.info(`mail: no SMTP_URL set, so "${message.subject}" to ${message.to} was saved to ${file}\n${message.text}`)
    },
    close: () => composer.close(),
  }
}

/** What sending a mail on behalf of a request needs. */
export interface MailDeps {
  mailer: Mailer
  logger: Logger
}

/** Sends a mail; a failure is logged, never thrown: the request that sends it has done its part. */
export async function sendMail({ mailer, logger }: MailDeps, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message)
  } catch (error) {
    logger.error(`mail: could not send "${message.subject}" to ${message.to}`, error)
  }
}

/**
 * For the answers that must not tell whether an address has an account: the mail goes out after
 * the answer, which otherwise takes the time of an SMTP exchange only when the account exists.
 */
export function sendMailInBackground(deps: MailDeps, message: MailMessage): void {
  void sendMail(deps, message)
}
