import type { Kysely } from 'kysely'

// Frozen in time: this file imports no app code.

/**
 * The live class game (issue 29) and the class follow-ups.
 *
 * A game is one row whose state (status, current question, when it ends) every server process
 * reads, so a game runs across processes; `version` grows at every change of state, and a change
 * is written only where the version is still the one read (two hosts' clicks, or a timer and a
 * click, cannot both move the game on). `active_code` is the 6-digit code while the game can be
 * joined (null once it ended or went stale): unique, so two running games never share a code,
 * while `code` keeps it for the record.
 *
 * Players are rows of the game: a token (stored as its SHA-256) opens only its own game. The
 * nickname's lower-cased key is unique per game, and a signed-in player's account joins once.
 * Questions are drawn when the game is made, so every process asks the same ones. An answer is
 * unique per player and question: a second one fails on the primary key.
 *
 * A game goes with its host's account and its class; the set may go (the game keeps its title).
 * `class_sets.due_at` is the optional due date of an assigned set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('active_code', 'text', (col) => col.unique())
    .addColumn('host_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('set_id', 'text', (col) => col.references('study_sets.id').onDelete('set null'))
    .addColumn('set_title', 'text', (col) => col.notNull())
    .addColumn('class_id', 'text', (col) => col.references('classes.id').onDelete('cascade'))
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('question_count', 'integer', (col) => col.notNull())
    .addColumn('seconds_per_question', 'integer', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('question_index', 'integer', (col) => col.notNull())
    .addColumn('question_started', 'text')
    .addColumn('question_ends', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('ended', 'text')
    .execute()
  await db.schema.createIndex('games_host').on('games').columns(['host_id', 'created']).execute()
  await db.schema.createIndex('games_class').on('games').columns(['class_id', 'created']).execute()
  await db.schema.createIndex('games_set').on('games').column('set_id').execute()

  await db.schema
    .createTable('game_players')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('nickname', 'text', (col) => col.notNull())
    .addColumn('nickname_key', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('team', 'integer')
    .addColumn('score', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('joined', 'text', (col) => col.notNull())
    .addUniqueConstraint('game_players_nickname', ['game_id', 'nickname_key'])
    .addUniqueConstraint('game_players_user', ['game_id', 'user_id'])
    .execute()
  await db.schema.createIndex('game_players_user_id').on('game_players').column('user_id').execute()

  await db.schema
    .createTable('game_questions')
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (col) => col.notNull())
    .addColumn('card_id', 'text', (col) => col.references('flashcards.id').onDelete('set null'))
    // JSON: { text, imageId } for the prompt, an array of four for the choices.
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('choices', 'text', (col) => col.notNull())
    .addColumn('correct_choice', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_questions_pk', ['game_id', 'idx'])
    .execute()
  await db.schema.createIndex('game_questions_card').on('game_questions').column('card_id').execute()

  await db.schema
    .createTable('game_answers')
    .addColumn('player_id', 'text', (col) => col.notNull().references('game_players.id').onDelete('cascade'))
    .addColumn('question_index', 'integer', (col) => col.notNull())
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('choice', 'integer', (col) => col.notNull())
    .addColumn('correct', 'integer', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('answered_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_answers_pk', ['player_id', 'question_index'])
    .execute()
  // The counts per question (answers so far, picks per choice) read by game and question.
  await db.schema.createIndex('game_answers_question').on('game_answers').columns(['game_id', 'question_index']).execute()

  await db.schema.alterTable('class_sets').addColumn('due_at', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('class_sets').dropColumn('due_at').execute()
  await db.schema.dropTable('game_answers').execute()
  await db.schema.dropTable('game_questions').execute()
  await db.schema.dropTable('game_players').execute()
  await db.schema.dropTable('games').execute()
}
