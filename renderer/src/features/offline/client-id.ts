/**
 * A client id for a queued answer: 1 to 64 characters of [A-Za-z0-9_-] (the answer route's
 * contract). crypto.randomUUID exists only in secure contexts, and a class on the local network
 * reaches the desktop app over plain HTTP: there the id is built from crypto.getRandomValues.
 */
export function newClientId(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  if (typeof source.randomUUID === 'function') {
    try {
      return source.randomUUID()
    } catch {
      // Some browsers define it but throw outside a secure context: fall through.
    }
  }
  const bytes = source.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The contract's shape of a client id. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
