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
