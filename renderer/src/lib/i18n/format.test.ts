import { describe, expect, it } from 'vitest'
import { formatDateTime, formatDay, formatFileSize, formatLanguageName, formatList, formatNumber, formatTimeUntil } from './format'

const now = Date.parse('2026-11-24T12:00:00.000Z')

describe('formatting in the interface language', () => {
  it('says how far ahead a moment is, in English exactly as before and in the other languages', () => {
    expect(formatTimeUntil('2026-11-24T12:05:00.000Z', now, 'en')).toBe('in 5 minutes')
    expect(formatTimeUntil('2026-11-24T12:00:20.000Z', now, 'en')).toBe('in 1 minute')
    expect(formatTimeUntil('2026-11-24T15:00:00.000Z', now, 'en')).toBe('in 3 hours')
    expect(formatTimeUntil('2026-11-25T12:00:00.000Z', now, 'en')).toBe('tomorrow')
    expect(formatTimeUntil('2026-11-29T12:00:00.000Z', now, 'en')).toBe('in 5 days')
    expect(formatTimeUntil('2026-11-24T15:00:00.000Z', now, 'de')).toBe('in 3 Stunden')
    expect(formatTimeUntil('2026-11-25T12:00:00.000Z', now, 'fr')).toBe('demain')
    expect(formatTimeUntil('2026-11-29T12:00:00.000Z', now, 'ja')).toBe('5 日後')
  })

  it('writes numbers, sizes and days the language’s way', () => {
    expect(formatNumber(12345.5, 'en')).toBe('12,345.5')
    expect(formatNumber(12345.5, 'de')).toBe('12.345,5')
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB')
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB')
    expect(formatFileSize(300, 'en')).toBe('300 B')
    expect(formatDay('2026-11-27', 'en')).toBe('Nov 27')
    expect(formatDay('2026-11-27', 'de')).toBe('27. Nov.')
    expect(formatDateTime('2026-11-27T10:00:00Z', 'en', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 27, 2026')
    expect(formatDateTime('2026-11-27T10:00:00Z', 'es', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('27 nov 2026')
  })
})

describe('formatLanguageName', () => {
  it('keeps the English list names in English, names the language in the others', () => {
    expect(formatLanguageName('zh-CN', 'Chinese (Simplified)', 'en')).toBe('Chinese (Simplified)')
    expect(formatLanguageName('de', 'German', 'fr')).toBe('allemand')
    expect(formatLanguageName('zh-CN', 'Chinese (Simplified)', 'zh-CN')).toBe('简体中文')
    expect(formatLanguageName('es-MX', 'Spanish (Mexico)', 'de')).toMatch(/Spanisch/)
  })
})

describe('formatList', () => {
  it('joins names as each language does', () => {
    expect(formatList(['Multiple choice', 'True/False', 'Written'], 'en')).toBe('Multiple choice, True/False, and Written')
    expect(formatList(['Multiple choice'], 'en')).toBe('Multiple choice')
    expect(formatList(['多肢選択', '記述'], 'ja')).toBe('多肢選択、記述')
    expect(formatList(['Multiple choix', 'Écrit'], 'fr')).toBe('Multiple choix et Écrit')
  })
})
