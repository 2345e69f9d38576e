import { formatDateTime, translate } from '@/lib/i18n'

/** How a set's due date reads: the day and time in the reader's own locale and zone. */
export function dueLabel(dueAt: string): string {
  return translate('classes.due', { date: formatDateTime(dueAt) })
}

/** The due date a teacher picks (a day): the end of that day where the teacher is, as an ISO time; '' is none. */
export function dueAtFromDay(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const end = new Date(`${day}T23:59:00`)
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString()
}
