import { randomInt } from 'node:crypto'
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '#shared/api/classes'

/** A fresh join code: each character drawn uniformly (crypto.randomInt) from the look-alike-free alphabet. */
export function newJoinCode(): string {
  let code = ''
  for (let i = 0; i < JOIN_CODE_LENGTH; i += 1) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]
  return code
}
