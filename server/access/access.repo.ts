import type { ExpressionBuilder } from 'kysely'
import { compiledQuery } from '#server/db/compiled-query'
import type { DB } from '#server/db/database'
import type { Database } from '#server/db/schema'
import type { UserWithPlan } from './caller'

/*
 * The queries the access rules need, and only those: who the caller is, and what a rule reads of a
 * set, a class or a picture to decide. Features load their own rows and ask the rules
 * (sets.ts, classes.ts, media.ts) about them.
 */

/**
 * The user (with their plan's name) when this session exists and is theirs: what every signed-in
 * request checks, in one query.
 */
const userOfSession = compiledQuery((db: DB, userId: string, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .innerJoin('plans', 'plans.id', 'users.plan_id')
    .selectAll('users')
    .select('plans.name as plan_name')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId),
)

export async function findUserOfSession(db: DB, userId: string, sessionId: string): Promise<UserWithPlan | undefined> {
  return userOfSession.first(db, userId, sessionId)
}

/** Only what the set rule needs: who owns the set and whether it is public. */
const setVisibility = compiledQuery((db: DB, setId: string) => db.selectFrom('study_sets').select(['owner_id', 'is_public']).where('id', '=', setId))

export async function findSetVisibility(db: DB, setId: string) {
  return setVisibility.first(db, setId)
}

/**
 * What a card of a set must check, in one query: the set's owner and visibility (no row: no such
 * set), and the card's id when the card is in that set (null otherwise).
 */
const cardOfSet = compiledQuery((db: DB, setId: string, cardId: string) =>
  db
    .selectFrom('study_sets')
    .leftJoin('flashcards', (join) => join.onRef('flashcards.study_set_id', '=', 'study_sets.id').on('flashcards.id', '=', cardId))
    .select(['study_sets.owner_id', 'study_sets.is_public', 'flashcards.id as card_id'])
    .where('study_sets.id', '=', setId),
)

export async function findCardOfSet(db: DB, setId: string, cardId: string) {
  return cardOfSet.first(db, setId, cardId)
}

/**
 * The class part of the set rule, as a condition on a `study_sets` row: the set is assigned to a
 * class the user is a student of.
 */
export function assignedToClassOf(eb: ExpressionBuilder<Database, 'study_sets'>, userId: string) {
  return eb.exists(
    eb
      .selectFrom('class_sets')
      .innerJoin('class_members', 'class_members.class_id', 'class_sets.class_id')
      .select('class_sets.set_id')
      .whereRef('class_sets.set_id', '=', 'study_sets.id')
      .where('class_members.user_id', '=', userId),
  )
}

/** True when the set is assigned to a class the user is a student of. */
export async function isAssignedToClassOf(db: DB, setId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('class_sets')
    .innerJoin('class_members', 'class_members.class_id', 'class_sets.class_id')
    .select('class_sets.set_id')
    .where('class_sets.set_id', '=', setId)
    .where('class_members.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export async function isClassMember(db: DB, classId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('class_members').select('user_id').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst()
  return row !== undefined
}

/** The sets whose cards show this picture, public ones first (at most `limit`). */
export async function setsShowingMedia(db: DB, mediaId: string, limit: number): Promise<{ id: string; owner_id: string; is_public: number }[]> {
  return db
    .selectFrom('study_sets')
    .select(['study_sets.id', 'study_sets.owner_id', 'study_sets.is_public'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('flashcards')
          .select('flashcards.id')
          .whereRef('flashcards.study_set_id', '=', 'study_sets.id')
          .where((card) => card.or([card('flashcards.term_image_id', '=', mediaId), card('flashcards.definition_image_id', '=', mediaId)])),
      ),
    )
    .orderBy('study_sets.is_public', 'desc')
    .limit(limit)
    .execute()
}

/** Of these picture ids, the ones `ownerId` uploaded. */
export async function ownedMediaIds(db: DB, ownerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await db.selectFrom('media').select('id').where('owner_id', '=', ownerId).where('id', 'in', ids).execute()
  return new Set(rows.map((row) => row.id))
}
