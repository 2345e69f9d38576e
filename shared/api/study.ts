import { z } from 'zod'
import { ANSWER_MAX_AGE_DAYS, MATCH_MAX_SECONDS } from '#shared/limits'
import { cardMessages } from '#shared/messages'
import { DEFAULT_PROMPT, PROMPT_PATTERN } from '#shared/cards/prompts'
import { answerProblem, OUTCOMES, QUESTION_KINDS, STUDY_MODES, type StudyMode } from '#shared/study/ratings'

import type * as Z from 'zod'
import type * as R from './responses'

/** The API shapes of study records (docs/study-rules.md, 'Records'; zod schemas in ./responses.ts). All belong to the caller. */
export type LearningSession = Z.output<typeof R.learningSessionSchema>
export type LearningSessionStatus = LearningSession['status']
/** One card's record of answers for the caller. Cards never answered have no entry. */
export type CardProgress = Z.output<typeof R.cardProgressSchema>
export type CardStatus = CardProgress['status']
/** A progress item with the card's memory (null if the card has none yet). */
export type ProgressItem = Z.output<typeof R.progressItemSchema>
/** Cards with mastery counts or a memory state (a card studied only in Flashcards or Match has `attempts: 0`). */
export type ProgressResponse = Z.output<(typeof R.responseSchemas)['Progress']>
/** GET /api/sets/:id/match-results/best: the caller's fastest Match game on the set, in seconds. */
export type BestMatchTime = Z.output<typeof R.bestMatchTimeSchema>
export type MatchResult = Z.output<typeof R.matchResultSchema>

export type AnswerMode = StudyMode

/**
 * The modes whose answers count toward the spec's mastery (right/wrong counts, 80% / 50%): the
 * answers the app checks itself. Flashcards is graded by the student and Match pairs are found
 * by elimination, so they feed the memory model only.
 */
export const MASTERY_MODES: readonly StudyMode[] = ['learn', 'write', 'review', 'test']

/** 1 to 64 of [A-Za-z0-9_-]: a client's own id for an answer, so a resent answer is kept once. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/
const modeList = STUDY_MODES.map((mode) => `'${mode}'`)
const MODE_MESSAGE = `mode must be ${modeList.slice(0, -1).join(', ')} or ${modeList.at(-1)}.`

const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(1_000_000, `${label} is too large.`)

const cardId = z.string({ error: 'cardId is required.' }).min(1, 'cardId is required.').max(64, 'cardId is not a card id.')
const clientId = z
  .string({ error: 'clientId must be 1 to 64 letters, digits, _ or -.' })
  .regex(CLIENT_ID_PATTERN, 'clientId must be 1 to 64 letters, digits, _ or -.')
  .optional()
const answeredAt = z
  .string({ error: 'answeredAt must be an ISO date and time.' })
  .pipe(z.iso.datetime({ offset: true, error: 'answeredAt must be an ISO date and time.' }))
  .optional()

/** Request bodies of the study-record routes. */
export const studySchemas = {
  createSession: z.object({ totalCards: count('totalCards') }),
  updateSession: z.object({
    correctCount: count('correctCount').optional(),
    incorrectCount: count('incorrectCount').optional(),
    status: z.enum(['in_progress', 'completed'], { error: "status must be 'in_progress' or 'completed'." }).optional(),
  }),
  answer: z
    .object({
      cardId,
      /** The card's prompt that was asked (`f`, `r`, `c1`..`c50`); one the card lacks is refused by the server. */
      prompt: z.string({ error: cardMessages.promptShape }).regex(PROMPT_PATTERN, cardMessages.promptShape).optional().default(DEFAULT_PROMPT),
      correct: z.boolean({ error: 'correct must be true or false.' }),
      mode: z.enum(STUDY_MODES, { error: MODE_MESSAGE }),
      /** How the card was asked; each mode has a default (shared/study/ratings.ts). */
      question: z.enum(QUESTION_KINDS, { error: `question must be one of ${QUESTION_KINDS.join(', ')}.` }).optional(),
      /** right, wrong, or a finer outcome (almost, overruled, after_miss). */
      outcome: z.enum(OUTCOMES, { error: `outcome must be one of ${OUTCOMES.join(', ')}.` }).optional(),
      /** 1 Again, 2 Hard, 3 Good, 4 Easy: wins over the mode's mapping. */
      rating: z
        .number({ error: 'rating must be 1, 2, 3 or 4.' })
        .int('rating must be 1, 2, 3 or 4.')
        .min(1, 'rating must be 1, 2, 3 or 4.')
        .max(4, 'rating must be 1, 2, 3 or 4.')
        .transform((value) => value as 1 | 2 | 3 | 4)
        .optional(),
      clientId,
      /** When the student answered (offline answers): not in the future, at most 30 days old (checked by the server's clock). */
      answeredAt,
      /** A Learn answer's session (POST /api/sets/:id/learning-sessions): the answer counts in it, as PATCH would. */
      sessionId: z
        .string({ error: 'sessionId must be a session id.' })
        .min(1, 'sessionId must be a session id.')
        .max(64, 'sessionId must be a session id.')
        .optional(),
      durationMs: z
        .number({ error: 'durationMs must be a whole number of milliseconds.' })
        .int('durationMs must be a whole number of milliseconds.')
        .min(0, 'durationMs cannot be negative.')
        .max(86_400_000, 'durationMs must be at most a day.')
        .optional(),
    })
    .superRefine((answer, ctx) => {
      const problem = answerProblem(answer)
      if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
      if (answer.sessionId !== undefined && answer.mode !== 'learn')
        ctx.addIssue({ code: 'custom', path: ['sessionId'], message: 'sessionId is only for Learn answers.' })
    }),
  matchResult: z.object({
    timeTaken: count('timeTaken').max(MATCH_MAX_SECONDS, 'timeTaken is too large.'),
    correctMatches: count('correctMatches'),
    incorrectMatches: count('incorrectMatches'),
    /** Sent again with the same id (the offline queue's resend), the result is kept once. */
    clientId,
    /** When the game ended (results sent later from the offline queue): as an answer's answeredAt. */
    answeredAt,
  }),
}

export type CreateSessionInput = z.input<typeof studySchemas.createSession>
export type UpdateSessionInput = z.input<typeof studySchemas.updateSession>
export type AnswerInput = z.input<typeof studySchemas.answer>
export const ANSWER_TIME_MESSAGES = {
  future: 'answeredAt cannot be in the future.',
  tooOld: `answeredAt cannot be more than ${ANSWER_MAX_AGE_DAYS} days ago.`,
} as const
export type MatchResultInput = z.input<typeof studySchemas.matchResult>
