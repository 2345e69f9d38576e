import { describe, expect, it } from 'vitest'
import { themeFromStorage } from './theme'

describe('themeFromStorage', () => {
  it.each([
    [null, 'dark'],
    ['dark', 'dark'],
    ['light', 'light'],
    ['LIGHT', 'dark'],
    ['anything else', 'dark'],
  ])('stored %j gives %s', (stored, theme) => {
    expect(themeFromStorage(stored)).toBe(theme)
  })

  it('follows the system until the student chooses', () => {
    expect(themeFromStorage(null, true)).toBe('light')
    expect(themeFromStorage(null, false)).toBe('dark')
    expect(themeFromStorage('dark', true)).toBe('dark')
    expect(themeFromStorage('light', false)).toBe('light')
  })
})
