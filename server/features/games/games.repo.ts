import type { Insertable, Selectable, Updateable } from 'kysely'
import { type DB, dialectOf } from '#server/db/database'
import type { GameAnswersTable, GamePlayersTable, GameQuestionsTable, GamesTable } from '#server/db/schema'

export type GameRow = Selectable<GamesTable>
export type PlayerRow = Selectable<GamePlayersTable>
export type QuestionRow = Selectable<GameQuestionsTable>
export type AnswerRow = Selectable<GameAnswersTable>

export async function insertGame(db: DB, game: Insertable<GamesTable>, questions: Insertable<GameQuestionsTable>[]): Promise<void> {
  await db.insertInto('games').values(game).execute()
  await db.insertInto('game_questions').values(questions).execute()
}

export async function findGame(db: DB, id: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * The game, its row locked until the transaction ends on PostgreSQL (SQLite has one writer), so
 * joins check the player count and the status one at a time.
 */
export async function lockGame(db: DB, id: string): Promise<GameRow | undefined> {
  let query = db.selectFrom('games').selectAll().where('id', '=', id)
  if (dialectOf(db) === 'postgres') query = query.forUpdate()
  return query.executeTakeFirst()
}

/**
 * The game for an answer: on PostgreSQL its row is held against a change of state (FOR SHARE, which
 * answers share with each other) until the answer is written, so no answer slips in after the
 * reveal that counted the answers.
 */
export async function findGameForAnswer(db: DB, id: string): Promise<GameRow | undefined> {
  let query = db.selectFrom('games').selectAll().where('id', '=', id)
  if (dialectOf(db) === 'postgres') query = query.forShare()
  return query.executeTakeFirst()
}

export async function findGameByActiveCode(db: DB, code: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').selectAll().where('active_code', '=', code).executeTakeFirst()
}

/** Frees the codes of games made before `before` (abandoned lobbies), so codes never run out. */
export async function retireStaleCodes(db: DB, before: string): Promise<void> {
  await db.updateTable('games').set({ active_code: null }).where('active_code', 'is not', null).where('created', '<', before).execute()
}

/**
 * Writes a change of state only if the game is still at `version` (and bumps it): true when it
 * was written, false when someone else moved the game on first.
 */
export async function changeState(db: DB, id: string, version: number, changes: Updateable<GamesTable>): Promise<boolean> {
  const result = await db
    .updateTable('games')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function countPlayers(db: DB, gameId: string): Promise<number> {
  const row = await db
    .selectFrom('game_players')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('game_id', '=', gameId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export async function insertPlayer(db: DB, row: Insertable<GamePlayersTable>): Promise<void> {
  await db.insertInto('game_players').values(row).execute()
}

export async function findPlayerByToken(db: DB, tokenHash: string): Promise<PlayerRow | undefined> {
  return db.selectFrom('game_players').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

export async function findPlayerOfUser(db: DB, gameId: string, userId: string): Promise<PlayerRow | undefined> {
  return db.selectFrom('game_players').selectAll().where('game_id', '=', gameId).where('user_id', '=', userId).executeTakeFirst()
}

export async function replacePlayerToken(db: DB, playerId: string, tokenHash: string): Promise<void> {
  await db.updateTable('game_players').set({ token_hash: tokenHash }).where('id', '=', playerId).execute()
}

/** The players in the order they joined. */
export async function listPlayers(db: DB, gameId: string): Promise<PlayerRow[]> {
  return db.selectFrom('game_players').selectAll().where('game_id', '=', gameId).orderBy('joined').orderBy('id').execute()
}

export async function setTeam(db: DB, playerId: string, team: number): Promise<void> {
  await db.updateTable('game_players').set({ team }).where('id', '=', playerId).execute()
}

export async function findQuestion(db: DB, gameId: string, index: number): Promise<QuestionRow | undefined> {
  return db.selectFrom('game_questions').selectAll().where('game_id', '=', gameId).where('idx', '=', index).executeTakeFirst()
}

export async function listQuestions(db: DB, gameId: string): Promise<QuestionRow[]> {
  return db.selectFrom('game_questions').selectAll().where('game_id', '=', gameId).orderBy('idx').execute()
}

/** Records an answer and adds its points to the player's score; a second answer fails on the primary key. */
export async function recordAnswer(db: DB, row: Insertable<GameAnswersTable>): Promise<void> {
  await db.insertInto('game_answers').values(row).execute()
  if (row.points > 0) {
    await db
      .updateTable('game_players')
      .set((eb) => ({ score: eb('score', '+', row.points) }))
      .where('id', '=', row.player_id)
      .execute()
  }
}

/** How many have answered question `index`, and how many play: one query after each answer. */
export async function answerProgress(db: DB, gameId: string, index: number): Promise<{ count: number; players: number }> {
  const row = await db
    .selectFrom('games')
    .select((eb) => [
      eb
        .selectFrom('game_answers')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .where('game_answers.game_id', '=', gameId)
        .where('game_answers.question_index', '=', index)
        .as('count'),
      eb
        .selectFrom('game_players')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .where('game_players.game_id', '=', gameId)
        .as('players'),
    ])
    .where('games.id', '=', gameId)
    .executeTakeFirst()
  return { count: Number(row?.count ?? 0), players: Number(row?.players ?? 0) }
}

export async function answersToQuestion(db: DB, gameId: string, index: number): Promise<AnswerRow[]> {
  return db.selectFrom('game_answers').selectAll().where('game_id', '=', gameId).where('question_index', '=', index).execute()
}

export async function listAnswers(db: DB, gameId: string): Promise<AnswerRow[]> {
  return db.selectFrom('game_answers').selectAll().where('game_id', '=', gameId).orderBy('question_index').execute()
}

/** The sizes of pictures the game shows (ids that are gone are left out). */
export async function pictureSizes(db: DB, ids: string[]): Promise<Map<string, { width: number; height: number }>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('media').select(['id', 'width', 'height']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, { width: row.width, height: row.height }]))
}

export async function findPicture(db: DB, id: string) {
  return db.selectFrom('media').select(['id', 'type', 'data']).where('id', '=', id).executeTakeFirst()
}

/** A class's games, newest first, with how many played. */
export async function listGamesOfClass(db: DB, classId: string) {
  const rows = await db
    .selectFrom('games')
    .selectAll('games')
    .select((eb) =>
      eb
        .selectFrom('game_players')
        .select((inner) => inner.fn.countAll<number | string>().as('n'))
        .whereRef('game_players.game_id', '=', 'games.id')
        .as('player_count'),
    )
    .where('class_id', '=', classId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((row) => ({ ...row, player_count: Number(row.player_count ?? 0) }))
}

export async function findSetTitle(db: DB, setId: string): Promise<string | undefined> {
  return (await db.selectFrom('study_sets').select('title').where('id', '=', setId).executeTakeFirst())?.title
}

/** The last question the player answered, or null. */
export async function lastAnsweredIndex(db: DB, playerId: string): Promise<number | null> {
  const row = await db
    .selectFrom('game_answers')
    .select((eb) => eb.fn.max('question_index').as('last'))
    .where('player_id', '=', playerId)
    .executeTakeFirst()
  return row?.last === null || row?.last === undefined ? null : Number(row.last)
}
