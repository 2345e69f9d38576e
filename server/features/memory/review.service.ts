import type { z } from 'zod'
import { type DueItem, type MemorySettings, type MemoryStats, REVIEW_LOG_COLUMNS, type ReviewSummary, type memorySchemas } from '#shared/api/memory'
import type { ListResponse } from '#shared/api/sets'
import { DUE_FORECAST_DAYS, PERSONAL_PARAMETERS_MIN_REVIEWS } from '#shared/study/retention'
import type { Deps } from '#server/deps'
import { limitOffset, listResponse } from '#server/http/pagination'
import type { AuthState } from '#server/access/caller'
import { assertReadableSet } from '#server/access/sets'
import { cardsByIds } from '#server/features/sets/cards.service'
import * as repo from './memory.repo'
import { recallNow, recallProbability, STATE_NAMES } from './scheduler'
import { settingsOf, storedWeights } from './settings'

type DueQuery = z.output<typeof memorySchemas.dueQuery>
type UpdateSettings = z.output<typeof memorySchemas.updateSettings>
type StatsQuery = z.output<typeof memorySchemas.statsQuery>

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

/** The header's count and the Review page's numbers: due now, due by the end of today, reviewed today. */
export async function summary(deps: Deps, auth: AuthState): Promise<ReviewSummary> {
  const now = deps.clock.now()
  const today = startOfUtcDay(now)
  const endOfToday = endOfUtcDay(now)
  const [counts, reviewedToday, nextDue] = await Promise.all([
    readableDueCounts(deps, auth.user.id, now.toISOString(), endOfToday.toISOString()),
    repo.countReviewsSince(deps.db, auth.user.id, today.toISOString()),
    repo.nextDue(deps.db, auth.user.id, now.toISOString()),
  ])
  return { dueNow: counts.dueNow, dueToday: counts.dueUntil, reviewedToday, nextDue }
}

/**
 * Due counts over the sets the user may still read: the count over all their cards, less the
 * cards of sets they studied and may no longer read (made private since, or taken off their
 * class), which are few or none; so the common case never joins a card state to its set.
 */
async function readableDueCounts(deps: Deps, userId: string, now: string, until: string, setId?: string) {
  if (setId !== undefined) return repo.countDue(deps.db, userId, now, until, setId)
  const [total, studied] = await Promise.all([repo.countDue(deps.db, userId, now, until), repo.studiedSetIds(deps.db, userId)])
  const readable = await repo.readableSetIds(deps.db, userId, studied)
  for (const gone of studied.filter((id) => !readable.has(id))) {
    const lost = await repo.countDue(deps.db, userId, now, until, gone)
    total.dueNow -= lost.dueNow
    total.dueUntil -= lost.dueUntil
  }
  return total
}

/**
 * The caller's cards due now, across every set they may read (or one set: `setId`, 404 when they
 * may not read it), most overdue first, then the least stable.
 */
export async function dueCards(deps: Deps, auth: AuthState, query: DueQuery): Promise<ListResponse<DueItem>> {
  if (query.setId !== undefined) await assertReadableSet(deps.db, query.setId, auth)
  const now = deps.clock.now()
  const before = now.toISOString()
  const { limit, offset } = limitOffset(query)
  const [rows, total, settingsRow] = await Promise.all([
    repo.listDue(deps.db, auth.user.id, before, query.setId, limit, offset),
    readableDueCounts(deps, auth.user.id, before, before, query.setId).then((counts) => counts.dueNow),
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
  return {
    desiredRetention: settings.desiredRetention,
    parameters: settings.weights ? 'personal' : 'default',
    parametersFittedAt: settings.weights ? (row?.parameters_fitted_at ?? null) : null,
    reviewCount,
    reviewsForPersonalParameters: PERSONAL_PARAMETERS_MIN_REVIEWS,
  }
}

/**
 * Changes the desired retention. Cards keep their due dates; their next reviews are scheduled
 * with the new retention (as Anki does without "reschedule cards on change").
 */
export async function updateSettings(deps: Deps, auth: AuthState, input: UpdateSettings): Promise<MemorySettings> {
  await repo.upsertRetention(deps.db, auth.user.id, input.desiredRetention, deps.clock.now().toISOString())
  return getSettings(deps, auth)
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
