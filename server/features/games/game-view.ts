import type { Game, GameEventMap, GameQuestion, GameReveal } from '#shared/api/games'
import type { DB } from '#server/db/database'
import { byStanding, teamStandings } from './game-rules'
import { parseChoices, parseSide, toGamePlayer, toGameSide } from './games.mapper'
import * as repo from './games.repo'

/** Everything of a game but the caller's own player (`me`), as the host and every player see it. */
export type GameView = Omit<Game, 'me'>

/** Reads the game's state as the API shows it, or undefined when the game is gone. */
export async function loadGameView(db: DB, gameId: string): Promise<GameView | undefined> {
  const row = await repo.findGame(db, gameId)
  if (!row) return undefined
  const playerRows = await repo.listPlayers(db, gameId)
  const players = playerRows.map(toGamePlayer)
  const standings = byStanding(players)
  const teams = teamStandings(players)
  let question: GameQuestion | null = null
  let reveal: GameReveal | null = null
  const asking = row.status === 'question' || row.status === 'reveal'
  const questionRow = asking ? await repo.findQuestion(db, gameId, row.question_index) : undefined
  if (questionRow && row.question_started && row.question_ends) {
    const prompt = parseSide(questionRow.prompt)
    const choices = parseChoices(questionRow.choices)
    const pictureIds = [prompt, ...choices].flatMap((side) => (side.imageId === null ? [] : [side.imageId]))
    const sizes = await repo.pictureSizes(db, pictureIds)
    const answers = await repo.answersToQuestion(db, gameId, row.question_index)
    question = {
      index: row.question_index,
      total: row.question_count,
      prompt: toGameSide(gameId, prompt, sizes),
      choices: choices.map((choice) => toGameSide(gameId, choice, sizes)),
      startedAt: row.question_started,
      endsAt: row.question_ends,
      answered: answers.length,
    }
    if (row.status === 'reveal') {
      const counts = [0, 0, 0, 0]
      const points = new Map<string, number>()
      for (const answer of answers) {
        counts[answer.choice] = (counts[answer.choice] ?? 0) + 1
        points.set(answer.player_id, answer.points)
      }
      reveal = {
        index: row.question_index,
        correctChoice: questionRow.correct_choice,
        counts,
        scores: standings.map((player) => ({ ...player, points: points.get(player.id) ?? 0 })),
        teams,
      }
    }
  }
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    mode: row.mode,
    setTitle: row.set_title,
    classId: row.class_id,
    questionCount: row.question_count,
    secondsPerQuestion: row.seconds_per_question,
    players,
    question,
    reveal,
    standings,
    teams,
    created: row.created,
  }
}

/** The event that tells a stream where the game is now: each state has one. */
export function stateEvent(view: GameView): { [K in keyof GameEventMap]: { type: K; data: GameEventMap[K] } }[keyof GameEventMap] {
  if (view.status === 'lobby') return { type: 'lobby', data: { code: view.code, players: view.players } }
  if (view.status === 'ended') return { type: 'ended', data: { standings: view.standings, teams: view.teams } }
  if (view.status === 'reveal' && view.reveal) return { type: 'reveal', data: view.reveal }
  if (view.question) return { type: 'question', data: view.question }
  return { type: 'lobby', data: { code: view.code, players: view.players } }
}
