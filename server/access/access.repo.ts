import { compiledQuery } from '#server/db/compiled-query'
import { type DB, dialectOf } from '#server/db/database'
import { readableFlag } from './readable'

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

export async function findUserOfSession(db: DB, userId: string, sessionId: string) {
  return userOfSession.first(db, userId, sessionId)
}

/** Whether the set exists (a row) and the caller may read it (`readable`: 1 or 0). */
const setReadable = compiledQuery((db: DB, setId: string, userId: string) =>
  db
    .selectFrom('study_sets')
    .select((eb) => readableFlag(eb, userId).as('readable'))
    .where('id', '=', setId),
)

/** `userId` undefined (a visitor) is '', which names no account. */
export async function findSetReadable(db: DB, setId: string, userId: string | undefined) {
  return setReadable.first(db, setId, userId ?? '')
}

/**
 * What a card of a set must check, in one query: whether the set exists (a row) and the caller may
 * read it, and the card's id when the card is in that set (null otherwise).
 */
const cardOfSet = compiledQuery((db: DB, setId: string, cardId: string, userId: string) =>
  db
    .selectFrom('study_sets')
    .leftJoin('flashcards', (join) => join.onRef('flashcards.study_set_id', '=', 'study_sets.id').on('flashcards.id', '=', cardId))
    .select((eb) => [readableFlag(eb, userId).as('readable'), 'flashcards.id as card_id'])
    .where('study_sets.id', '=', setId),
)

export async function findCardOfSet(db: DB, setId: string, cardId: string, userId: string | undefined) {
  return cardOfSet.first(db, setId, cardId, userId ?? '')
}

/**
 * The card an answer is about when it is in that set (no row otherwise), with whether the caller
 * may read the set (`readable`) and what the card asks (its kind, reverse and term), in one query.
 * On PostgreSQL the card's row is locked FOR SHARE until the transaction ends (the order an answer
 * takes its locks in, and why SHARE: server/db/row-locks.ts).
 */
const cardToAnswer = compiledQuery((db: DB, setId: string, cardId: string, userId: string) => {
  const query = db
    .selectFrom('flashcards')
    .innerJoin('study_sets', 'study_sets.id', 'flashcards.study_set_id')
    .select((eb) => [readableFlag(eb, userId).as('readable'), 'flashcards.kind', 'flashcards.reverse', 'flashcards.term'])
    .where('flashcards.id', '=', cardId)
    .where('flashcards.study_set_id', '=', setId)
  return dialectOf(db) === 'postgres' ? query.forShare('flashcards') : query
})

export async function findCardToAnswer(db: DB, setId: string, cardId: string, userId: string) {
  return cardToAnswer.first(db, setId, cardId, userId)
}

export async function isClassMember(db: DB, classId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('class_members').select('user_id').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst()
  return row !== undefined
}

/**
 * Of the sets whose cards show this picture: whether one is public (`is_public`) and whether the
 * caller may read one (`readable`), both 1 or 0; no row when no card shows it. One row is enough:
 * a public set is readable by anyone, so the row first by (is_public, readable) carries both answers.
 */
export async function setsShowingMedia(db: DB, mediaId: string, userId: string | undefined) {
  return db
    .selectFrom('study_sets')
    .select((eb) => ['study_sets.is_public', readableFlag(eb, userId).as('readable')])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('flashcards')
          .select('flashcards.id')
          .whereRef('flashcards.study_set_id', '=', 'study_sets.id')
          .where((card) =>
            card.or([
              card('flashcards.term_image_id', '=', mediaId),
              card('flashcards.definition_image_id', '=', mediaId),
              card('flashcards.term_audio_id', '=', mediaId),
              card('flashcards.definition_audio_id', '=', mediaId),
            ]),
          ),
      ),
    )
    .orderBy('study_sets.is_public', 'desc')
    .orderBy('readable', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** Of these media ids, the ones `ownerId` uploaded, each with whether it is a recording. */
export async function ownedMediaIds(db: DB, ownerId: string, ids: string[]): Promise<Map<string, { isAudio: boolean }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('media').select(['id', 'duration_ms']).where('owner_id', '=', ownerId).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, { isAudio: row.duration_ms !== null }]))
}
