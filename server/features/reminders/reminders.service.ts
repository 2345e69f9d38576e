import { habitMessages } from '#shared/messages'
import type { Clock } from '#server/clock'
import type { DB } from '#server/db/database'
import { isDatabaseUnavailable } from '#server/db/database'
import type { Deps } from '#server/deps'
import { notFound } from '#server/http/errors'
import type { Logger } from '#server/logger'
import type { Mailer } from '#server/mail/mailer'
import { reminderMail } from '#server/mail/templates'
import { recipientLocale } from '#server/mail/messages'
import { answeredOn, dueNowOf } from '#server/features/memory/review.service'
import { dayIn, hourIn } from '#shared/study/days'
import * as repo from './reminders.repo'

/*
 * Daily reminder emails (issue 31). Every REMINDER_INTERVAL_SECONDS each server process checks the
 * students with reminders on: at or after their hour, in their time zone, a student with cards
 * due who answered nothing that day is due one email. Before sending, the process claims the
 * student's day with an insert the database lets only one process make (reminder_claims' primary
 * key), so however many processes check, one sends; the claim is in the database, so a restart
 * never sends a second.
 */

export interface ReminderDeps {
  db: DB
  clock: Clock
  logger: Logger
  mailer: Mailer
  publicUrl: string
  /** Told of each reminder sent (the desktop app shows it as a system notification). */
  onReminder?: (reminder: Reminder) => void
}

/** A reminder as sent: to whom, how many cards are due, and where Review is. */
export interface Reminder {
  userId: string
  due: number
  reviewUrl: string
}

/** The page the body's link opens (works signed out), and the one-click POST of RFC 8058. */
export function unsubscribeLinks(publicUrl: string, token: string) {
  const query = `token=${encodeURIComponent(token)}`
  return { unsubscribePage: `${publicUrl}/reminders/unsubscribe?${query}`, unsubscribePost: `${publicUrl}/api/reminders/unsubscribe?${query}` }
}

const CLAIMS_KEPT_MS = 3 * 86_400_000

/** One pass: the ids of the students this process sent a reminder to. */
export async function sendDueReminders(deps: ReminderDeps): Promise<string[]> {
  const now = deps.clock.now()
  const students = (await repo.listReminderStudents(deps.db)).map((student) => {
    const timeZone = student.time_zone ?? 'UTC'
    return { ...student, timeZone, day: dayIn(now, timeZone), hour: hourIn(now, timeZone) }
  })
  const waiting = students.filter((student) => student.hour >= (student.reminder_hour ?? 24))
  const claimed = await repo.claimedOn(
    deps.db,
    waiting.map((student) => student.id),
    waiting.map((student) => student.day),
  )
  const sent: string[] = []
  for (const student of waiting) {
    if (claimed.has(`${student.id} ${student.day}`) || !student.reminder_token) continue
    if (await answeredOn(deps, student.id, student.timeZone, student.day)) continue
    const due = await dueNowOf(deps, student.id)
    if (due === 0) continue
    if (!(await repo.claim(deps.db, student.id, student.day, now.toISOString()))) continue
    const mail = reminderMail(
      student.email,
      student.username,
      due,
      {
        review: `${deps.publicUrl}/review`,
        ...unsubscribeLinks(deps.publicUrl, student.reminder_token),
      },
      // No request: the student's own language, else English.
      recipientLocale(student.locale),
    )
    try {
      await deps.mailer.send(mail)
    } catch (error) {
      deps.logger.error(`reminders: could not send "${mail.subject}" to ${mail.to}; a later check tries again`, error)
      await repo.releaseClaim(deps.db, student.id, student.day)
      continue
    }
    await repo.markSent(deps.db, student.id, student.day, deps.clock.now().toISOString())
    sent.push(student.id)
    deps.onReminder?.({ userId: student.id, due, reviewUrl: `${deps.publicUrl}/review` })
  }
  await repo.deleteClaimsBefore(deps.db, new Date(now.getTime() - CLAIMS_KEPT_MS).toISOString())
  return sent
}

/** POST /api/reminders/unsubscribe: no sign-in, the token is the key. Again with the same token: still 204. */
export async function unsubscribe(deps: Pick<Deps, 'db' | 'clock'>, token: string): Promise<void> {
  if (!(await repo.unsubscribe(deps.db, token, deps.clock.now().toISOString()))) throw notFound(habitMessages.reminderTokenInvalid)
}

export interface RepeatingJob {
  stop(): Promise<void>
}

/**
 * Runs `pass` every `intervalMs` (the first after one interval), never two at once. While the
 * database cannot be reached (the `unavailable` errors of server/db/database.ts) it waits
 * `retryMs` and tries again, rather than a whole interval, and says so once per outage.
 */
export function repeatEvery(name: string, pass: () => Promise<unknown>, options: { intervalMs: number; retryMs: number; logger: Logger }): RepeatingJob {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  let down = false
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      running = run()
    }, delay)
    timer.unref()
  }
  const run = async () => {
    try {
      await pass()
      if (down) options.logger.info(`${name}: the database answers again`)
      down = false
      schedule(options.intervalMs)
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        if (!down) options.logger.warn(`${name}: the database is unavailable; trying again every ${Math.round(options.retryMs / 1000)} s`)
        down = true
        schedule(Math.min(options.retryMs, options.intervalMs))
      } else {
        options.logger.error(`${name}: a pass failed`, error)
        schedule(options.intervalMs)
      }
    }
  }
  schedule(options.intervalMs)
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

/** The reminder check of a server process, every `intervalMs`. */
export function startReminders(deps: ReminderDeps, { intervalMs, retryMs = 5000 }: { intervalMs: number; retryMs?: number }): RepeatingJob {
  return repeatEvery(
    'reminders',
    async () => {
      const sent = await sendDueReminders(deps)
      if (sent.length > 0) deps.logger.info(`reminders: sent ${sent.length} reminder email(s)`)
    },
    { intervalMs, retryMs, logger: deps.logger },
  )
}
