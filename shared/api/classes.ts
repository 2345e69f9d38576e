import { z } from 'zod'
import { type StripMarkup, type StudySet, pageQuerySchema, textField } from './sets'
import type { PublicUser } from './users'

/** The API shapes of classes (api.md, "Additions for the next capabilities" > Classes). */
export type ClassRole = 'teacher' | 'student'

/** A class as its teacher or one of its students sees it. */
export interface Classroom {
  id: string
  name: string
  owner: PublicUser
  /** Students in the class (the teacher is not counted). */
  memberCount: number
  /** The caller's role in the class. */
  role: ClassRole
  /** Only for the teacher: the code students join with (also in the link `joinLinkPath(code)`). */
  joinCode?: string
  created: string
  updated: string
}

/** A set as assigned to a class: with the date its students should have studied every card by. */
export interface AssignedSet extends StudySet {
  /** ISO time, or null for no due date. */
  dueAt: string | null
}

/** GET /api/classes/:id: the class with its assigned sets and, for the teacher only, its students. */
export interface ClassroomDetail extends Classroom {
  /** The assigned sets, most recently assigned first. */
  sets: AssignedSet[]
  /** Only for the teacher: the students, by username. Never their emails. */
  members?: PublicUser[]
}

/**
 * One student's progress on one assigned set (GET /api/classes/:id/progress, teacher only). The
 * card counts follow the spec's mastery rule (shared/study/mastery.ts) over the student's answers.
 */
export interface ClassProgressItem {
  userId: string
  username: string
  setId: string
  /** Extra to the contract: the set's title and its number of cards, for the table and the CSV. */
  setTitle: string
  cardCount: number
  /** Cards of the set the student answered at least once, in any mode. */
  studied: number
  mastered: number
  learning: number
  needsReview: number
  /** Cards of the set due for review today by the student's memory schedule. */
  dueToday: number
  /** The student's last answer on the set, or null if never studied. */
  lastStudied: string | null
  /** With a due date: whether the student had answered every card of the set by then; null without one. */
  finishedByDue: boolean | null
}

export interface ClassProgressResponse {
  items: ClassProgressItem[]
}

/** Class name limit: like a set title, a little longer for names such as 'Biology 7B, spring term'. */
export const CLASS_NAME_MAX = 60

/**
 * Join codes: 8 characters of a 31-character alphabet (digits and upper-case letters without the
 * look-alikes 0/O, 1/I/L), about 40 bits: guessing one takes hundreds of billions of tries, and
 * failed joins are rate-limited per address. Typed in any case, with spaces or dashes.
 */
export const JOIN_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const JOIN_CODE_LENGTH = 8

/** The code as stored: upper-case, without the spaces and dashes people type or paste. */
export function normalizeJoinCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase()
}

/** The web route a join link opens (the renderer's page joins with the code in it). */
export function joinLinkPath(code: string): string {
  return `/classes/join/${encodeURIComponent(code)}`
}

export const classMessages = {
  notFound: 'Class not found',
  memberNotFound: 'Student not found in this class',
  codeRequired: 'Join code is required.',
  codeUnknown: 'No class has this join code. Check it with your teacher.',
  teacherCannotLeave: 'A teacher cannot leave their own class. Delete the class instead.',
  setIdRequired: 'setId is required.',
  setNotAssigned: 'This set is not assigned to the class.',
  dueAt: 'dueAt must be a date and time (ISO 8601), or null.',
} as const

const setId = z.string({ error: classMessages.setIdRequired }).min(1, classMessages.setIdRequired).max(64, 'setId is not a set id.')

/** The request schemas of the class routes, built around a markup stripper (as the set schemas are). */
export function createClassSchemas(strip: StripMarkup) {
  const name = textField(strip, { label: 'Name', max: CLASS_NAME_MAX, required: true })
  return {
    createClass: z.object({ name }),
    updateClass: z.object({
      name: name.optional(),
      regenerateCode: z.boolean({ error: 'regenerateCode must be true or false.' }).optional(),
    }),
    joinClass: z.object({
      code: z
        .string({ error: classMessages.codeRequired })
        .max(64, classMessages.codeUnknown)
        .transform(normalizeJoinCode)
        .pipe(z.string().min(1, classMessages.codeRequired)),
    }),
    /** Assigning again changes nothing but the due date, when one (or null) is sent. */
    assignSet: z.object({
      setId,
      dueAt: z.iso
        .datetime({ offset: true, error: classMessages.dueAt })
        .transform((value) => new Date(value).toISOString())
        .nullable()
        .optional(),
    }),
  }
}

export type ClassSchemas = ReturnType<typeof createClassSchemas>
export type CreateClassInput = z.input<ClassSchemas['createClass']>
export type UpdateClassInput = z.input<ClassSchemas['updateClass']>
export type JoinClassInput = z.input<ClassSchemas['joinClass']>
export type AssignSetInput = z.input<ClassSchemas['assignSet']>

/** GET /api/classes: the caller's classes, paged like every list. */
export const classListQuerySchema = pageQuerySchema

/** GET /api/classes/:id/progress: JSON by default, `format=csv` for a spreadsheet. */
export const classProgressQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv.' }).optional().default('json'),
})
