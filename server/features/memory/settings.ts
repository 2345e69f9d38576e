import { randomBytes } from 'node:crypto'
import { DAILY_GOAL, DESIRED_RETENTION } from '#shared/limits'
import type { UserSettingsRow } from './memory.repo'
import type { SchedulerSettings } from './scheduler'

/** FSRS-6 has 21 parameters; anything else stored is ignored in favour of the defaults. */
const FSRS6_PARAMETER_COUNT = 21

/** A student's fitted parameters from their settings row, or null when none (or unusable) are stored. */
export function storedWeights(row: Pick<UserSettingsRow, 'parameters'> | undefined): number[] | null {
  if (!row?.parameters) return null
  try {
    const parsed: unknown = JSON.parse(row.parameters)
    if (Array.isArray(parsed) && parsed.length === FSRS6_PARAMETER_COUNT && parsed.every((value) => typeof value === 'number' && Number.isFinite(value))) {
      return parsed as number[]
    }
  } catch {
    // A broken value is treated as no parameters: the defaults schedule.
  }
  return null
}

/** The scheduler settings of a student: their desired retention and parameters, or the defaults. */
export function settingsOf(row: Pick<UserSettingsRow, 'desired_retention' | 'parameters'> | undefined): SchedulerSettings {
  return { desiredRetention: row?.desired_retention ?? DESIRED_RETENTION.default, weights: storedWeights(row) }
}

/** A student's goal, time zone and reminder hour, or the defaults (20 answers a day, UTC, no reminders). */
export function habitsOf(row: Pick<UserSettingsRow, 'daily_goal' | 'time_zone' | 'reminder_hour'> | undefined) {
  return { dailyGoal: row?.daily_goal ?? DAILY_GOAL.default, timeZone: row?.time_zone ?? 'UTC', reminderHour: row?.reminder_hour ?? null }
}

/** The random token of a student's unsubscribe link: unguessable, and it names nothing else. */
export function newReminderToken(): string {
  return randomBytes(24).toString('base64url')
}
