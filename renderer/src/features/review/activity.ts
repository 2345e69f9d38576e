/** The calendar heat map's arithmetic (issue 31), pure: unit tested beside it. */

export interface ActivityDay {
  day: string
  reviews: number
}

/** Weeks as columns of seven rows, Sunday first; the first week padded before its first day. */
export function activityWeeks(days: ActivityDay[]): (ActivityDay | null)[][] {
  const first = days[0]
  if (!first) return []
  const weekday = new Date(`${first.day}T00:00:00Z`).getUTCDay()
  const cells: (ActivityDay | null)[] = [...Array.from({ length: weekday }, () => null), ...days]
  const weeks: (ActivityDay | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))
  return weeks
}

/** 0 for no answers, then 1 to 3 by thirds of the busiest day. */
export function activityLevel(reviews: number, max: number): 0 | 1 | 2 | 3 {
  if (reviews <= 0 || max <= 0) return 0
  return Math.min(3, Math.ceil((reviews / max) * 3)) as 1 | 2 | 3
}
