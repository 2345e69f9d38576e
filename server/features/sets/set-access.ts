import type { Deps } from '../../deps'
import { forbidden, notFound } from '../../http/errors'
import type { AuthState } from '../auth/sessions.service'
import { findSetById, type StudySetWithOwner } from './sets.repo'

export const SET_NOT_FOUND = 'Study set not found'

/** The one reading rule: a set is readable when it is public or the caller's own. */
export function canRead(set: { is_public: number; owner_id: string }, auth: AuthState | undefined): boolean {
  return set.is_public === 1 || set.owner_id === auth?.user.id
}

/**
 * A set the caller may read: public, or their own. Anything else is 404, so a private set's
 * existence is never disclosed.
 */
export async function readableSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySetWithOwner> {
  const set = await findSetById(deps.db, id)
  if (!set || !canRead(set, auth)) throw notFound(SET_NOT_FOUND)
  return set
}

/** A set the caller owns. Someone else's public set is 403 (they can see it); a private one is 404. */
export async function ownedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  const set = await readableSet(deps, id, auth)
  if (set.owner_id !== auth.user.id) throw forbidden()
  return set
}
