/** Reading the account emails in tests: the body of a single-part message, and the token of a link. */

/** The plain-text body of a single-part message, quoted-printable or 7bit. */
export function decodeBody(raw: string): string {
  const [headers = '', ...bodyParts] = raw.split(/\r?\n\r?\n/)
  const body = bodyParts.join('\n\n')
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  // A text mostly outside ASCII (Japanese, Arabic) is sent as base64.
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** A header's value as written: its folded lines joined and its RFC 2047 encoded words (=?UTF-8?Q?...?=, =?UTF-8?B?...?=) decoded. */
export function headerValue(raw: string, name: string): string {
  const [headers = ''] = raw.split(/\r?\n\r?\n/)
  const value = new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(headers)?.[1] ?? ''
  return (
    value
      // Whitespace between two encoded words is not part of the text (RFC 2047).
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/\r?\n[ \t]+/g, ' ')
      .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : Buffer.from(
              text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            ).toString('utf8'),
      )
  )
}

/** The token of the link to `route` (e.g. 'verify-email') in a mail body. */
export function linkToken(text: string, route: string): string {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(text)
  if (!match?.[1]) throw new Error(`No /${route}/ link in:\n${text}`)
  return match[1]
}
