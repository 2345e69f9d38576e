import { createHash, randomBytes, randomInt } from 'node:crypto'
import Papa from 'papaparse'
import type { z } from 'zod'
import { GAME_CODE_LENGTH, type Game, type GameAnswerResult, type GameResults, type GameSummary, type JoinedGame } from '#shared/api/games'
import { textMessages } from '#shared/api/sets'
import type { AuthState } from '#server/access/caller'
import { authenticateToken } from '#server/access/caller'
import { requireTeacher } from '#server/access/classes'
import { assertReadableSet } from '#server/access/sets'
import { type DB, isUniqueViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { conflict, invalidInput, notFound, unauthenticated } from '#server/http/errors'
import { beginJoinAttempt, roleInClass } from '#server/features/classes/classes.service'
import { contentDisposition, type ExportFile } from '#server/features/sets/import-export.service'
import { allCardsOfSet } from '#server/features/sets/cards.service'
import { dealTeams, drawQuestions, playableCards, pointsFor } from './game-rules'
import type { GameHub } from './game-streams'
import { type GameView, loadGameView } from './game-view'
import { parseChoices, parseSide, toGamePlayer, toGameSummary } from './games.mapper'
import * as repo from './games.repo'
import type { gameSchemas } from './games.schemas'
import { gameMessages, mediaMessages } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

type CreateGame = z.output<typeof gameSchemas.createGame>
type JoinGame = z.output<typeof gameSchemas.joinGame>
type Answer = z.output<typeof gameSchemas.answer>

/** Who is calling a game route: its host (a signed-in user) or one of its players (a player token). */
export type GameCaller = { role: 'host'; game: repo.GameRow; auth: AuthState } | { role: 'player'; game: repo.GameRow; player: repo.PlayerRow }

/** The credentials a game route may carry: a user's token (Authorization) and a player's token. */
export interface GameCredentials {
  bearer?: string
  playerToken?: string
}

/** Player tokens start with this, so a `?token=` is told apart from a user's token (a JWT). */
export const PLAYER_TOKEN_PREFIX = 'gp_'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function newPlayerToken(): { token: string; hash: string } {
  const token = `${PLAYER_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  return { token, hash: hashToken(token) }
}

export const gameNotFound = () => notFound(gameMessages.notFound)

/** An answer without a player token (the host's own, or none). */
export const playersOnly = () => unauthenticated(gameMessages.playersOnly)

/**
 * The caller of a game route: a player token opens its own game only, a user's token the games
 * that user hosts. Anything else is 404 (a game is not disclosed to those outside it); no
 * credentials at all is 401.
 */
export async function gameCaller(deps: Deps, gameId: string, credentials: GameCredentials): Promise<GameCaller> {
  if (credentials.playerToken) {
    const player = await repo.findPlayerByToken(deps.db, hashToken(credentials.playerToken))
    const game = player?.game_id === gameId ? await repo.findGame(deps.db, gameId) : undefined
    if (!player || !game) throw gameNotFound()
    return { role: 'player', game, player }
  }
  if (!credentials.bearer) throw unauthenticated()
  const auth = await authenticateToken(deps, credentials.bearer)
  if (!auth) throw unauthenticated()
  return { role: 'host', game: await hostedGame(deps.db, gameId, auth), auth }
}

/** The game when the caller hosts it; anyone else gets 404. */
async function hostedGame(db: DB, gameId: string, auth: AuthState): Promise<repo.GameRow> {
  const game = await repo.findGame(db, gameId)
  if (!game || game.host_id !== auth.user.id) throw gameNotFound()
  return game
}

/** Six random digits, never starting a game's code with a zero people might drop. */
function newGameCode(): string {
  return String(randomInt(10 ** (GAME_CODE_LENGTH - 1), 10 ** GAME_CODE_LENGTH))
}

const CODE_ATTEMPTS = 8

/**
 * A new game in the lobby, with its questions drawn from the set. The host may start a game on
 * any set they may read; a class game only as the class's teacher.
 */
export async function createGame(deps: Deps, auth: AuthState, input: CreateGame): Promise<GameView> {
  if (input.classId !== undefined) {
    const role = await roleInClass(deps, input.classId, auth)
    requireTeacher(role)
  }
  await assertReadableSet(deps.db, input.setId, auth)
  const title = (await repo.findSetTitle(deps.db, input.setId)) ?? ''
  const cards = playableCards(await allCardsOfSet(deps, input.setId))
  if (cards.length < GAME_LIMITS.choices) throw invalidInput({ setId: gameMessages.setTooSmall }, gameMessages.setTooSmall)
  const drawn = drawQuestions(cards, input.questionCount)
  const now = deps.clock.now()
  await repo.retireStaleCodes(deps.db, new Date(now.getTime() - GAME_LIMITS.codeLifetimeHours * 3600_000).toISOString())
  const id = newId()
  const questions = drawn.map((question, idx) => ({
    game_id: id,
    idx,
    card_id: question.cardId,
    prompt: JSON.stringify(question.prompt),
    choices: JSON.stringify(question.choices),
    correct_choice: question.correctChoice,
  }))
  for (let attempt = 1; ; attempt++) {
    const code = newGameCode()
    try {
      await deps.db.transaction().execute((trx) =>
        repo.insertGame(
          trx,
          {
            id,
            code,
            active_code: code,
            host_id: auth.user.id,
            set_id: input.setId,
            set_title: title,
            class_id: input.classId ?? null,
            mode: input.mode,
            question_count: input.questionCount,
            seconds_per_question: input.secondsPerQuestion,
            status: 'lobby',
            question_index: -1,
            question_started: null,
            question_ends: null,
            version: 0,
            created: now.toISOString(),
            ended: null,
          },
          questions,
        ),
      )
      break
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error
    }
  }
  return (await loadGameView(deps.db, id)) as GameView
}

function isNicknameTaken(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false
  const { message, constraint } = error as Error & { constraint?: string }
  return (constraint ?? message).includes('nickname')
}

/**
 * Joins the game of the code. A signed-in player plays under their username and, joining again,
 * gets their place back (with a new token) even after the start; anyone else joins only in the
 * lobby, while there is room, with a nickname no one in the game has.
 */
export async function joinGame(deps: Deps, hub: GameHub, auth: AuthState | undefined, input: JoinGame, address: string): Promise<JoinedGame> {
  const attempt = await beginJoinAttempt(deps, 'game', address)
  const found = await repo.findGameByActiveCode(deps.db, input.code)
  if (!found) throw notFound(gameMessages.codeUnknown)
  await attempt.succeeded()
  const nickname = auth ? auth.user.username : input.nickname
  if (!nickname) throw invalidInput({ nickname: textMessages.empty('Nickname') })
  const { token, hash } = newPlayerToken()
  const player = await deps.db.transaction().execute(async (trx) => {
    const game = await repo.lockGame(trx, found.id)
    if (!game) throw notFound(gameMessages.codeUnknown)
    const returning = auth ? await repo.findPlayerOfUser(trx, game.id, auth.user.id) : undefined
    if (returning) {
      await repo.replacePlayerToken(trx, returning.id, hash)
      return returning
    }
    if (game.status === 'ended') throw conflict(undefined, gameMessages.ended)
    if (game.status !== 'lobby') throw conflict(undefined, gameMessages.started)
    if ((await repo.countPlayers(trx, game.id)) >= GAME_LIMITS.maxPlayers) throw conflict(undefined, gameMessages.full)
    const row: repo.PlayerRow = {
      id: newId(),
      game_id: game.id,
      nickname,
      nickname_key: nickname.toLowerCase(),
      token_hash: hash,
      user_id: auth?.user.id ?? null,
      team: null,
      score: 0,
      joined: deps.clock.now().toISOString(),
    }
    try {
      await repo.insertPlayer(trx, row)
    } catch (error) {
      if (isNicknameTaken(error)) throw conflict({ nickname: gameMessages.nicknameTaken })
      throw error
    }
    return row
  })
  hub.changed(found.id)
  const game = await gameFor(deps, hub, { role: 'player', game: found, player })
  const { score: _score, ...shown } = toGamePlayer(player)
  return { game, player: shown, playerToken: token }
}

/** The game as its caller sees it: everyone the same, and a player also their own place (`me`). */
export async function gameFor(deps: Deps, hub: GameHub, caller: GameCaller): Promise<Game> {
  let view = await loadGameView(deps.db, caller.game.id)
  if (!view) throw gameNotFound()
  if (view.status === 'question' && view.question && new Date(view.question.endsAt) < deps.clock.now()) {
    await closeQuestion(deps, hub, view.id, view.question.index)
    view = (await loadGameView(deps.db, caller.game.id)) ?? view
  }
  if (caller.role === 'host') return { ...view, me: null }
  const me = view.players.find((player) => player.id === caller.player.id)
  if (!me) throw gameNotFound()
  return { ...view, me: { ...me, answeredIndex: await repo.lastAnsweredIndex(deps.db, me.id) } }
}

/** Opens question `index`: its time starts now. False when someone else moved the game on first. */
async function openQuestion(deps: Deps, db: DB, game: repo.GameRow, index: number): Promise<{ endsAt: string } | undefined> {
  const now = deps.clock.now()
  const endsAt = new Date(now.getTime() + game.seconds_per_question * 1000).toISOString()
  const opened = await repo.changeState(db, game.id, game.version, {
    status: 'question',
    question_index: index,
    question_started: now.toISOString(),
    question_ends: endsAt,
  })
  return opened ? { endsAt } : undefined
}

/** Starts the game: teams are made (in a teams game) and the first question is asked. Host only. */
export async function startGame(deps: Deps, hub: GameHub, gameId: string, auth: AuthState): Promise<void> {
  const opened = await deps.db.transaction().execute(async (trx) => {
    const game = await repo.lockGame(trx, gameId)
    if (!game || game.host_id !== auth.user.id) throw gameNotFound()
    if (game.status !== 'lobby') throw conflict(undefined, gameMessages.alreadyStarted)
    const players = await repo.listPlayers(trx, gameId)
    if (players.length === 0) throw conflict(undefined, gameMessages.noPlayers)
    if (game.mode === 'teams') {
      const teams = dealTeams(players.length)
      for (const [index, player] of players.entries()) await repo.setTeam(trx, player.id, teams[index] ?? 0)
    }
    const question = await openQuestion(deps, trx, game, 0)
    if (!question) throw conflict(undefined, gameMessages.movedOn)
    return question
  })
  hub.scheduleClose(gameId, 0, opened.endsAt)
  hub.changed(gameId)
}

/**
 * The host moves on: a question being asked is closed (its answer shown), a shown answer is
 * followed by the next question, or after the last one the game ends (its code is free again).
 */
export async function nextStep(deps: Deps, hub: GameHub, gameId: string, auth: AuthState): Promise<void> {
  const game = await hostedGame(deps.db, gameId, auth)
  if (game.status === 'lobby') throw conflict(undefined, gameMessages.notStarted)
  if (game.status === 'ended') throw conflict(undefined, gameMessages.ended)
  if (game.status === 'question') {
    if (!(await repo.changeState(deps.db, gameId, game.version, { status: 'reveal' }))) throw conflict(undefined, gameMessages.movedOn)
  } else if (game.question_index + 1 < game.question_count) {
    const opened = await openQuestion(deps, deps.db, game, game.question_index + 1)
    if (!opened) throw conflict(undefined, gameMessages.movedOn)
    hub.scheduleClose(gameId, game.question_index + 1, opened.endsAt)
  } else {
    const ended = await repo.changeState(deps.db, gameId, game.version, { status: 'ended', ended: deps.clock.now().toISOString(), active_code: null })
    if (!ended) throw conflict(undefined, gameMessages.movedOn)
  }
  hub.changed(gameId)
}

/**
 * Closes question `index` if it is still being asked (its time is up, or every player answered):
 * written once whichever process or timer gets there first.
 */
export async function closeQuestion(deps: Deps, hub: GameHub, gameId: string, index: number): Promise<void> {
  const game = await repo.findGame(deps.db, gameId)
  if (!game || game.status !== 'question' || game.question_index !== index) return
  if (await repo.changeState(deps.db, gameId, game.version, { status: 'reveal' })) hub.changed(gameId)
}

class Late extends Error {}

/**
 * A player's answer, scored by the server: right and fast earns up to 1000, right at the last
 * moment 500, wrong 0. One answer per player and question; an answer to a question that is not
 * being asked (closed, not yet open, past its time) is 409.
 */
export async function answer(deps: Deps, hub: GameHub, caller: GameCaller & { role: 'player' }, input: Answer): Promise<GameAnswerResult> {
  const now = deps.clock.now()
  const gameId = caller.game.id
  let result: GameAnswerResult
  try {
    result = await deps.db.transaction().execute(async (trx) => {
      const game = await repo.findGameForAnswer(trx, gameId)
      if (!game) throw gameNotFound()
      if (game.status !== 'question' || game.question_index !== input.index || !game.question_started || !game.question_ends) {
        throw conflict(undefined, gameMessages.closed)
      }
      const started = new Date(game.question_started).getTime()
      const ends = new Date(game.question_ends).getTime()
      if (now.getTime() > ends) throw new Late()
      const question = await repo.findQuestion(trx, gameId, input.index)
      if (!question) throw conflict(undefined, gameMessages.closed)
      const correct = input.choice === question.correct_choice
      const points = pointsFor(correct, now.getTime() - started, ends - started)
      try {
        await repo.recordAnswer(trx, {
          player_id: caller.player.id,
          question_index: input.index,
          game_id: gameId,
          choice: input.choice,
          correct: correct ? 1 : 0,
          points,
          answered_at: now.toISOString(),
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(undefined, gameMessages.alreadyAnswered)
        throw error
      }
      return { correct, points }
    })
  } catch (error) {
    if (!(error instanceof Late)) throw error
    await closeQuestion(deps, hub, gameId, input.index)
    throw conflict(undefined, gameMessages.closed)
  }
  const { count, players } = await repo.answerProgress(deps.db, gameId, input.index)
  hub.answered(gameId, input.index, count)
  if (count >= players) await closeQuestion(deps, hub, gameId, input.index)
  return result
}

/** A picture of a question already asked in the game, for its host and players. */
export async function gamePicture(deps: Deps, caller: GameCaller, mediaId: string) {
  const asked = (await repo.listQuestions(deps.db, caller.game.id)).filter((question) => question.idx <= caller.game.question_index)
  const shown = asked.some((question) => [parseSide(question.prompt), ...parseChoices(question.choices)].some((side) => side.imageId === mediaId))
  const picture = shown ? await repo.findPicture(deps.db, mediaId) : undefined
  if (!picture) throw notFound(mediaMessages.notFound)
  return picture
}

/** Who answered what: for the host, from the first question to the last one asked. */
export async function gameResults(deps: Deps, gameId: string, auth: AuthState): Promise<GameResults> {
  const game = await hostedGame(deps.db, gameId, auth)
  const [questions, players, answers] = await Promise.all([
    repo.listQuestions(deps.db, gameId),
    repo.listPlayers(deps.db, gameId),
    repo.listAnswers(deps.db, gameId),
  ])
  const asked = questions.filter((question) => question.idx <= game.question_index)
  const choiceText = new Map(asked.map((question) => [question.idx, parseChoices(question.choices).map((side) => side.text)]))
  return {
    game: toGameSummary(game, players.length),
    questions: asked.map((question) => ({
      index: question.idx,
      prompt: parseSide(question.prompt).text,
      answer: choiceText.get(question.idx)?.[question.correct_choice] ?? '',
    })),
    players: players.map((player) => {
      const shown = toGamePlayer(player)
      return {
        id: player.id,
        nickname: player.nickname,
        team: shown.team?.name ?? null,
        userId: player.user_id,
        score: player.score,
        answers: answers
          .filter((row) => row.player_id === player.id)
          .map((row) => ({
            index: row.question_index,
            choice: row.choice,
            answer: choiceText.get(row.question_index)?.[row.choice] ?? '',
            correct: row.correct === 1,
            points: row.points,
            answeredAt: row.answered_at,
          })),
      }
    }),
  }
}

/** The results as a CSV attachment: one row per player and question asked (an unanswered one has no answer). */
export function resultsCsv(results: GameResults): ExportFile {
  const data = results.players.flatMap((player) =>
    results.questions.map((question) => {
      const given = player.answers.find((row) => row.index === question.index)
      return [
        player.nickname,
        player.team ?? '',
        question.index + 1,
        question.prompt,
        question.answer,
        given?.answer ?? '',
        given ? (given.correct ? 'yes' : 'no') : '',
        given?.points ?? 0,
        player.score,
        given?.answeredAt ?? '',
      ]
    }),
  )
  const body = Papa.unparse(
    { fields: ['Player', 'Team', 'Question', 'Prompt', 'Correct answer', 'Answer', 'Right', 'Points', 'Total score', 'Answered at'], data },
    { escapeFormulae: true, newline: '\r\n' },
  )
  return {
    contentType: 'text/csv; charset=utf-8',
    contentDisposition: contentDisposition(`${results.game.setTitle} live game ${results.game.created.slice(0, 10)}`, 'csv'),
    body: `${body}\r\n`,
  }
}

/** A class's games, newest first: for its teacher only. */
export async function classGames(deps: Deps, classId: string, auth: AuthState): Promise<{ items: GameSummary[] }> {
  const role = await roleInClass(deps, classId, auth)
  requireTeacher(role)
  const rows = await repo.listGamesOfClass(deps.db, classId)
  return { items: rows.map((row) => toGameSummary(row, row.player_count)) }
}
