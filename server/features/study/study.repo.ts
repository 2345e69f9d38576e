import type { ExpressionBuilder, Insertable, Selectable } from 'kysely'
import { readableBy } from '#server/access/readable'
import { compiledQuery, compiledWrite } from '#server/db/compiled-query'
import type { DB } from '#server/db/database'
import type { Database, LearningSessionsTable, MatchResultsTable, StudyProgressTable, WriteResultsTable } from '#server/db/schema'

export type LearningSessionRow = Selectable<LearningSessionsTable>
export type StudyProgressRow = Selectable<StudyProgressTable>

export async function insertSession(db: DB, row: Insertable<LearningSessionsTable>): Promise<void> {
  await db.insertInto('learning_sessions').values(row).execute()
}

/** The caller's own session; another user's is not found. */
export async function findSession(db: DB, userId: string, sessionId: string): Promise<LearningSessionRow | undefined> {
  return db.selectFrom('learning_sessions').selectAll().where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst()
}

/**
 * Changes a session that is still in progress; false when it is completed (or gone) by now. The
 * condition is in the update itself, so of two requests completing it at once only one succeeds.
 */
export async function updateSession(
  db: DB,
  sessionId: string,
  changes: Partial<Pick<LearningSessionRow, 'correct_count' | 'incorrect_count' | 'status' | 'end_time'>>,
): Promise<boolean> {
  const result = await db.updateTable('learning_sessions').set(changes).where('id', '=', sessionId).where('status', '=', 'in_progress').executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Counts one Learn answer in a session still in progress; false when it is completed (or gone) by now. */
export async function advanceSession(db: DB, sessionId: string, correct: boolean): Promise<boolean> {
  const column = correct ? 'correct_count' : 'incorrect_count'
  const result = await db
    .updateTable('learning_sessions')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', sessionId)
    .where('status', '=', 'in_progress')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** The first answer's row, or the counts to add to the card's running ones (right or wrong: 1 and 0). */
const progressUpsert = compiledWrite((db: DB, row: Insertable<StudyProgressTable>) =>
  db
    .insertInto('study_progress')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['user_id', 'study_set_id', 'flashcard_id', 'prompt']).doUpdateSet((eb) => ({
        correct_count: eb('study_progress.correct_count', '+', row.correct_count),
        incorrect_count: eb('study_progress.incorrect_count', '+', row.incorrect_count),
        // An answer made offline may arrive after later ones: the latest time stays.
        last_reviewed: eb
          .case()
          .when('study_progress.last_reviewed', '<', row.last_reviewed)
          .then(row.last_reviewed)
          .else(eb.ref('study_progress.last_reviewed'))
          .end(),
      })),
    )
    .returningAll(),
)

/** Adds one answer to the card's running counts, creating the row on the first answer. */
export async function recordAnswer(
  db: DB,
  row: { userId: string; setId: string; cardId: string; prompt: string; correct: boolean; at: string },
): Promise<StudyProgressRow> {
  const counts = await progressUpsert.first(db, {
    user_id: row.userId,
    study_set_id: row.setId,
    flashcard_id: row.cardId,
    prompt: row.prompt,
    correct_count: row.correct ? 1 : 0,
    incorrect_count: row.correct ? 0 : 1,
    last_reviewed: row.at,
  })
  if (!counts) throw new Error('an upsert returned no row')
  return counts
}

