import { z } from 'zod'
import type { ClassProgressResponse, Classroom, ClassroomDetail } from './classes'
import type { ContactResponse } from './contact'
import { gameResponseSchemas } from './games'
import type { CardImage, MediaUpload } from './media'
import type { ErrorBody, ErrorCode } from './errors'
import type { AnswerResponse, CardMemoryView, DueItem, MemorySettings, MemoryStats, ReviewSummary } from './memory'
import type { Flashcard, ListResponse, StudySet, TagsResponse } from './sets'
import type { CardProgress, LearningSession, ProgressResponse } from './study'
import type { AuthResponse, PublicUser, User, UserResponse } from './users'

/**
 * Zod schemas of the API's main answers, for the OpenAPI document (`GET /api/openapi.json`). The
 * TypeScript interfaces beside each shape stay the types the code uses; the `Same` checks at the
 * bottom fail to compile when a schema and its interface drift apart.
 */

const plan = z.object({ id: z.string(), name: z.string() })

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().optional().describe('Present only when the user reads their own record.'),
  verified: z.boolean(),
  plan,
  created: z.string().describe('ISO 8601 time'),
  updated: z.string().describe('ISO 8601 time'),
})

export const publicUserSchema = z.object({ id: z.string(), username: z.string() })

export const studySetSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.string().describe('Comma-separated, upper-cased tags, each at most 10 characters.'),
  isPublic: z.boolean(),
  cardCount: z.number().int(),
  owner: publicUserSchema.nullable().describe("Null only if the owner's account is gone."),
  created: z.string(),
  updated: z.string(),
  termLanguage: z.string().nullable().describe('BCP 47 tag the terms are read aloud in, or null.'),
  definitionLanguage: z.string().nullable().describe('BCP 47 tag the definitions are read aloud in, or null.'),
  copiedFromSetId: z.string().nullable().describe('The set this one was saved as a copy of, or null.'),
})

export const cardImageSchema = z.object({
  id: z.string(),
  url: z.string().describe('Where the picture is served: /api/media/{id}.'),
  width: z.number().int(),
  height: z.number().int(),
})

export const flashcardSchema = z.object({
  id: z.string(),
  term: z.string().describe('May be empty when the side has a picture.'),
  definition: z.string().describe('May be empty when the side has a picture.'),
  position: z.number().int().describe('1-based and dense per set.'),
  created: z.string(),
  termImage: cardImageSchema.nullable().describe("The term side's picture, or null."),
  definitionImage: cardImageSchema.nullable().describe("The definition side's picture, or null."),
})

export const mediaUploadSchema = z.object({
  id: z.string().describe('The media id a card names in termImage or definitionImage.'),
  url: z.string().describe('Where the picture is served: /api/media/{id}.'),
  type: z.literal('image/webp').describe('Every picture is stored re-encoded as WebP.'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe('The stored (re-encoded) size.'),
})

/** `{ items, page, perPage, totalItems, totalPages }` of every paged list. */
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    perPage: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  })
}

export const errorCodes = [
  'invalid_input',
  'unauthenticated',
  'unverified',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const satisfies readonly ErrorCode[]

export const errorBodySchema = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional().describe("Only where a field is at fault: the field's message."),
  }),
})

export const learningSessionSchema = z.object({
  id: z.string(),
  status: z.enum(['in_progress', 'completed']),
  startTime: z.string(),
  endTime: z.string().nullable(),
  totalCards: z.number().int(),
  correctCount: z.number().int(),
  incorrectCount: z.number().int(),
})

export const cardProgressSchema = z.object({
  cardId: z.string(),
  correct: z.number().int(),
  incorrect: z.number().int(),
  attempts: z.number().int(),
  masteryRate: z.number().describe('correct / attempts, from 0 to 1.'),
  status: z.enum(['mastered', 'learning', 'needs_review']),
  lastReviewed: z.string(),
})

