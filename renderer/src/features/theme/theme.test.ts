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
})
