import type { Deps } from '../../deps'
import { forbidden, notFound } from '../../http/errors'
import type { AuthState } from '../auth/auth.service'
import { findSetById, type StudySetWithOwner } from './sets.repo'

export const SET_NOT_FOUND = 'Study set not found'

/**
 * A set the caller may read: public, or their own. Anything else is 404, so a private set's
 * existence is never disclosed.
 */
export async function readableSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySetWithOwner> {
  const set = await findSetById(deps.db, id)
  if (!set || (set.is_public !== 1 && set.owner_id !== auth?.user.id)) throw notFound(SET_NOT_FOUND)
  return set
}

/** A set the caller owns. Someone else's public set is 403 (they can see it); a private one is 404. */
export async function ownedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  const set = await readableSet(deps, id, auth)
  if (set.owner_id !== auth.user.id) throw forbidden()
  return set
}
