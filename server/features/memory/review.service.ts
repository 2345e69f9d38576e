import type { z } from 'zod'
import { type DueItem, type MemorySettings, type MemoryStats, REVIEW_LOG_COLUMNS, type ReviewSummary, type memorySchemas } from '#shared/api/memory'
import type { ListResponse } from '#shared/api/sets'
import { ACTIVITY_DAYS, DESIRED_RETENTION, DUE_FORECAST_DAYS, LEARN_AHEAD_MS, PERSONAL_PARAMETERS_MIN_REVIEWS } from '#shared/limits'
import type { Deps } from '#server/deps'
import { limitOffset, listResponse } from '#server/http/pagination'
import type { AuthState } from '#server/access/caller'
import { assertReadableSet } from '#server/access/sets'
import { cardsByIds } from '#server/features/sets/cards.service'
import { readableSetIdsOfFolder } from '#server/features/folders/folders.service'
import { chosenLocale, setLocale } from '#server/features/accounts/account.service'
import * as repo from './memory.repo'
import type { UserSettingsRow } from './memory.repo'
import { recallNow, recallProbability, STATE_NAMES } from './scheduler'
import { addDays, dayBounds, dayIn, streakOf } from '#shared/study/days'
import { habitsOf, newReminderToken, settingsOf, storedWeights } from './settings'

type DueQuery = z.output<typeof memorySchemas.dueQuery>
type UpdateSettings = z.output<typeof memorySchemas.updateSettings>
type StatsQuery = z.output<typeof memorySchemas.statsQuery>
type SummaryQuery = Partial<z.output<typeof memorySchemas.summaryQuery>>

const DAY_MS = 86_400_000

/** Days are UTC days, as the scheduler counts them (scheduler.ts). */
function startOfUtcDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()))
}

const dayKey = (time: Date) => time.toISOString().slice(0, 10)

/** The last millisecond of the UTC day `time` falls in: "due today" means due by then. */
export function endOfUtcDay(time: Date): Date {
  return new Date(startOfUtcDay(time).getTime() + DAY_MS - 1)
}

/**
 * Per user and set, of these users and sets: the user's cards of that set due by the end of today
 * (a UTC day, as the Review page counts it). A class's progress asks it for its students.
 */
export async function dueTodayByUserAndSet(deps: Pick<Deps, 'db' | 'clock'>, userIds: string[], setIds: string[]) {
  return repo.countDueByUserAndSet(deps.db, userIds, setIds, endOfUtcDay(deps.clock.now()).toISOString())
}

/** Per user and card of these users and sets: the first and last answer in any mode. A class's progress asks it. */
export function answerSpansOfUsers(deps: Pick<Deps, 'db'>, userIds: string[], setIds: string[]) {
  return repo.listAnswerSpans(deps.db, userIds, setIds)
}

/**
 * Which cards a due list or summary covers: every readable set (undefined), one set (404 unless
 * readable), or a folder's readable sets and its sub-folders' (404 unless the folder is the caller's).
 */
async function scopeOf(deps: Deps, auth: AuthState, query: { setId?: string; folderId?: string }): Promise<string | string[] | undefined> {
  if (query.setId !== undefined) {
    await assertReadableSet(deps.db, query.setId, auth)
    return query.setId
  }
  if (query.folderId !== undefined) return readableSetIdsOfFolder(deps, auth, query.folderId)
  return undefined
}

/** The learn-ahead limit (Anki's): cards due within the next 20 minutes are asked with the cards due now. */
function learnAhead(now: Date): Date {
  return new Date(now.getTime() + LEARN_AHEAD_MS)
}

/**
 * The header's count and the Review page's numbers: due now (with learn-ahead), due by the end of
 * today, reviewed today, and when the next card after those falls due; of every readable set, or
 * of one (`setId`, 404 when the caller may not read it).
 */
