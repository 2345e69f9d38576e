/** Reading the account emails in tests: the body of a single-part message, and the token of a link. */

/** The plain-text body of a single-part message, quoted-printable or 7bit. */
export function decodeBody(raw: string): string {
  const [headers = '', ...bodyParts] = raw.split(/\r?\n\r?\n/)
  const body = bodyParts.join('\n\n')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The token of the link to `route` (e.g. 'verify-email') in a mail body. */
export function linkToken(text: string, route: string): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text)
  if (!match?.[1]) throw new Error(`No /${route}/ link in:\n${text}`)
  return match[1]
}
