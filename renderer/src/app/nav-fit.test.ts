import { describe, expect, it } from 'vitest'
import { rowFits } from './nav-fit'

describe('rowFits', () => {
  it('fits when the items and the gaps between them take no more than the row', () => {
    expect(rowFits(500, [120, 360], 16)).toBe(true)
    expect(rowFits(496, [120, 360], 16)).toBe(true)
    expect(rowFits(495, [120, 360], 16)).toBe(false)
  })

  it('leaves hidden items (no width) and their gaps out', () => {
    expect(rowFits(496, [120, 0, 360], 16)).toBe(true)
    expect(rowFits(0, [], 16)).toBe(true)
  })
})