export async function summary(
  deps: Deps,
  auth: AuthState,
  query: SummaryQuery = {},
  /** The caller's settings row when the request has read it already (an answer): not read again. */
  known?: { settingsRow: UserSettingsRow | undefined },
): Promise<ReviewSummary> {
  const scope = await scopeOf(deps, auth, query)
  const now = deps.clock.now()
  const ahead = learnAhead(now)
  const endOfToday = new Date(Math.max(endOfUtcDay(now).getTime(), ahead.getTime()))
  // The goal counts the student's own day: their time zone first (an answer has read it already).
  const settingsRow = known ? known.settingsRow : await repo.findSettings(deps.db, auth.user.id)
  const { dailyGoal, timeZone } = habitsOf(settingsRow)
  const goalDay = dayBounds(dayIn(now, timeZone), timeZone)
  const times = {
    now: ahead.toISOString(),
    until: endOfToday.toISOString(),
    reviewedSince: startOfUtcDay(now).toISOString(),
    goal: { from: goalDay.from.toISOString(), to: goalDay.to.toISOString() },
  }
  // One set or a folder's are readable already (scopeOf); every set may hold some no longer readable, which the statement takes off.
  const counts =
    scope === undefined ? await repo.summaryOfEverySet(deps.db, auth.user.id, times) : await repo.summaryCounts(deps.db, auth.user.id, { ...times, scope })
  return {
    dueNow: counts.dueNow,
    dueToday: counts.dueUntil,
    reviewedToday: counts.reviewedToday,
    nextDue: counts.nextDue,
    goal: { target: dailyGoal, doneToday: counts.doneToday },
  }
}

/** Due counts over the sets the user may still read: every set, one set, or a folder's sets (readable already). */
async function readableDueCounts(deps: Pick<Deps, 'db'>, userId: string, now: string, until: string, scope?: string | string[]) {
  if (scope !== undefined) return repo.countDue(deps.db, userId, now, until, scope)
  const [total, gone] = await Promise.all([repo.countDue(deps.db, userId, now, until), unreadableDueCounts(deps, userId, now, until)])
  return { dueNow: total.dueNow - gone.dueNow, dueUntil: total.dueUntil - gone.dueUntil }
}

/**
 * The due counts of the sets the user studied and may no longer read (made private since, or taken
 * off their class), which are few or none: taken off a count over all their cards, so the common
 * case never joins a card state to its set.
 */
async function unreadableDueCounts(deps: Pick<Deps, 'db'>, userId: string, now: string, until: string) {
  const gone = { dueNow: 0, dueUntil: 0 }
  for (const setId of await repo.unreadableStudiedSetIds(deps.db, userId)) {
    const lost = await repo.countDue(deps.db, userId, now, until, setId)
    gone.dueNow += lost.dueNow
    gone.dueUntil += lost.dueUntil
  }
  return gone
}

