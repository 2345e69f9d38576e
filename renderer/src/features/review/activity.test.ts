import { describe, expect, it } from 'vitest'
import { activityLevel, activityWeeks } from './activity'

describe('the calendar heat map', () => {
  it('lays days out in weeks starting on Sunday', () => {
    // 2026-11-25 is a Wednesday: three empty cells first.
    const days = ['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((day) => ({ day, reviews: 1 }))
    const weeks = activityWeeks(days)
    expect(weeks).toHaveLength(2)
    expect(weeks[0]?.slice(0, 3)).toEqual([null, null, null])
    expect(weeks[0]?.[3]?.day).toBe('2026-11-25')
    expect(weeks[1]?.[0]?.day).toBe('2026-11-29')
    expect(activityWeeks([])).toEqual([])
  })

  it('grades days by thirds of the busiest', () => {
    expect(activityLevel(0, 30)).toBe(0)
    expect(activityLevel(5, 30)).toBe(1)
    expect(activityLevel(15, 30)).toBe(2)
    expect(activityLevel(30, 30)).toBe(3)
    expect(activityLevel(3, 0)).toBe(0)
  })
})
