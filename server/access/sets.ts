import type { ExpressionBuilder } from 'kysely'
import { apiMessages } from '#shared/messages'
import type { DB } from '#server/db/database'
import type { Database } from '#server/db/schema'
import { forbidden, notFound } from '#server/http/errors'
import { assignedToClassOf, findCardOfSet, findSetVisibility, isAssignedToClassOf } from './access.repo'
import type { AuthState } from './caller'

/** What the set rules read of a set: who owns it and whether it is public. */
export interface SetVisibility {
  owner_id: string
  is_public: number
}

/**
 * The one reading rule: a set is readable when it is public, the caller's own, or assigned to a
 * class the caller is a student of (issue 20). Only the last needs a query, so it runs only for
 * a private set of someone else.
 */
export async function canRead(db: DB, setId: string, set: SetVisibility, auth: AuthState | undefined): Promise<boolean> {
  if (set.is_public === 1 || set.owner_id === auth?.user.id) return true
  return auth !== undefined && isAssignedToClassOf(db, setId, auth.user.id)
}

/**
 * The same rule as a condition on `study_sets` rows, for queries over many sets (due cards, stats,
 * the review log): `.where((eb) => readableBy(eb, userId))`. `tests/api/access-rules.test.ts` checks
 * that it and `canRead` agree.
 */
export function readableBy(eb: ExpressionBuilder<Database, 'study_sets'>, userId: string | undefined) {
  if (userId === undefined) return eb('study_sets.is_public', '=', 1)
  return eb.or([eb('study_sets.is_public', '=', 1), eb('study_sets.owner_id', '=', userId), assignedToClassOf(eb, userId)])
}

/**
 * The set (as the caller loaded it) when the caller may read it. Anything else is 404, so a private
 * set's existence is never disclosed.
 */
export async function requireReadableSet<T extends SetVisibility>(db: DB, setId: string, set: T | undefined, auth: AuthState | undefined): Promise<T> {
  if (!set || !(await canRead(db, setId, set, auth))) throw notFound(apiMessages.setNotFound)
  return set
}

/**
 * The set when the caller owns it: the rule of every change to a set or its cards. A set they may
 * read but do not own (someone else's public set, or one assigned to their class) is 403; one they
 * may not read is 404.
 */
export async function requireOwnedSet<T extends SetVisibility>(db: DB, setId: string, set: T | undefined, auth: AuthState): Promise<T> {
  const readable = await requireReadableSet(db, setId, set, auth)
  if (readable.owner_id !== auth.user.id) throw forbidden()
  return readable
}

/** 404 unless the caller may read the set (only its owner and visibility are read). */
export async function assertReadableSet(db: DB, setId: string, auth: AuthState | undefined): Promise<void> {
  await requireReadableSet(db, setId, await findSetVisibility(db, setId), auth)
}

/**
 * 404 unless the card is in a set the caller may read: the set's 404 when the set is not readable,
 * the card's when the set has no such card.
 */
export async function assertReadableCard(db: DB, setId: string, cardId: string, auth: AuthState): Promise<void> {
  const target = await requireReadableSet(db, setId, await findCardOfSet(db, setId, cardId), auth)
  if (target.card_id === null) throw notFound(apiMessages.cardNotFound)
}
