import { randomBytes } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/** An opaque, URL-safe, non-sequential id of 15 characters (about 77 bits of randomness). */
export function newId(length = 15): string {
  const bytes = randomBytes(length * 2)
  let id = ''
  // Reject bytes past the last whole multiple of the alphabet so every character is equally likely.
  const limit = 256 - (256 % ALPHABET.length)
  for (const byte of bytes) {
    if (byte >= limit) continue
    id += ALPHABET[byte % ALPHABET.length]
    if (id.length === length) return id
  }
  return id + newId(length - id.length)
}

/** A random secret for links and token keys. */
export function newSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Anki's guid alphabet (base91 without the field separator, as rslib `guid.rs` writes them). */
const GUID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~'

/** A new card's guid as Anki makes one: a random 64-bit number written in base91 (at most 10 characters). */
export function newGuid(): string {
  let value = randomBytes(8).readBigUInt64BE()
  let guid = ''
  const base = BigInt(GUID_ALPHABET.length)
  do {
    guid = GUID_ALPHABET[Number(value % base)] + guid
    value /= base
  } while (value > 0n)
  return guid
}
