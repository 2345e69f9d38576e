import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '#shared/limits'
import { DESIRED_RETENTION, STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from '#shared/study/retention'
import type { Flashcard } from './sets'
import type { CardProgress } from './study'

/** The API shapes of the memory model (api.md, "Additions for the next capabilities" > Memory). */

export type MemoryStateName = 'new' | 'learning' | 'review' | 'relearning'

/** A student's memory of one card, from FSRS-6. */
export interface CardMemoryView {
  /** When the card is next due (ISO time). */
  due: string
  /** Days until recall falls to 90%. */
  stability: number
  /** 1 (easy) to 10 (hard). */
  difficulty: number
  /** Predicted chance of recall now, 0 to 1. */
  retrievability: number
  state: MemoryStateName
  reps: number
  lapses: number
  lastReview: string
}

/** 201 (or 200 for a resent clientId) of POST /api/sets/:id/answers. */
export interface AnswerResponse {
  cardId: string
  /** The card's mastery counts, or null when no answer of a counting mode was given yet (see `MASTERY_MODES`). */
  progress: CardProgress | null
  memory: CardMemoryView
}

/** GET /api/review/summary. Days are UTC days. */
export interface ReviewSummary {
  dueNow: number
  dueToday: number
  reviewedToday: number
  /** When the next card falls due after now (ISO time), or null when none is scheduled. */
  nextDue: string | null
}

/** One item of GET /api/review/due. */
export interface DueItem {
  card: Flashcard
  /** The card's set; its read-aloud languages as on StudySet (null: not chosen). */
  set: { id: string; title: string; termLanguage: string | null; definitionLanguage: string | null }
  due: string
  retrievability: number
}

/** GET and PATCH /api/users/me/settings. */
export interface MemorySettings {
  desiredRetention: number
  /** 'personal' once the student's own FSRS parameters are fitted, else 'default'. */
  parameters: 'personal' | 'default'
  parametersFittedAt: string | null
  /** Reviews in the student's log, and how many the fit needs. */
  reviewCount: number
  reviewsForPersonalParameters: number
}

/** GET /api/users/me/stats. Days are UTC days, `YYYY-MM-DD`, oldest first. */
export interface MemoryStats {
  reviewsPerDay: { day: string; reviews: number; correct: number }[]
  /** Today and the 13 days after; today's count includes every card already overdue. */
  dueForecast: { day: string; due: number }[]
  /** Predicted recall now, averaged over the student's reviewed cards (null with none). */
  retention: number | null
  /** Mastery of each set the student has answered cards of (and may still read), by title. */
  sets: SetMastery[]
}

/** How many of a set's cards are in each mastery status (docs/study-rules.md, 'Mastery'). */
export interface SetMastery {
  setId: string
  title: string
  /** The set's cards; those never answered in a counting mode are `cardCount` minus the three counts. */
  cardCount: number
  mastered: number
  learning: number
  needsReview: number
}

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
  }),
  /** PATCH /api/users/me/settings */
  updateSettings: z.object({
    desiredRetention: z
      .number({ error: 'desiredRetention must be a number.' })
      .min(DESIRED_RETENTION.min, `desiredRetention must be between ${DESIRED_RETENTION.min.toFixed(2)} and ${DESIRED_RETENTION.max.toFixed(2)}.`)
      .max(DESIRED_RETENTION.max, `desiredRetention must be between ${DESIRED_RETENTION.min.toFixed(2)} and ${DESIRED_RETENTION.max.toFixed(2)}.`),
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
 * review_time (ISO, when answered), card_id, set_id, set_title, term, mode, question, outcome,
 * correct (1/0), rating (1 Again .. 4 Easy), state_before (new/learning/review/relearning),
 * elapsed_days, scheduled_days, stability_after, difficulty_after, due_after, duration_ms.
 */
export const REVIEW_LOG_COLUMNS = [
  'review_time',
  'card_id',
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
