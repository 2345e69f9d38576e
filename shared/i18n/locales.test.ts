import { describe, expect, it } from 'vitest'
import { matchLocale, parseAcceptLanguage, resolveLocale, textDirection } from './locales'

describe('matchLocale', () => {
  it('prefers an exact tag, then the language alone, in the order given', () => {
    expect(matchLocale(['pt-BR'])).toBe('pt-BR')
    expect(matchLocale(['pt-PT'])).toBe('pt-BR')
    expect(matchLocale(['zh-TW', 'en'])).toBe('zh-CN')
    expect(matchLocale(['de-AT', 'fr'])).toBe('de')
    expect(matchLocale(['ko', 'ar-EG'])).toBe('ar')
    expect(matchLocale(['ko', 'nl'])).toBeNull()
    expect(matchLocale(['*'])).toBeNull()
  })
})

describe('parseAcceptLanguage', () => {
  it('orders by q and drops q=0', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-CH, en;q=0.8, ja;q=0')).toEqual(['de-CH', 'en', 'fr'])
    expect(parseAcceptLanguage(undefined)).toEqual([])
    expect(parseAcceptLanguage('  ')).toEqual([])
  })
})

describe('resolveLocale', () => {
  it('takes the chosen language first, then the tags, then English', () => {
    expect(resolveLocale('ja', ['de'])).toBe('ja')
    expect(resolveLocale(null, ['es-MX'])).toBe('es')
    expect(resolveLocale('xx', ['nl'])).toBe('en')
  })
  it('gives Arabic a right-to-left direction', () => {
    expect(textDirection('ar')).toBe('rtl')
    expect(textDirection('de')).toBe('ltr')
  })
})
