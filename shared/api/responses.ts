import { z } from 'zod'
import { LOCALES } from '#shared/i18n/locales'
import { TEXT_ENCODINGS, type TextEncodingName } from '#shared/import/encodings'
import { gameResponseSchemas } from './games'

/**
 * The zod schemas of the API's answers: the one definition of each shape. The TypeScript types
 * the code uses are these schemas' outputs (`export type StudySet = z.output<typeof
 * studySetSchema>` beside each feature's request schemas), the route contracts (./contracts/)
 * name them as what a route answers, and the OpenAPI document (`GET /api/openapi.json`) shows
 * them by the names of `responseSchemas` below.
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

export const cardAudioSchema = z.object({
  id: z.string(),
  url: z.string().describe('Where the recording is served: /api/media/{id}.'),
  durationMs: z.number().int().describe('How long it plays, read from the file.'),
})

export const flashcardSchema = z.object({
  id: z.string(),
  term: z.string().describe('May be empty when the side has a picture.'),
  definition: z.string().describe('May be empty when the side has a picture.'),
  position: z.number().int().describe('1-based and dense per set.'),
  created: z.string(),
  termImage: cardImageSchema.nullable().describe("The term side's picture, or null."),
  definitionImage: cardImageSchema.nullable().describe("The definition side's picture, or null."),
  termAudio: cardAudioSchema.nullable().describe("The term side's recording, or null."),
  definitionAudio: cardAudioSchema.nullable().describe("The definition side's recording, or null."),
  kind: z.enum(['basic', 'cloze']).describe("basic (two sides) or cloze (the term holds Anki's {{c1::answer}} deletions; the definition is optional extra)."),
  reverse: z.boolean().describe('A basic card also asked from its definition to its term (prompt r).'),
  prompts: z.array(z.string()).describe('What can be asked of the card (read only): ["f"], ["f", "r"] with reverse, or ["c1", "c2", ...] for a cloze card.'),
  guid: z
    .string()
    .describe("Stable identity (read only): Anki's note guid when the card came from Anki, generated otherwise; .apkg exports use it as the note guid."),
})

export const mediaUploadSchema = z.object({
  id: z.string().describe('The media id a card names in termImage or definitionImage.'),
  url: z.string().describe('Where the picture is served: /api/media/{id}.'),
  type: z.literal('image/webp').describe('Every picture is stored re-encoded as WebP.'),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int().describe('The stored (re-encoded) size.'),
})

export const audioUploadSchema = z.object({
  id: z.string().describe('The media id a card names in termAudio or definitionAudio.'),
  url: z.string().describe('Where the recording is served: /api/media/{id}.'),
  type: z.enum(['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/webm', 'audio/mp4']).describe('The container, as sent (recordings are stored as they are).'),
  durationMs: z.number().int().describe('How long it plays, read from the container.'),
  bytes: z.number().int(),
})

function buildList<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    perPage: z.number().int(),
    totalItems: z.number().int(),
    totalPages: z.number().int(),
  })
}

const lists = new WeakMap<z.ZodType, z.ZodType>()
const listItems = new WeakMap<z.ZodType, z.ZodType>()

/** `{ items, page, perPage, totalItems, totalPages }` of every paged list: one schema per item shape. */
export function listSchema<T extends z.ZodType>(item: T): ReturnType<typeof buildList<T>> {
  const known = lists.get(item)
  if (known) return known as ReturnType<typeof buildList<T>>
  const list = buildList(item)
  lists.set(item, list)
  listItems.set(list, item)
  return list
}

/** The item shape of a list made by `listSchema`, or undefined for any other schema. */
export function listItemOf(schema: z.ZodType): z.ZodType | undefined {
  return listItems.get(schema)
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
] as const

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
  prompt: z.string().describe('The card prompt these counts are of: f, r, or c1..c50.'),
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

/** What an answer did to its card: kept with the answer, and sent again for a resent client id. */
export const answerRecordSchema = z.object({
  cardId: z.string(),
  prompt: z.string().describe('The card prompt answered.'),
  progress: cardProgressSchema.nullable().describe('Null until the card has an answer of a mode that counts toward mastery (Learn, Write, Review, Test).'),
  memory: cardMemorySchema,
})

