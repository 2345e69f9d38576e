import { type ClassRole } from '#shared/api/classes'
import type { DB } from '#server/db/database'
import { conflict, forbidden, notFound } from '#server/http/errors'
import { isClassMember } from './access.repo'
import type { AuthState } from './caller'
import { requireOwnSet } from './sets'
import { classMessages } from '#shared/messages'

/**
 * A class (as the caller loaded it) and the caller's role in it: its teacher and its students see
 * it. Anyone else gets 404, as for a private set, so a class's existence is not disclosed.
 */
export async function requireClassRole<T extends { id: string; owner_id: string }>(
  db: DB,
  row: T | undefined,
  auth: AuthState,
): Promise<{ row: T; role: ClassRole }> {
  if (!row) throw notFound(classMessages.notFound)
  if (row.owner_id === auth.user.id) return { row, role: 'teacher' }
  if (await isClassMember(db, row.id, auth.user.id)) return { row, role: 'student' }
  throw notFound(classMessages.notFound)
}

/** What only the teacher may do: a student of the class gets 403 (they know it exists). */
export function requireTeacher(role: ClassRole): void {
  if (role !== 'teacher') throw forbidden()
}

/**
 * Who may remove a student: the teacher anyone; a student only themselves (`self`), which is
 * leaving. The teacher cannot leave their own class (409).
 */
export function requireMayRemoveMember(role: ClassRole, self: boolean): void {
  if (self && role === 'teacher') throw conflict(undefined, classMessages.teacherCannotLeave)
  if (!self && role !== 'teacher') throw forbidden()
}

/**
 * A set a teacher may assign to their class: only one they own. Someone else's set is 404 even
 * when public: a teacher hands out only what they own.
 */
export function requireAssignableSet<T extends { owner_id: string }>(set: T | undefined, auth: AuthState): T {
  return requireOwnSet(set, auth)
}
