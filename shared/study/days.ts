/*
 * Days in a student's time zone (issue 31): the streak, today's goal and the reminder hour count
 * days where the student lives, not UTC days. Day keys are `YYYY-MM-DD` text, which sort as days.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
    formats.set(timeZone, format)
  }
  return format
}

function parts(time: Date, timeZone: string) {
  const found: Record<string, string> = {}
  for (const part of formatOf(timeZone).formatToParts(time)) found[part.type] = part.value
  return found
}

/** The day (`YYYY-MM-DD`) it is at `time` in `timeZone`. */
export function dayIn(time: Date, timeZone: string): string {
  const p = parts(time, timeZone)
  return `${p.year}-${p.month}-${p.day}`
}

/** The hour (0-23) it is at `time` in `timeZone`. */
export function hourIn(time: Date, timeZone: string): number {
  return Number(parts(time, timeZone).hour) % 24
}

const MINUTE_MS = 60_000
/** No time zone is further than this from UTC (Kiritimati is +14:00, Baker Island -12:00). */
const FURTHEST_OFFSET_MS = 15 * 60 * MINUTE_MS

/**
 * The first minute that is `day` in `timeZone` (a UTC instant): found by halving the minutes
 * around the UTC midnight, since the zone may be anywhere within 15 hours of it and may skip its
 * own midnight (a summer time that starts at 00:00). Offsets are whole minutes, so answers stored
 * to the millisecond fall on the right side.
 */
function dayStart(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`)
  let low = (midnight - FURTHEST_OFFSET_MS) / MINUTE_MS
  let high = (midnight + FURTHEST_OFFSET_MS) / MINUTE_MS
  // Invariant: the minute `low` is before `day` there, the minute `high` is `day` or after.
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2)
    if (dayIn(new Date(middle * MINUTE_MS), timeZone) < day) low = middle
    else high = middle
  }
  return new Date(high * MINUTE_MS)
}

/** Bounds found already, by day and zone: a summary asks for today's after every answer, and each search formats about 22 times. */
const boundsFound = new Map<string, { from: number; to: number }>()
const MAX_BOUNDS_KEPT = 1000

/** `day` in `timeZone` as UTC instants: from its first moment (included) to the next day's (excluded). */
export function dayBounds(day: string, timeZone: string): { from: Date; to: Date } {
  const key = `${day} ${timeZone}`
  let bounds = boundsFound.get(key)
  if (!bounds) {
    if (boundsFound.size >= MAX_BOUNDS_KEPT) boundsFound.clear()
    bounds = { from: dayStart(day, timeZone).getTime(), to: dayStart(addDays(day, 1), timeZone).getTime() }
    boundsFound.set(key, bounds)
  }
  return { from: new Date(bounds.from), to: new Date(bounds.to) }
}

/** The day key `days` days after (or before, negative) `day`. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10)
}

/**
 * The current and longest runs of consecutive days with an answer. The current run ends today,
 * or yesterday while today has no answer yet (the streak is not lost before the day is over).
 */
export function streakOf(answerDays: Iterable<string>, today: string): { current: number; longest: number } {
  const days = [...new Set(answerDays)].filter((day) => day <= today).sort()
  let longest = 0
  let run = 0
  let previous: string | undefined
  for (const day of days) {
    run = previous !== undefined && addDays(previous, 1) === day ? run + 1 : 1
    longest = Math.max(longest, run)
    previous = day
  }
  const last = days.at(-1)
  const current = last === today || (last !== undefined && addDays(last, 1) === today) ? run : 0
  return { current, longest }
}
