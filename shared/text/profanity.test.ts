import { describe, expect, it } from 'vitest'
import { containsProfanity, maskProfanity, usernameContainsProfanity } from './profanity'

describe('profanity', () => {
  it('matches listed words whole, in any case', () => {
    expect(containsProfanity('well, BULLSHIT.')).toBe(true)
    expect(containsProfanity('scunthorpe and classic glass')).toBe(false)
  })

  it('matches the wildcard entries inside longer words', () => {
    expect(usernameContainsProfanity('shithead')).toBe(true)
    expect(usernameContainsProfanity('Fuckface99')).toBe(true)
    expect(usernameContainsProfanity('shiitake_fan')).toBe(false)
  })

  it('masks listed and wildcard words with asterisks of the same length', () => {
    expect(maskProfanity('what a shithead, really')).toBe('what a ********, really')
    expect(maskProfanity('clean text stays')).toBe('clean text stays')
  })
})
