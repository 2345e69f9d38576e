import { z } from 'zod'
import { LOCALES } from '#shared/i18n/locales'
import { DEFAULT_PAGE_SIZE, DESIRED_RETENTION, MAX_PAGE_SIZE, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '#shared/limits'
import { requestMessages } from '#shared/messages'
import { habitSchemas } from './habits'

import type * as Z from 'zod'
import type * as R from './responses'

/** The API shapes of the memory model (zod schemas in ./responses.ts). A student's memory of one card, from FSRS-6: */
export type CardMemoryView = Z.output<typeof R.cardMemorySchema>
export type MemoryStateName = CardMemoryView['state']
/** 201 (or 200 for a resent clientId) of POST /api/sets/:id/answers. */
export type AnswerResponse = Z.output<typeof R.answerResultSchema>
/** What an answer did to its card (kept with it in the review log). */
export type AnswerRecord = Z.output<typeof R.answerRecordSchema>
/** GET /api/review/summary. Days are UTC days. */
export type ReviewSummary = Z.output<typeof R.reviewSummarySchema>
/** One item of GET /api/review/due. */
export type DueItem = Z.output<typeof R.dueItemSchema>
/** GET and PATCH /api/users/me/settings. */
export type MemorySettings = Z.output<typeof R.memorySettingsSchema>
/** GET /api/users/me/stats. Days are UTC days, `YYYY-MM-DD`, oldest first. */
export type MemoryStats = Z.output<typeof R.memoryStatsSchema>
/** How many of a set's cards are in each mastery status (docs/study-rules.md, 'Mastery'). */
export type SetMastery = MemoryStats['sets'][number]

/** The API shapes of the memory model (api.md, "Additions for the next capabilities" > Memory). */

const wholeNumber = (label: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(
      z
        .number({ error: `${label} must be a whole number.` })
        .int(`${label} must be a whole number.`)
        .min(min, `${label} must be at least ${min}.`)
        .max(max, `${label} must be at most ${max}.`),
    )

export const memorySchemas = {
  /** GET /api/review/due */
  dueQuery: z.object({
    page: wholeNumber('page', 1, 1_000_000, 1),
    perPage: wholeNumber('perPage', 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    setId: z.string({ error: 'setId must be a set id.' }).min(1, 'setId must be a set id.').max(64, 'setId must be a set id.').optional(),
    folderId: z.string({ error: 'folderId must be a folder id.' }).min(1, 'folderId must be a folder id.').max(64, 'folderId must be a folder id.').optional(),
  }),
  /** GET /api/review/summary */
  summaryQuery: z.object({
    setId: z.string({ error: 'setId must be a set id.' }).min(1, 'setId must be a set id.').max(64, 'setId must be a set id.').optional(),
    folderId: z.string({ error: 'folderId must be a folder id.' }).min(1, 'folderId must be a folder id.').max(64, 'folderId must be a folder id.').optional(),
  }),
  /** PATCH /api/users/me/settings */
  updateSettings: z.object({
    desiredRetention: z
      .number({ error: 'desiredRetention must be a number.' })
      .min(DESIRED_RETENTION.min, `desiredRetention must be between ${DESIRED_RETENTION.min.toFixed(2)} and ${DESIRED_RETENTION.max.toFixed(2)}.`)
      .max(DESIRED_RETENTION.max, `desiredRetention must be between ${DESIRED_RETENTION.min.toFixed(2)} and ${DESIRED_RETENTION.max.toFixed(2)}.`)
      .optional(),
    dailyGoal: habitSchemas.settingsFields.dailyGoal.optional(),
    timeZone: habitSchemas.settingsFields.timeZone.optional(),
    reminderEmail: habitSchemas.settingsFields.reminderEmail.optional(),
    locale: z.enum(LOCALES, { error: requestMessages.locale }).nullable().optional(),
  }),
  /** GET /api/users/me/stats */
  statsQuery: z.object({ days: wholeNumber('days', 1, STATS_MAX_DAYS, STATS_DEFAULT_DAYS) }),
  /** GET /api/users/me/review-log */
  reviewLogQuery: z.object({
    format: z.enum(['csv'], { error: "format must be 'csv'." }).optional().default('csv'),
  }),
}

export type DueQuery = z.input<typeof memorySchemas.dueQuery>
export type UpdateSettingsInput = z.input<typeof memorySchemas.updateSettings>
export type StatsQuery = z.input<typeof memorySchemas.statsQuery>

/**
 * Columns of GET /api/users/me/review-log?format=csv, one row per review, close to Anki's revlog
 * (`id`, `cid`, `ease`, `ivl`, `type`, `time`) with readable names:
 * review_time (ISO, when answered), card_id, prompt (what was asked of the card: f, r, c1..c50), set_id, set_title, term, mode, question, outcome,
 * correct (1/0), rating (1 Again .. 4 Easy), state_before (new/learning/review/relearning),
 * elapsed_days, scheduled_days, stability_after, difficulty_after, due_after, duration_ms.
 */
export const REVIEW_LOG_COLUMNS = [
  'review_time',
  'card_id',
  'prompt',
  'set_id',
  'set_title',
  'term',
  'mode',
  'question',
  'outcome',
  'correct',
  'rating',
  'state_before',
  'elapsed_days',
  'scheduled_days',
  'stability_after',
  'difficulty_after',
  'due_after',
  'duration_ms',
] as const
