import { z } from 'zod'
import { DAILY_GOAL, DEFAULT_PAGE_SIZE, FOLDER_NAME_MAX, MAX_PAGE_SIZE, STUDY_TOGETHER_MAX_SETS } from '#shared/limits'
import { habitMessages } from '#shared/messages'
import type * as R from './responses'

/** The API shapes of goals, streaks, reminders, folders and study options (api.md, "Habits and organisation"). */

/** A folder of the caller's: `setCount` counts the sets directly in it. */
export type Folder = z.output<typeof R.folderSchema>

/** GET /api/folders/:id: the folder, its sub-folders and the sets in it the caller may still read. */
export type FolderDetail = z.output<typeof R.folderDetailSchema>

/** One card of GET /api/folders/:id/cards (or of several sets studied together): the card and its own set. */
export type FolderCard = z.output<typeof R.folderCardSchema>

export const LEARN_QUESTION_TYPES = ['multiple_choice', 'true_false', 'written'] as const
export const TEST_QUESTION_TYPES = ['multiple_choice', 'true_false', 'written', 'matching'] as const
export const ANSWER_WITH = ['definition', 'term', 'both'] as const
export type AnswerWith = (typeof ANSWER_WITH)[number]

/** A student's study options of one set, kept per set (GET and PATCH /api/sets/:id/study-options). */
export type StudyOptions = z.output<typeof R.studyOptionsResponseSchema>

/** The options of a set the student never changed ("Answer with" both, as every mode asks by default since issue 26; Learn asks multiple choice, as it always has). */
export const DEFAULT_STUDY_OPTIONS: StudyOptions = {
  shuffle: false,
  starredOnly: false,
  answerWith: 'both',
  learnQuestionTypes: ['multiple_choice'],
  testQuestionTypes: ['multiple_choice', 'true_false', 'written', 'matching'],
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const folderName = z
  .string({ error: habitMessages.folderNameRequired })
  .trim()
  .min(1, habitMessages.folderNameRequired)
  .max(FOLDER_NAME_MAX, habitMessages.folderNameLength)
const id = (label: string) =>
  z
    .string({ error: `${label} must be an id.` })
    .min(1, `${label} must be an id.`)
    .max(64, `${label} must be an id.`)
const pageNumber = (label: string, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : Number(value)))
    .pipe(
      z
        .number({ error: `${label} must be a whole number.` })
        .int(`${label} must be a whole number.`)
        .min(1, `${label} must be at least 1.`)
        .max(max, `${label} must be at most ${max}.`),
    )

const typeList = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z
    .array(z.enum(values, { error: `${label} must be some of ${values.join(', ')}.` }), { error: `${label} must be a list.` })
    .min(1, `${label} needs at least one question type.`)
    .max(values.length, `${label} lists a type twice.`)
    .refine((list) => new Set(list).size === list.length, `${label} lists a type twice.`)

export const studyOptionsSchema = z.object({
  shuffle: z.boolean({ error: 'shuffle must be true or false.' }),
  starredOnly: z.boolean({ error: 'starredOnly must be true or false.' }),
  answerWith: z.enum(ANSWER_WITH, { error: `answerWith must be one of ${ANSWER_WITH.join(', ')}.` }),
  learnQuestionTypes: typeList('learnQuestionTypes', LEARN_QUESTION_TYPES),
  testQuestionTypes: typeList('testQuestionTypes', TEST_QUESTION_TYPES),
})

export const habitSchemas = {
  /** PATCH /api/users/me/settings: any subset (desiredRetention's rule is memory's, added there). */
  settingsFields: {
    dailyGoal: z
      .number({ error: 'dailyGoal must be a whole number.' })
      .int('dailyGoal must be a whole number.')
      .min(DAILY_GOAL.min, `dailyGoal must be between ${DAILY_GOAL.min} and ${DAILY_GOAL.max}.`)
      .max(DAILY_GOAL.max, `dailyGoal must be between ${DAILY_GOAL.min} and ${DAILY_GOAL.max}.`),
    timeZone: z.string({ error: habitMessages.timeZoneInvalid }).max(64, habitMessages.timeZoneInvalid).refine(isTimeZone, habitMessages.timeZoneInvalid),
    reminderEmail: z
      .number({ error: 'reminderEmail must be null or an hour from 0 to 23.' })
      .int('reminderEmail must be null or an hour from 0 to 23.')
      .min(0, 'reminderEmail must be null or an hour from 0 to 23.')
      .max(23, 'reminderEmail must be null or an hour from 0 to 23.')
      .nullable(),
  },
  /** POST /api/folders */
  createFolder: z.object({ name: folderName, parentId: id('parentId').nullable().optional() }),
  /** PATCH /api/folders/:id */
  updateFolder: z.object({ name: folderName.optional(), parentId: id('parentId').nullable().optional() }),
  /** GET /api/folders/:id/cards and GET /api/study-together/cards */
  cardsQuery: z.object({
    page: pageNumber('page', 1_000_000, 1),
    perPage: pageNumber('perPage', MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  }),
  /** GET /api/study-together/cards?setIds=a,b,c */
  togetherQuery: z.object({
    setIds: z
      .string({ error: 'setIds must list set ids, separated by commas.' })
      .transform((value) => [...new Set(value.split(',').filter((part) => part !== ''))])
      .pipe(
        z
          .array(z.string().max(64, 'setIds must list set ids, separated by commas.'))
          .min(1, 'setIds must list set ids, separated by commas.')
          .max(STUDY_TOGETHER_MAX_SETS, `setIds may list at most ${STUDY_TOGETHER_MAX_SETS} sets.`),
      ),
    page: pageNumber('page', 1_000_000, 1),
    perPage: pageNumber('perPage', MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  }),
  /** PATCH /api/sets/:id/study-options: any subset; the rest stay as they are. */
  studyOptions: studyOptionsSchema.partial(),
  /** POST /api/reminders/unsubscribe?token= */
  unsubscribeQuery: z.object({
    token: z.string({ error: habitMessages.reminderTokenInvalid }).min(1, habitMessages.reminderTokenInvalid).max(200, habitMessages.reminderTokenInvalid),
  }),
}

export type CreateFolderInput = z.input<typeof habitSchemas.createFolder>
export type UpdateFolderInput = z.input<typeof habitSchemas.updateFolder>
