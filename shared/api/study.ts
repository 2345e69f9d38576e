import { z } from 'zod'
import { MATCH_MAX_SECONDS } from '../limits'

/** The API shapes of study records (docs/study-rules.md, 'Records'; schemas in ./responses.ts). All belong to the caller. */
export type LearningSessionStatus = 'in_progress' | 'completed'

export interface LearningSession {
  id: string
  status: LearningSessionStatus
  startTime: string
  /** Set when the session is completed. */
  endTime: string | null
  totalCards: number
  correctCount: number
  incorrectCount: number
}

export type CardStatus = 'mastered' | 'learning' | 'needs_review'

/** One card's record of answers for the caller. Cards never answered have no entry. */
export interface CardProgress {
  cardId: string
  correct: number
  incorrect: number
  attempts: number
  /** correct / attempts, from 0 to 1. */
  masteryRate: number
  status: CardStatus
  lastReviewed: string
}

export interface ProgressResponse {
  items: CardProgress[]
}

export type AnswerMode = 'learn' | 'write'

/** GET /api/sets/:id/match-results/best: the caller's fastest Match game on the set, in seconds. */
export interface BestMatchTime {
  bestTime: number | null
}

const count = (label: string) =>
  z.number({ error: `${label} must be a whole number.` }).int(`${label} must be a whole number.`).min(0, `${label} cannot be negative.`).max(1_000_000, `${label} is too large.`)

const cardId = z.string({ error: 'cardId is required.' }).min(1, 'cardId is required.').max(64, 'cardId is not a card id.')

/** Request bodies of the study-record routes. */
export const studySchemas = {
  createSession: z.object({ totalCards: count('totalCards') }),
  updateSession: z
    .object({
      correctCount: count('correctCount').optional(),
      incorrectCount: count('incorrectCount').optional(),
      status: z.enum(['in_progress', 'completed'], { error: "status must be 'in_progress' or 'completed'." }).optional(),
    }),
  answer: z.object({
    cardId,
    correct: z.boolean({ error: 'correct must be true or false.' }),
    mode: z.enum(['learn', 'write'], { error: "mode must be 'learn' or 'write'." }),
  }),
  matchResult: z.object({
    timeTaken: count('timeTaken').max(MATCH_MAX_SECONDS, 'timeTaken is too large.'),
    correctMatches: count('correctMatches'),
    incorrectMatches: count('incorrectMatches'),
  }),
}

export type CreateSessionInput = z.input<typeof studySchemas.createSession>
export type UpdateSessionInput = z.input<typeof studySchemas.updateSession>
export type AnswerInput = z.input<typeof studySchemas.answer>
export type MatchResultInput = z.input<typeof studySchemas.matchResult>
