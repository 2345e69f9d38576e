import type { ExpressionBuilder } from 'kysely'
import type { DB } from '#server/db/database'
import type { Database } from '#server/db/schema'
import type { Deps } from '#server/deps'
import { forbidden, notFound } from '#server/http/errors'
import type { AuthState } from '#server/features/auth/sessions.service'
import { assignedToClassOf, isAssignedToClassOf } from '#server/features/classes/classes.repo'
import { findSetById, lockSet, type StudySetWithOwner } from './sets.repo'

export const SET_NOT_FOUND = 'Study set not found'

/**
 * The one reading rule: a set is readable when it is public, the caller's own, or assigned to a
 * class the caller is a student of (issue 20). Only the last needs a query, so it runs only for
 * a private set of someone else.
 */
export async function canRead(db: DB, setId: string, set: { is_public: number; owner_id: string }, auth: AuthState | undefined): Promise<boolean> {
  if (set.is_public === 1 || set.owner_id === auth?.user.id) return true
  return auth !== undefined && isAssignedToClassOf(db, setId, auth.user.id)
}

/**
 * The same rule as a condition on `study_sets` rows, for queries over many sets (lists of cards
 * or pictures across sets): `.where((eb) => readableBy(eb, auth))`.
 */
export function readableBy(eb: ExpressionBuilder<Database, 'study_sets'>, auth: AuthState | undefined) {
  if (!auth) return eb('study_sets.is_public', '=', 1)
  return eb.or([eb('study_sets.is_public', '=', 1), eb('study_sets.owner_id', '=', auth.user.id), assignedToClassOf(eb, auth.user.id)])
}

/**
 * A set the caller may read. Anything else is 404, so a private set's existence is never
 * disclosed.
 */
export async function readableSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySetWithOwner> {
  const set = await findSetById(deps.db, id)
  if (!set || !(await canRead(deps.db, id, set, auth))) throw notFound(SET_NOT_FOUND)
  return set
}

/**
 * `ownedSet` for a change, inside the caller's transaction (`deps.db`): the set's row is locked
 * first, so the set read is the newest and no other change of it or its cards runs meanwhile.
 */
export async function lockedOwnedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  await lockSet(deps.db, id)
  return ownedSet(deps, id, auth)
}

/**
 * A set the caller owns. A set they may read but do not own (someone else's public set, or one
 * assigned to their class) is 403; one they may not read is 404.
 */
export async function ownedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  const set = await readableSet(deps, id, auth)
  if (set.owner_id !== auth.user.id) throw forbidden()
  return set
}
