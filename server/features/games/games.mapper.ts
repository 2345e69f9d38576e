import { type GamePlayer, type GameSide, type GameSummary, gameTeam } from '#shared/api/games'
import type { QuestionSide } from './game-rules'
import type { GameRow, PlayerRow } from './games.repo'

export function toGamePlayer(row: PlayerRow): GamePlayer {
  return { id: row.id, nickname: row.nickname, team: row.team === null ? null : gameTeam(row.team), score: row.score }
}

/** Where a game serves the pictures of its questions (to its host and players only). */
export const gamePictureUrl = (gameId: string, mediaId: string) => `/api/games/${encodeURIComponent(gameId)}/media/${encodeURIComponent(mediaId)}`

/** A stored side of a question as the API shows it; a picture that is gone shows as none. */
export function toGameSide(gameId: string, side: QuestionSide, sizes: Map<string, { width: number; height: number }>): GameSide {
  const size = side.imageId === null ? undefined : sizes.get(side.imageId)
  return {
    text: side.text,
    image: side.imageId !== null && size ? { id: side.imageId, url: gamePictureUrl(gameId, side.imageId), ...size } : null,
  }
}

export function parseSide(json: string): QuestionSide {
  return JSON.parse(json) as QuestionSide
}

export function parseChoices(json: string): QuestionSide[] {
  return JSON.parse(json) as QuestionSide[]
}

export function toGameSummary(row: GameRow, playerCount: number): GameSummary {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    mode: row.mode,
    setId: row.set_id,
    setTitle: row.set_title,
    classId: row.class_id,
    playerCount,
    questionCount: row.question_count,
    created: row.created,
    ended: row.ended,
  }
}
