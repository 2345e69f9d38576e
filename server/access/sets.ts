import { apiMessages } from '#shared/messages'
import type { DB } from '#server/db/database'
import { forbidden, notFound } from '#server/http/errors'
import { findCardOfSet, findCardToAnswer, findSetReadable } from './access.repo'
import type { AuthState } from './caller'

/** What the set rules read of a set the caller loaded: who owns it. */
export interface SetOwner {
  owner_id: string
}

/** Whether the caller may read the set: the one reading rule (./readable.ts), asked of one set. */
export async function canRead(db: DB, setId: string, auth: AuthState | undefined): Promise<boolean> {
  return (await findSetReadable(db, setId, auth?.user.id))?.readable === 1
}

/** A set as a feature loaded it for the caller: its owner, and whether the caller may read it (`readableFlag`, ./readable.ts: 1 or 0). */
export interface SetForCaller extends SetOwner {
  readable: number
}

/**
 * The set (as the caller loaded it, with `readableFlag` in the same query) when the caller may read
 * it. Anything else is 404, so a private set's existence is never disclosed.
 */
export function requireReadableSet<T extends SetForCaller>(set: T | undefined): T {
  if (set?.readable !== 1) throw notFound(apiMessages.setNotFound)
  return set
}

/**
 * The set when the caller owns it: the rule of every change to a set or its cards. A set they may
 * read but do not own (someone else's public set, or one assigned to their class) is 403; one they
 * may not read is 404.
 */
export function requireOwnedSet<T extends SetForCaller>(set: T | undefined, auth: AuthState): T {
  const readable = requireReadableSet(set)
  if (readable.owner_id !== auth.user.id) throw forbidden()
  return readable
}

/** 404 unless the caller may read the set. */
export async function assertReadableSet(db: DB, setId: string, auth: AuthState | undefined): Promise<void> {
  if (!(await canRead(db, setId, auth))) throw notFound(apiMessages.setNotFound)
}

/**
 * 404 unless the card is in a set the caller may read: the set's 404 when the set is not readable,
 * the card's when the set has no such card.
 */
export async function assertReadableCard(db: DB, setId: string, cardId: string, auth: AuthState): Promise<void> {
  const target = await findCardOfSet(db, setId, cardId, auth.user.id)
  if (target?.readable !== 1) throw notFound(apiMessages.setNotFound)
  if (target.card_id === null) throw notFound(apiMessages.cardNotFound)
}

/**
 * The card an answer is about (its kind, reverse and term), in one query when it is in a set the
 * caller may read, its row locked for the transaction on PostgreSQL; 404 otherwise, as
 * assertReadableCard says it (the set's when the set is not readable, else the card's).
 */
export async function requireAnswerableCard(db: DB, setId: string, cardId: string, auth: AuthState) {
  const card = await findCardToAnswer(db, setId, cardId, auth.user.id)
  if (card?.readable === 1) return card
  await assertReadableCard(db, setId, cardId, auth)
  throw notFound(apiMessages.cardNotFound)
}

/**
 * One of the caller's own sets, named in a request about their own things (a class's assigned set, the import
 * preview's `setId`): anyone else's set is 404, even a public one.
 */
export function requireOwnSet<T extends SetOwner>(set: T | undefined, auth: AuthState): T {
  if (!set || set.owner_id !== auth.user.id) throw notFound(apiMessages.setNotFound)
  return set
}