export const cardMemorySchema = z.object({
  due: z.string().describe('When the card is next due (ISO time).'),
  stability: z.number().describe('Days until predicted recall falls to 90%.'),
  difficulty: z.number().describe('1 (easy) to 10 (hard).'),
  retrievability: z.number().describe('Predicted chance of recall now, 0 to 1.'),
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string(),
})

export const progressItemSchema = cardProgressSchema.extend({
  memory: cardMemorySchema.nullable().describe("The card's memory (FSRS), or null before its first answer."),
})

export const answerResultSchema = z.object({
  cardId: z.string(),
  progress: cardProgressSchema.nullable().describe('Null until the card has an answer of a mode that counts toward mastery (Learn, Write, Review, Test).'),
  memory: cardMemorySchema,
})

export const reviewSummarySchema = z.object({
  dueNow: z.number().int(),
  dueToday: z.number().int().describe('Due by the end of the UTC day, including those due now.'),
  reviewedToday: z.number().int(),
  nextDue: z.string().nullable().describe('When the next card falls due after now, or null when none is scheduled.'),
})

export const dueItemSchema = z.object({
  card: flashcardSchema,
  set: z.object({ id: z.string(), title: z.string(), termLanguage: z.string().nullable(), definitionLanguage: z.string().nullable() }),
  due: z.string(),
  retrievability: z.number().describe('Predicted chance of recall now, 0 to 1.'),
})

export const memorySettingsSchema = z.object({
  desiredRetention: z.number().describe('0.80 to 0.97: the chance of recall at which a card falls due.'),
  parameters: z.enum(['personal', 'default']),
  parametersFittedAt: z.string().nullable(),
  reviewCount: z.number().int(),
  reviewsForPersonalParameters: z.number().int(),
})

export const memoryStatsSchema = z.object({
  reviewsPerDay: z.array(z.object({ day: z.string(), reviews: z.number().int(), correct: z.number().int() })),
  dueForecast: z.array(z.object({ day: z.string(), due: z.number().int() })).describe('Today (with every overdue card) and the 13 days after.'),
  retention: z.number().nullable().describe("Predicted recall now, averaged over the caller's reviewed cards; null with none."),
  sets: z
    .array(
      z.object({
        setId: z.string(),
        title: z.string(),
        cardCount: z.number().int(),
        mastered: z.number().int(),
        learning: z.number().int(),
        needsReview: z.number().int(),
      }),
    )
    .describe('Mastery of each set the caller answered cards of and may still read, by title.'),
})

export const classroomSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: publicUserSchema.describe('The teacher.'),
  memberCount: z.number().int().describe('Students in the class (the teacher is not counted).'),
  role: z.enum(['teacher', 'student']).describe("The caller's role in the class."),
  joinCode: z.string().optional().describe('Only for the teacher: 8 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ; the join link is /classes/join/{joinCode}.'),
  created: z.string(),
  updated: z.string(),
})

export const classroomDetailSchema = classroomSchema.extend({
  sets: z
    .array(studySetSchema.extend({ dueAt: z.string().nullable().describe('When the students should have studied every card by (ISO time), or null.') }))
    .describe('The assigned sets, most recently assigned first.'),
  members: z.array(publicUserSchema).optional().describe('Only for the teacher: the students, by username (never their emails).'),
})

export const classProgressItemSchema = z.object({
  userId: z.string(),
  username: z.string(),
  setId: z.string(),
  setTitle: z.string(),
  cardCount: z.number().int(),
  studied: z.number().int().describe('Cards of the set the student answered at least once, in any mode.'),
  mastered: z.number().int(),
  learning: z.number().int(),
  needsReview: z.number().int(),
  dueToday: z.number().int(),
  lastStudied: z.string().nullable(),
  finishedByDue: z.boolean().nullable().describe("With the set's due date: whether the student had answered every card of it by then; null without one."),
})

