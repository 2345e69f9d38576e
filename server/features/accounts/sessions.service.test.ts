import bcrypt from 'bcryptjs'
import { describe, expect, it } from 'vitest'
import { dummyHash } from './sessions.service'

describe('dummyHash', () => {
  it('is a well-formed bcrypt hash at the configured cost, so comparing against it takes that cost', () => {
    for (const cost of [4, 10, 12]) expect(bcrypt.getRounds(dummyHash(cost))).toBe(cost)
    expect(bcrypt.getSalt(dummyHash(10))).toBe(bcrypt.getSalt(dummyHash(4)).replace('$04$', '$10$'))
  })

  it('matches no password', async () => {
    for (const password of ['not a real password', '', 'correct horse battery']) {
      expect(await bcrypt.compare(password, dummyHash(4))).toBe(false)
    }
  })
})
