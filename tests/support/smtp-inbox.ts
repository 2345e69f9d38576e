import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { decodeBody, headerValue } from './mail'

export interface ReceivedMail {
  to: string[]
  raw: string
  subject: string
  text: string
}

/** A real SMTP listener on loopback that keeps every message it receives. */
export async function startSmtpInbox() {
  const messages: ReceivedMail[] = []
  let connections = 0
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    // Closing waits this long for connections still open (a pooled mailer's) before cutting them; its default is 30 s.
    closeTimeout: 200,
    onConnect(_session, callback) {
      connections += 1
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          subject: headerValue(raw, 'Subject'),
          text: decodeBody(raw),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** How many SMTP connections were opened to it so far. */
    connections: () => connections,
    /** Every message to this address, oldest first. */
    allTo(address: string): ReceivedMail[] {
      return messages.filter((message) => message.to.includes(address))
    },
    /** The newest message to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return messages.filter((message) => message.to.includes(address)).at(-1)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
