import { z } from 'zod'
import { type StripMarkup, pageQuerySchema, textField } from './sets'

import type * as Z from 'zod'
import type * as R from './responses'
import { classMessages } from '#shared/messages'
import { CLASS_NAME_MAX } from '#shared/limits'

/** The API shapes of classes (zod schemas in ./responses.ts). A class as its teacher or one of its students sees it: */
export type Classroom = Z.output<typeof R.classroomSchema>
export type ClassRole = Classroom['role']
/** GET /api/classes/:id: the class with its assigned sets and, for the teacher only, its students. */
export type ClassroomDetail = Z.output<typeof R.classroomDetailSchema>
/** A set as assigned to a class: with the date its students should have studied every card by. */
export type AssignedSet = ClassroomDetail['sets'][number]
/** One student's progress on one assigned set (GET /api/classes/:id/progress, teacher only). */
export type ClassProgressItem = Z.output<typeof R.classProgressItemSchema>
export type ClassProgressResponse = Z.output<(typeof R.responseSchemas)['ClassProgress']>

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
