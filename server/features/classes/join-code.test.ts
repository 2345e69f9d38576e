import { describe, expect, it } from 'vitest'
import { JOIN_CODE_ALPHABET, joinLinkPath, normalizeJoinCode } from '#shared/api/classes'
import { newJoinCode } from './join-code'

describe('join codes', () => {
  it('use 31 characters without look-alikes (no 0/O, 1/I/L)', () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(31)
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(31)
    expect(JOIN_CODE_ALPHABET).not.toMatch(/[01OIL]/)
  })

  it('are 8 characters of the alphabet, spread over all of it', () => {
    const seen = new Set<string>()
    const codes = Array.from({ length: 2000 }, () => newJoinCode())
    for (const code of codes) {
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/)
      for (const char of code) seen.add(char)
    }
    expect(seen.size).toBe(31)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('are read in any case, with the spaces and dashes people type', () => {
    expect(normalizeJoinCode(' k7qm-xr4p ')).toBe('K7QMXR4P')
    expect(normalizeJoinCode('K7QM XR4P')).toBe('K7QMXR4P')
    expect(joinLinkPath('K7QMXR4P')).toBe('/classes/join/K7QMXR4P')
  })
})
