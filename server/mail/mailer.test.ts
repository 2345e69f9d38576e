import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '#server/logger'
import { startSmtpInbox } from '#tests/support/smtp-inbox'
import { createMailer } from './mailer'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function sendThree(smtpUrl: (inboxUrl: string) => string) {
  const inbox = await startSmtpInbox()
  cleanups.push(() => inbox.close())
  // With SMTP_URL nothing is written to the data folder.
  const mailer = createMailer({ smtpUrl: smtpUrl(inbox.url), from: 'Cardwise <noreply@example.org>', dataDir: '/nonexistent', logger: silentLogger })
  cleanups.push(() => mailer.close())
  for (const n of [1, 2, 3]) await mailer.send({ to: `student${n}@example.org`, subject: `Mail ${n}`, text: `Body ${n}` })
  return inbox
}

describe('the SMTP mailer', () => {
  it('sends mail after mail on one pooled connection', async () => {
    const inbox = await sendThree((url) => url)
    expect(inbox.messages.map((message) => [message.to, message.subject])).toEqual([
      [['student1@example.org'], 'Mail 1'],
      [['student2@example.org'], 'Mail 2'],
      [['student3@example.org'], 'Mail 3'],
    ])
    expect(inbox.connections()).toBe(1)
  })

  it('opens a connection per mail with ?pool=false on SMTP_URL', async () => {
    const inbox = await sendThree((url) => `${url}?pool=false`)
    expect(inbox.messages).toHaveLength(3)
    expect(inbox.connections()).toBe(3)
  })
})
