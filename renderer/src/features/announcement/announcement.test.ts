import { describe, expect, it } from 'vitest'
import { DISMISSAL_DURATION_MS, dismissalRecord, isBannerHidden } from './announcement'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const NOW = Date.UTC(2025, 2, 10, 12, 0, 0)
const VERSION = '1.0'

const dismissedAt = (at: number, version = VERSION) => JSON.stringify({ version, at })

describe('isBannerHidden', () => {
  it('shows the banner when nothing is stored', () => {
    expect(isBannerHidden(null, NOW, VERSION)).toBe(false)
  })

  it('hides it right after a dismissal of this version', () => {
    expect(isBannerHidden(dismissalRecord(NOW, VERSION), NOW, VERSION)).toBe(true)
  })

  it('still hides it 6 days 23 hours after the dismissal', () => {
    expect(isBannerHidden(dismissedAt(NOW - 6 * DAY - 23 * HOUR), NOW, VERSION)).toBe(true)
    expect(isBannerHidden(dismissedAt(NOW - DISMISSAL_DURATION_MS + 1), NOW, VERSION)).toBe(true)
  })

  it('shows it again exactly 7 days after the dismissal, and later', () => {
    expect(DISMISSAL_DURATION_MS).toBe(7 * DAY)
    expect(isBannerHidden(dismissedAt(NOW - 7 * DAY), NOW, VERSION)).toBe(false)
    expect(isBannerHidden(dismissedAt(NOW - 30 * DAY), NOW, VERSION)).toBe(false)
  })

  it('shows it when the dismissal was for another version', () => {
    expect(isBannerHidden(dismissedAt(NOW, '0.9'), NOW, VERSION)).toBe(false)
    expect(isBannerHidden(dismissedAt(NOW, VERSION), NOW, '1.1')).toBe(false)
  })

  it('shows it when the dismissal is dated in the future (a clock moved back)', () => {
    expect(isBannerHidden(dismissedAt(NOW + HOUR), NOW, VERSION)).toBe(false)
  })

  it.each([
    ['not JSON', '{version: 1.0'],
    ['an empty string', ''],
    ['JSON null', 'null'],
    ['a bare timestamp', String(NOW)],
    ['an array', JSON.stringify([VERSION, NOW])],
    ['a string timestamp', JSON.stringify({ version: VERSION, at: String(NOW) })],
    ['a numeric version', JSON.stringify({ version: 1, at: NOW })],
    ['a missing timestamp', JSON.stringify({ version: VERSION })],
    ['JSON true', 'true'],
  ])('shows it when storage holds garbage: %s', (_label, stored) => {
    expect(isBannerHidden(stored, NOW, VERSION)).toBe(false)
  })
})

describe('dismissalRecord', () => {
  it('stores the version and the time as JSON', () => {
    expect(JSON.parse(dismissalRecord(NOW, VERSION))).toEqual({ version: VERSION, at: NOW })
  })
})