/** Every answer shape the OpenAPI document names, by its component name. */
export const responseSchemas = {
  User: userSchema,
  PublicUser: publicUserSchema,
  UserResponse: z.object({ user: userSchema }),
  AuthResponse: z.object({ token: z.string(), user: userSchema }),
  StudySet: studySetSchema,
  StudySetList: listSchema(studySetSchema),
  Flashcard: flashcardSchema,
  FlashcardList: listSchema(flashcardSchema),
  Tags: z.object({ tags: z.array(z.string()) }),
  LearningSession: learningSessionSchema,
  CardProgress: cardProgressSchema,
  Progress: z.object({ items: z.array(progressItemSchema) }),
  AnswerResult: answerResultSchema,
  ReviewSummary: reviewSummarySchema,
  DueItem: dueItemSchema,
  MemorySettings: memorySettingsSchema,
  MemoryStats: memoryStatsSchema,
  MatchResult: z.object({
    id: z.string(),
    timeTaken: z.number().int(),
    correctMatches: z.number().int(),
    incorrectMatches: z.number().int(),
    created: z.string(),
  }),
  BestMatchTime: z.object({
    bestTime: z.number().int().nullable().describe("The caller's fastest finished game on the set, in seconds; null before the first."),
  }),
  MediaUpload: mediaUploadSchema,
  Stars: z.object({ cardIds: z.array(z.string()).describe('The cards of the set the caller starred.') }),
  Created: z.object({ id: z.string() }),
  Health: z.object({
    status: z.enum(['ok', 'unavailable']).describe('`ok` when the server can serve requests; `unavailable` (503) while it cannot reach its database.'),
    version: z.string(),
    database: z.enum(['sqlite', 'postgres']).describe('The database the server runs on.'),
    databaseUp: z.boolean().describe('Whether the database answered a query just now.'),
  }),
  Classroom: classroomSchema,
  ClassroomList: listSchema(classroomSchema),
  ClassroomDetail: classroomDetailSchema,
  ClassProgress: z.object({ items: z.array(classProgressItemSchema) }),
  ...gameResponseSchemas,
  Error: errorBodySchema,
}

export type ResponseSchemaName = keyof typeof responseSchemas

/** Compiles only when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Check<T extends true> = T
export type ResponseSchemaChecks = [
  Check<Same<z.output<typeof userSchema>, User>>,
  Check<Same<z.output<typeof publicUserSchema>, PublicUser>>,
  Check<Same<z.output<(typeof responseSchemas)['UserResponse']>, UserResponse>>,
  Check<Same<z.output<(typeof responseSchemas)['AuthResponse']>, AuthResponse>>,
  Check<Same<z.output<typeof studySetSchema>, StudySet>>,
  Check<Same<z.output<(typeof responseSchemas)['StudySetList']>, ListResponse<StudySet>>>,
  Check<Same<z.output<typeof flashcardSchema>, Flashcard>>,
  Check<Same<z.output<typeof cardImageSchema>, CardImage>>,
  Check<Same<z.output<typeof mediaUploadSchema>, MediaUpload>>,
  Check<Same<z.output<(typeof responseSchemas)['Tags']>, TagsResponse>>,
  Check<Same<z.output<typeof learningSessionSchema>, LearningSession>>,
  Check<Same<z.output<typeof cardProgressSchema>, CardProgress>>,
  Check<Same<z.output<(typeof responseSchemas)['Progress']>, ProgressResponse>>,
  Check<Same<z.output<(typeof responseSchemas)['Created']>, ContactResponse>>,
  Check<Same<z.output<typeof errorBodySchema>, ErrorBody>>,
  Check<Same<z.output<typeof cardMemorySchema>, CardMemoryView>>,
  Check<Same<z.output<typeof answerResultSchema>, AnswerResponse>>,
  Check<Same<z.output<typeof reviewSummarySchema>, ReviewSummary>>,
  Check<Same<z.output<typeof dueItemSchema>, DueItem>>,
  Check<Same<z.output<typeof memorySettingsSchema>, MemorySettings>>,
  Check<Same<z.output<typeof memoryStatsSchema>, MemoryStats>>,
  Check<Same<z.output<typeof classroomSchema>, Classroom>>,
  Check<Same<z.output<typeof classroomDetailSchema>, ClassroomDetail>>,
  Check<Same<z.output<(typeof responseSchemas)['ClassProgress']>, ClassProgressResponse>>,
]
