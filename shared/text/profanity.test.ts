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

  it('is not fooled by punctuation, line breaks or joiners around a word', () => {
    expect(containsProfanity('What a bastard!')).toBe(true)
    expect(containsProfanity('a\nbitch')).toBe(true)
    expect(containsProfanity('(bitch)')).toBe(true)
    expect(containsProfanity("the bitch's")).toBe(true)
    expect(containsProfanity('Cells: the basic unit of life!')).toBe(false)
  })

  it('matches entries with inner joiners as listed', () => {
    expect(containsProfanity('a g-spot')).toBe(true)
    expect(maskProfanity('What a bastard!\nReally.')).toBe('What a *******!\nReally.')
  })

  it('keeps every character that is not part of a profane word', () => {
    expect(maskProfanity('Ökologie, Zelle & 細胞 🌱')).toBe('Ökologie, Zelle & 細胞 🌱')
  })
})