/** What a reminder needs of a student (issue 31): their cards due now (with learn-ahead, as the header counts them) in sets they may read. */
export async function dueNowOf(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<number> {
  const ahead = learnAhead(deps.clock.now()).toISOString()
  return (await readableDueCounts(deps, userId, ahead, ahead)).dueNow
}

/** Whether the student answered anything on `day` in their time zone (a reminder's question). */
export async function answeredOn(deps: Pick<Deps, 'db'>, userId: string, timeZone: string, day: string): Promise<boolean> {
  const { from, to } = dayBounds(day, timeZone)
  return (await repo.countReviewsBetween(deps.db, userId, from.toISOString(), to.toISOString())) > 0
}

/**
 * The caller's cards due now, across every set they may read (or one set: `setId`, 404 when they
 * may not read it), most overdue first, then the least stable.
 */
export async function dueCards(deps: Deps, auth: AuthState, query: DueQuery): Promise<ListResponse<DueItem>> {
  const scope = await scopeOf(deps, auth, query)
  const now = deps.clock.now()
  // Due now first (the order is by due time), then those due within the learn-ahead limit.
  const before = learnAhead(now).toISOString()
  const { limit, offset } = limitOffset(query)
  const [rows, total, settingsRow] = await Promise.all([
    repo.listDue(deps.db, auth.user.id, before, scope, limit, offset),
    readableDueCounts(deps, auth.user.id, before, before, scope).then((counts) => counts.dueNow),
    repo.findSettings(deps.db, auth.user.id),
  ])
  const weights = storedWeights(settingsRow)
  const cards = await cardsByIds(
    deps,
    rows.map((row) => row.id),
  )
  const items = rows.flatMap((row): DueItem[] => {
    const card = cards.get(row.id)
    // A card deleted between the two reads is left out, as if it had gone first.
    if (!card) return []
    return [
      {
        card,
        prompt: row.prompt,
        set: { id: row.set_id, title: row.set_title, termLanguage: row.set_term_language, definitionLanguage: row.set_definition_language },
        due: row.due,
        // What FSRS predicts at this moment (not rounded down to whole days: a due card is below 100%).
        retrievability: recallNow(weights, row.stability, new Date(row.last_review), now),
      },
    ]
  })
  return listResponse(items, total, query)
}

export async function getSettings(deps: Deps, auth: AuthState): Promise<MemorySettings> {
  const [row, reviewCount] = await Promise.all([repo.findSettings(deps.db, auth.user.id), repo.countReviews(deps.db, auth.user.id)])
  const settings = settingsOf(row)
  const habits = habitsOf(row)
  return {
    desiredRetention: settings.desiredRetention,
    parameters: settings.weights ? 'personal' : 'default',
    parametersFittedAt: settings.weights ? (row?.parameters_fitted_at ?? null) : null,
    reviewCount,
    reviewsForPersonalParameters: PERSONAL_PARAMETERS_MIN_REVIEWS,
    dailyGoal: habits.dailyGoal,
    timeZone: habits.timeZone,
    reminderEmail: habits.reminderHour,
    locale: chosenLocale(auth.user),
  }
}

/**
 * Changes the settings the body names and leaves the rest. A new desired retention leaves cards'
 * due dates; their next reviews are scheduled with it (as Anki does without "reschedule cards on
 * change"). Turning reminders on gives the student an unsubscribe token once.
 */
export async function updateSettings(deps: Deps, auth: AuthState, input: UpdateSettings): Promise<MemorySettings> {
  const change: repo.SettingsChange = {}
  if (input.desiredRetention !== undefined) change.desired_retention = input.desiredRetention
  if (input.dailyGoal !== undefined) change.daily_goal = input.dailyGoal
  if (input.timeZone !== undefined) change.time_zone = input.timeZone
  if (input.reminderEmail !== undefined) {
    change.reminder_hour = input.reminderEmail
    if (input.reminderEmail !== null && !(await repo.findSettings(deps.db, auth.user.id))?.reminder_token) change.reminder_token = newReminderToken()
  }
  if (Object.keys(change).length > 0) {
    await repo.upsertSettings(deps.db, auth.user.id, change, DESIRED_RETENTION.default, deps.clock.now().toISOString())
  }
  if (input.locale === undefined) return getSettings(deps, auth)
  // The language is the account's (the caller's row, which every signed-in request reads).
  await setLocale(deps, auth, input.locale)
  return getSettings(deps, { ...auth, user: { ...auth.user, locale: input.locale } })
}

/**
 * The memory's part of the Progress page's charts: reviews per day, the 14-day due forecast and
 * predicted retention now (the mastery per set is the study records', study.service.ts).
 */
export async function stats(deps: Deps, auth: AuthState, query: StatsQuery): Promise<Omit<MemoryStats, 'sets'>> {
  const now = deps.clock.now()
  const today = startOfUtcDay(now)
  const since = new Date(today.getTime() - (query.days - 1) * DAY_MS)
  const [reviews, memory, settingsRow] = await Promise.all([
    repo.listReviewTimesSince(deps.db, auth.user.id, since.toISOString()),
    repo.listReadableMemory(deps.db, auth.user.id),
    repo.findSettings(deps.db, auth.user.id),
  ])

  const perDay = new Map<string, { day: string; reviews: number; correct: number }>()
  for (let i = 0; i < query.days; i++) {
    const day = dayKey(new Date(since.getTime() + i * DAY_MS))
    perDay.set(day, { day, reviews: 0, correct: 0 })
  }
  for (const review of reviews) {
    const entry = perDay.get(review.answered_at.slice(0, 10))
    if (!entry) continue
    entry.reviews += 1
    entry.correct += review.correct
  }

  const forecast = Array.from({ length: DUE_FORECAST_DAYS }, (_, i) => ({ day: dayKey(new Date(today.getTime() + i * DAY_MS)), due: 0 }))
  const weights = storedWeights(settingsRow)
  let recallSum = 0
  for (const row of memory) {
    const index = Math.max(0, Math.floor((Date.parse(row.due) - today.getTime()) / DAY_MS))
    const slot = forecast[index]
    if (slot) slot.due += 1
    recallSum += recallProbability(weights, row.stability, new Date(row.last_review), now)
  }
  return {
    reviewsPerDay: [...perDay.values()],
    dueForecast: forecast,
    retention: memory.length === 0 ? null : recallSum / memory.length,
    ...(await habitStats(deps, auth.user.id, settingsRow)),
  }
}

/**
 * The streak, today's goal and the calendar of the last year, in the student's time zone: from
 * the minutes they answered in (grouped in SQL), each placed on its day where the student lives.
 */
async function habitStats(
  deps: Deps,
  userId: string,
  settingsRow: repo.UserSettingsRow | undefined,
): Promise<Pick<MemoryStats, 'streak' | 'goal' | 'activity'>> {
  const { timeZone, dailyGoal } = habitsOf(settingsRow)
  const today = dayIn(deps.clock.now(), timeZone)
  const perDay = new Map<string, number>()
  for (const { minute, answers } of await repo.answerMinutes(deps.db, userId)) {
    const day = dayIn(new Date(`${minute}:00Z`), timeZone)
    perDay.set(day, (perDay.get(day) ?? 0) + answers)
  }
  const first = addDays(today, 1 - ACTIVITY_DAYS)
  return {
    streak: streakOf(perDay.keys(), today),
    goal: { target: dailyGoal, doneToday: perDay.get(today) ?? 0 },
    activity: Array.from({ length: ACTIVITY_DAYS }, (_, i) => {
      const day = addDays(first, i)
      return { day, reviews: perDay.get(day) ?? 0 }
    }),
  }
}

/** A CSV value (RFC 4180), with text that a spreadsheet would run as a formula made inert. */
function csvCell(value: string | number | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The caller's whole review log as CSV (columns in shared/api/memory.ts). The rows of a set the
 * caller may no longer read (made private since, or taken off their class) stay (the reviews are
 * the student's), without what they were about: no set or card id, title or term.
 */
export async function reviewLogCsv(deps: Deps, auth: AuthState): Promise<string> {
  const rows = await repo.listLogForExport(deps.db, auth.user.id)
  const lines = [REVIEW_LOG_COLUMNS.join(',')]
  for (const row of rows) {
    const readable = Number(row.readable) === 1
    const cells: (string | number | null)[] = [
      row.answered_at,
      readable ? row.flashcard_id : '',
      row.prompt,
      readable ? row.study_set_id : '',
      readable ? row.title : '',
      readable ? row.term : '',
      row.mode,
      row.question,
      row.outcome,
      row.correct,
      row.rating,
      STATE_NAMES[row.state as 0 | 1 | 2 | 3] ?? String(row.state),
      row.elapsed_days,
      row.scheduled_days,
      row.stability,
      row.difficulty,
      row.due,
      row.duration_ms,
    ]
    lines.push(cells.map(csvCell).join(','))
  }
  return `${lines.join('\r\n')}\r\n`
}
