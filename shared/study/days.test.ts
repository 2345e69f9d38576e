import { describe, expect, it } from 'vitest'
import { addDays, dayIn, hourIn, streakOf } from './days'

describe('days in a time zone', () => {
  it('counts the day where the student lives', () => {
    // 11:30 UTC on 1 March is already 2 March, 00:30, in Auckland (UTC+13 in summer)...
    expect(dayIn(new Date('2026-03-01T11:30:00Z'), 'Pacific/Auckland')).toBe('2026-03-02')
    expect(hourIn(new Date('2026-03-01T11:30:00Z'), 'Pacific/Auckland')).toBe(0)
    // ...and still 28 February, 03:30, in Los Angeles.
    expect(dayIn(new Date('2026-03-01T11:30:00Z'), 'America/Los_Angeles')).toBe('2026-03-01')
    expect(dayIn(new Date('2026-03-01T07:59:00Z'), 'America/Los_Angeles')).toBe('2026-02-28')
    expect(hourIn(new Date('2026-03-01T07:59:00Z'), 'America/Los_Angeles')).toBe(23)
    expect(dayIn(new Date('2026-03-01T00:00:00Z'), 'UTC')).toBe('2026-03-01')
  })

  it('adds days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })

  it('counts the current and longest streak', () => {
    expect(streakOf([], '2026-03-05')).toEqual({ current: 0, longest: 0 })
    expect(streakOf(['2026-03-03', '2026-03-04', '2026-03-05'], '2026-03-05')).toEqual({ current: 3, longest: 3 })
    // Today has no answer yet: yesterday's run still counts.
    expect(streakOf(['2026-03-03', '2026-03-04'], '2026-03-05')).toEqual({ current: 2, longest: 2 })
    // A day missed ends it.
    expect(streakOf(['2026-02-01', '2026-02-02', '2026-02-03', '2026-03-03'], '2026-03-05')).toEqual({ current: 0, longest: 3 })
    expect(streakOf(['2026-03-05', '2026-03-05', '2026-03-01'], '2026-03-05')).toEqual({ current: 1, longest: 1 })
  })
})