export const reviewSummarySchema = z.object({
  dueNow: z.number().int(),
  dueToday: z.number().int().describe('Due by the end of the UTC day, including those due now.'),
  reviewedToday: z.number().int(),
  nextDue: z.string().nullable().describe('When the next card falls due after now, or null when none is scheduled.'),
  goal: z.object({ target: z.number().int(), doneToday: z.number().int() }).describe("Today's answers (in the caller's time zone) toward the daily goal."),
})

/** The answer of POST /api/sets/:id/answers: what it did to the card, to its Learn session, and the due counts after it. */
export const answerResultSchema = answerRecordSchema.extend({
  session: learningSessionSchema.nullable().describe("The answer's Learn session after it (with `sessionId`), else null."),
  summary: reviewSummarySchema.describe('The due counts after the answer (as GET /api/review/summary).'),
})

export const dueItemSchema = z.object({
  card: flashcardSchema,
  prompt: z.string().describe('The card prompt that is due: ask it as the card prompts say (f, r, cN).'),
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
  dailyGoal: z.number().int().describe('Answers a day the student aims for (0 to 1000, default 20).'),
  timeZone: z.string().describe('IANA time zone the days of streaks, the goal and reminders are counted in (default UTC).'),
  reminderEmail: z.number().int().nullable().describe('The hour (0-23, in timeZone) of the reminder email; null: off.'),
  locale: z
    .enum(LOCALES)
    .nullable()
    .describe("The interface language the user chose; null: automatic. Error messages and emails use it, else the request's Accept-Language, else English."),
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
  streak: z.object({ current: z.number().int(), longest: z.number().int() }).describe("Days in a row with at least one answer, in the caller's time zone."),
  goal: z.object({ target: z.number().int(), doneToday: z.number().int() }).describe("Today's answers toward the daily goal."),
  activity: z
    .array(z.object({ day: z.string(), reviews: z.number().int() }))
    .describe("Answers per day of the last 365 days in the caller's time zone, oldest first."),
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

const previewCardSchema = z.object({
  term: z.string(),
  definition: z.string(),
  termImage: z.string().nullable().describe("A media id (the picture, kept as the caller's draft until the import is confirmed), or null."),
  definitionImage: z.string().nullable(),
  termAudio: z.string().nullable().describe("A media id (a recording, kept as the caller's draft until the import is confirmed), or null."),
  definitionAudio: z.string().nullable(),
  kind: z.enum(['basic', 'cloze']).describe('cloze for an Anki cloze note kept as one card (its term holds the deletions), else basic.'),
  reverse: z.boolean().describe('An Anki reversed note ("Basic (and reversed card)", or the optional one with its third field filled).'),
  guid: z
    .string()
    .nullable()
    .describe("Stable identity (issue 27): the Anki note's guid, a text file's guid column, a JSON export's guid; null when the file has none."),
  action: z
    .enum(['add', 'update', 'same'])
    .optional()
    .describe('With setId: what POST /api/sets/:id/cards/import would do to this card, matched by guid (add, update, or same content).'),
})

export const previewSetSchema = z.object({
  title: z.string(),
  tags: z.string().describe("Comma-separated, upper-cased, the set's tag rules already applied."),
  total: z.number().int().describe('How many cards the set has (every card is returned).'),
  cards: z.array(previewCardSchema),
})

export const previewProblemSchema = z.object({
  line: z.number().int().nullable().describe('The line (text files) or note (Anki packages) number, 1-based; null for the file as a whole.'),
  message: z.string().describe('Ready to show, with its line or note: "line 14: no definition, skipped".'),
})

export const importPreviewSchema = z.object({
  format: z.enum(['apkg', 'colpkg', 'csv', 'json', 'text']),
  sets: z.array(previewSetSchema),
  problems: z.array(previewProblemSchema),
  matchingSets: z
    .array(z.object({ id: z.string(), title: z.string(), matching: z.number().int().describe('How many previewed cards have a guid of this set.') }))
    .optional()
    .describe("The caller's sets already holding cards of this file (by guid), most matching first: the dialog offers to update one."),
  actions: z
    .object({ setId: z.string(), add: z.number().int(), update: z.number().int(), same: z.number().int() })
    .optional()
    .describe('With setId: how many cards importing into that set would add, update and leave the same.'),
  encoding: z
    .enum(Object.keys(TEXT_ENCODINGS) as [TextEncodingName, ...TextEncodingName[]])
    .nullable()
    .optional()
    .describe('The encoding a text file was read in (detected, or the one asked for); null for packages and pasted text.'),
  html: z
    .boolean()
    .nullable()
    .optional()
    .describe(
      'Whether the fields were read as HTML (line breaks for <br> and block ends, entities decoded, other tags dropped): as asked, else as detected; null for packages and JSON.',
    ),
})

/** What the server refuses in an import (issue 27): the import dialog shows these, not numbers of its own. */
export const importLimitsSchema = z.object({
  packageBytes: z.number().int().describe('Largest Anki package upload (IMPORT_MAX_PACKAGE_MB).'),
  textFileBytes: z.number().int().describe('Largest text file (.csv, .tsv, .txt, .json): 5 MB.'),
  unpackedBytes: z.number().int().describe("A package's unpacked size (IMPORT_MAX_UNPACKED_MB)."),
  files: z.number().int().describe('Files (media included) in a package (IMPORT_MAX_ENTRIES).'),
  notes: z.number().int().describe('Notes in a package (IMPORT_MAX_NOTES).'),
  cardsPerSet: z.number().int().describe('Cards per set: a larger deck is split or cut.'),
  mediaQuotaBytes: z.number().int().describe('Stored pictures and recordings per user (MEDIA_QUOTA_MB).'),
  audioSeconds: z.number().int().describe('Longest recording (MEDIA_MAX_AUDIO_SECONDS).'),
  timeoutSeconds: z.number().int().describe('Time a file may take to read (IMPORT_TIMEOUT_SECONDS).'),
})

export const matchResultSchema = z.object({
  id: z.string(),
  timeTaken: z.number().int(),
  correctMatches: z.number().int(),
  incorrectMatches: z.number().int(),
  created: z.string(),
})

export const bestMatchTimeSchema = z.object({
  bestTime: z.number().int().nullable().describe("The caller's fastest finished game on the set, in seconds; null before the first."),
})

export const starsSchema = z.object({ cardIds: z.array(z.string()).describe('The cards of the set the caller starred.') })

export const createdSchema = z.object({ id: z.string() })

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable().describe('The folder it is in, or null at the top.'),
  setCount: z.number().int().describe('Sets directly in the folder.'),
})
export const folderDetailSchema = folderSchema.extend({
  folders: z.array(folderSchema).describe('Its sub-folders.'),
  sets: z.array(studySetSchema).describe('Its sets the caller may still read.'),
})
export const folderCardSchema = flashcardSchema.extend({ setId: z.string().describe("The card's own set (answers are recorded on it).") })
export const studyOptionsResponseSchema = z.object({
  shuffle: z.boolean(),
  starredOnly: z.boolean(),
  answerWith: z.enum(['definition', 'term', 'both']),
  learnQuestionTypes: z.array(z.enum(['multiple_choice', 'true_false', 'written'])),
  testQuestionTypes: z.array(z.enum(['multiple_choice', 'true_false', 'written', 'matching'])),
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
  Folder: folderSchema,
  Folders: z.object({ items: z.array(folderSchema).describe("The caller's folders, every level, by name.") }),
  FolderDetail: folderDetailSchema,
  FolderCard: folderCardSchema,
  FolderCardList: listSchema(folderCardSchema),
  StudyOptions: studyOptionsResponseSchema,
  MatchResult: matchResultSchema,
  BestMatchTime: bestMatchTimeSchema,
  MediaUpload: mediaUploadSchema,
  AudioUpload: audioUploadSchema,
  StoredMedia: z.union([mediaUploadSchema, audioUploadSchema]).describe('A picture (image/webp) or a recording (an audio type).'),
  ImportIntoSetResult: z.object({
    added: z.number().int().describe("Cards added after the set's (no guid, or one the set does not have)."),
    updated: z.number().int().describe('Cards whose guid matched and whose content changed: updated in place, memory and progress kept.'),
    unchanged: z.number().int().describe('Cards whose guid matched and whose content was the same.'),
  }),
  Stars: starsSchema,
  Created: createdSchema,
  ImportPreview: importPreviewSchema,
  ImportLimits: importLimitsSchema,
  DueItemList: listSchema(dueItemSchema),
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
