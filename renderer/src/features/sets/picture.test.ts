import { describe, expect, it } from 'vitest'
import { firstImageFile, isUploadType, scaledSize } from './picture'

describe('scaledSize', () => {
  it.each([
    [
      [4000, 3000],
      [1600, 1200],
    ],
    [
      [1200, 4800],
      [400, 1600],
    ],
    [
      [1600, 900],
      [1600, 900],
    ],
    [
      [800, 600],
      [800, 600],
    ],
    [
      [10000, 1],
      [1600, 1],
    ],
  ])('%j -> %j (long side at most 1600, never enlarged)', ([width, height], expected) => {
    expect(scaledSize(width as number, height as number)).toEqual({ width: expected[0], height: expected[1] })
  })
})

describe('which files are pictures', () => {
  it('takes the four upload types only', () => {
    expect(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml', 'text/plain'].map(isUploadType)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ])
  })
  it('picks the first image among dropped files', () => {
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' })
    const png = new File(['x'], 'a.png', { type: 'image/png' })
    expect(firstImageFile([text, png])).toBe(png)
    expect(firstImageFile([text])).toBeUndefined()
  })
})
