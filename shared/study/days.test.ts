import { describe, expect, it } from 'vitest'
import { addDays, dayBounds, dayIn, hourIn, streakOf } from './days'

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

  it('gives the UTC instants a day begins and ends at where the student lives', () => {
    expect(dayBounds('2026-03-01', 'UTC')).toEqual({ from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') })
    // Kathmandu is 5:45 ahead: its 1 March starts at 18:15 UTC on 28 February.
    expect(dayBounds('2026-03-01', 'Asia/Kathmandu')).toEqual({ from: new Date('2026-02-28T18:15:00Z'), to: new Date('2026-03-01T18:15:00Z') })
    // New York's clocks go forward on 8 March 2026: that day has 23 hours.
    expect(dayBounds('2026-03-08', 'America/New_York')).toEqual({ from: new Date('2026-03-08T05:00:00Z'), to: new Date('2026-03-09T04:00:00Z') })
  })

  it('gives the same bounds when asked again, however the caller changed the last ones', () => {
    const first = dayBounds('2026-07-14', 'Europe/Paris')
    first.from.setTime(0)
    first.to.setTime(0)
    expect(dayBounds('2026-07-14', 'Europe/Paris')).toEqual({ from: new Date('2026-07-13T22:00:00Z'), to: new Date('2026-07-14T22:00:00Z') })
  })

  it('finds the edges of a day in zones far from UTC and on days when the clocks change, even at midnight', () => {
    const minute = 60_000
    const cases: Array<[string, string]> = [
      ['2026-03-01', 'Pacific/Kiritimati'],
      ['2026-03-01', 'Pacific/Pago_Pago'],
      ['2026-03-01', 'Australia/Eucla'],
      ['2026-11-01', 'America/New_York'],
      ['2026-04-05', 'Australia/Lord_Howe'],
      // Cuba's and Chile's summer times start at local midnight: those days begin at 01:00.
      ['2026-03-08', 'America/Havana'],
      ['2026-09-06', 'America/Santiago'],
    ]
    for (const [day, zone] of cases) {
      const { from, to } = dayBounds(day, zone)
      expect(dayIn(from, zone), `${day} ${zone}`).toBe(day)
      expect(dayIn(new Date(from.getTime() - minute), zone) < day, `${day} ${zone}`).toBe(true)
      expect(dayIn(new Date(to.getTime() - minute), zone), `${day} ${zone}`).toBe(day)
      expect(dayIn(to, zone), `${day} ${zone}`).toBe(addDays(day, 1))
    }
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