export async function findProgress(db: DB, userId: string, setId: string, cardId: string, prompt: string): Promise<StudyProgressRow | undefined> {
  return db
    .selectFrom('study_progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('study_set_id', '=', setId)
    .where('flashcard_id', '=', cardId)
    .where('prompt', '=', prompt)
    .executeTakeFirst()
}

const writeResultInsert = compiledWrite((db: DB, row: Insertable<WriteResultsTable>) => db.insertInto('write_results').values(row))

export async function insertWriteResult(db: DB, row: Insertable<WriteResultsTable>): Promise<void> {
  await writeResultInsert.all(db, row)
}

/** Inserts a Match result; false when the user already sent its client id (nothing inserted). */
export async function insertMatchResult(db: DB, row: Insertable<MatchResultsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('match_results')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

export async function findMatchResultByClientId(db: DB, userId: string, clientId: string) {
  return db
    .selectFrom('match_results')
    .select(['id', 'time_taken', 'correct_matches', 'incorrect_matches', 'created'])
    .where('user_id', '=', userId)
    .where('client_id', '=', clientId)
    .executeTakeFirst()
}

/**
 * The caller's progress on a set, most recently reviewed first (docs/study-rules.md, 'Records'),
 * while they may read the set (the one reading rule, in the same statement); none otherwise.
 */
const progressOfUser = compiledQuery((db: DB, userId: string, setId: string) =>
  db
    .selectFrom('study_progress')
    .innerJoin('study_sets', 'study_sets.id', 'study_progress.study_set_id')
    .select([
      'study_progress.flashcard_id',
      'study_progress.prompt',
      'study_progress.correct_count',
      'study_progress.incorrect_count',
      'study_progress.last_reviewed',
    ])
    .where('study_progress.user_id', '=', userId)
    .where('study_progress.study_set_id', '=', setId)
    .where((eb) => readableBy(eb as unknown as ExpressionBuilder<Database, 'study_sets'>, userId))
    .orderBy('study_progress.last_reviewed', 'desc'),
)

export function listProgress(db: DB, userId: string, setId: string) {
  return progressOfUser.all(db, userId, setId)
}

/**
 * The user's mastery counts on the cards of each set they may read, with the set's title and size: one row per card,
 * its prompts' counts added up (a card is mastered as a whole, so a set never counts more cards than it has).
 */
export async function listReadableProgress(db: DB, userId: string) {
  const rows = await db
    .selectFrom('study_progress')
    .innerJoin('study_sets', 'study_sets.id', 'study_progress.study_set_id')
    .where('study_progress.user_id', '=', userId)
    .where((eb) => readableBy(eb as unknown as ExpressionBuilder<Database, 'study_sets'>, userId))
    .groupBy(['study_sets.id', 'study_sets.title', 'study_sets.card_count', 'study_progress.flashcard_id'])
    .select((eb) => [
      'study_sets.id',
      'study_sets.title',
      'study_sets.card_count',
      eb.fn.sum<number | string>('study_progress.correct_count').as('correct_count'),
      eb.fn.sum<number | string>('study_progress.incorrect_count').as('incorrect_count'),
    ])
    .execute()
  return rows.map(countsAsNumbers)
}

/** Sums come back as text from PostgreSQL (bigint): the counts as numbers. */
function countsAsNumbers<T extends { correct_count: number | string; incorrect_count: number | string }>(row: T) {
  return { ...row, correct_count: Number(row.correct_count), incorrect_count: Number(row.incorrect_count) }
}

/** The answer counts of these users on the cards of these sets, one row per user and card (its prompts added up). */
export async function listProgressOf(db: DB, userIds: string[], setIds: string[]) {
  if (userIds.length === 0 || setIds.length === 0) return []
  const rows = await db
    .selectFrom('study_progress')
    .select((eb) => [
      'user_id',
      'study_set_id',
      'flashcard_id',
      eb.fn.sum<number | string>('correct_count').as('correct_count'),
      eb.fn.sum<number | string>('incorrect_count').as('incorrect_count'),
      eb.fn.max('last_reviewed').as('last_reviewed'),
    ])
    .where('user_id', 'in', userIds)
    .where('study_set_id', 'in', setIds)
    .groupBy(['user_id', 'study_set_id', 'flashcard_id'])
    .execute()
  return rows.map((row) => ({
    ...row,
    correct_count: Number(row.correct_count),
    incorrect_count: Number(row.incorrect_count),
    last_reviewed: String(row.last_reviewed),
  }))
}

/** The caller's fastest finished Match game on a set, in whole seconds, or null before the first. */
export async function bestMatchTime(db: DB, userId: string, setId: string): Promise<number | null> {
  const row = await db
    .selectFrom('match_results')
    .select((eb) => eb.fn.min<number | null>('time_taken').as('best'))
    .where('user_id', '=', userId)
    .where('study_set_id', '=', setId)
    .executeTakeFirst()
  return row?.best === null || row?.best === undefined ? null : Number(row.best)
}
