import { describe, expect, it } from 'vitest'
import { guessLanguage } from './language'

describe('guessLanguage', () => {
  it.each([
    [['猫', 'ねこ', '犬'], 'ja'],
    [['漢字', '學習'], 'zh'],
    [['한국어', '사과'], 'ko'],
    [['собака', 'кошка'], 'ru'],
    [['γάτα', 'σκύλος'], 'el'],
    [['שלום'], 'he'],
    [['مرحبا'], 'ar'],
    [['नमस्ते'], 'hi'],
    [['สวัสดี'], 'th'],
  ])('%j is %s', (texts, language) => {
    expect(guessLanguage(texts, 'en')).toBe(language)
  })

  it('Latin script falls back to the given language, or null', () => {
    expect(guessLanguage(['chien', 'chat'], 'fr')).toBe('fr')
    expect(guessLanguage(['dog', 'cat'], null)).toBeNull()
    expect(guessLanguage([], 'en')).toBe('en')
  })

  it('a few symbols of another script do not decide', () => {
    expect(guessLanguage(['Resistance Ω', 'wavelength', 'frequency', 'speed'], 'en')).toBe('en')
  })

  it('kana beside kanji is Japanese, Han alone is Chinese', () => {
    expect(guessLanguage(['勉強する'], null)).toBe('ja')
    expect(guessLanguage(['勉强'], null)).toBe('zh')
  })
})
