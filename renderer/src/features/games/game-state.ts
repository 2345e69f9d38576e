import type { Game, GameEventMap } from '#shared/api/games'

/** What an event of the stream changes in the game a page holds (the stream's first event is where the game is now). */
export function applyGameEvent<K extends keyof GameEventMap>(game: Game, type: K, data: GameEventMap[K]): Game {
  switch (type) {
    case 'lobby': {
      const lobby = data as GameEventMap['lobby']
      return { ...game, status: 'lobby', players: lobby.players, standings: lobby.players }
    }
    case 'question': {
      const question = data as GameEventMap['question']
      return { ...game, status: 'question', question, reveal: null }
    }
    case 'answered': {
      const answered = data as GameEventMap['answered']
      if (!game.question || game.question.index !== answered.index) return game
      return { ...game, question: { ...game.question, answered: Math.max(game.question.answered, answered.count) } }
    }
    case 'reveal': {
      const reveal = data as GameEventMap['reveal']
      const players = reveal.scores.map(({ points: _points, ...player }) => player)
      const me = game.me ? { ...game.me, ...(players.find((player) => player.id === game.me?.id) ?? {}) } : null
      return { ...game, status: 'reveal', reveal, standings: players, teams: reveal.teams, me }
    }
    case 'ended': {
      const ended = data as GameEventMap['ended']
      const me = game.me ? { ...game.me, ...(ended.standings.find((player) => player.id === game.me?.id) ?? {}) } : null
      return { ...game, status: 'ended', standings: ended.standings, teams: ended.teams, me }
    }
    default:
      return game
  }
}

/** The place (1-based) of a player in the standings, sharing a place with equal scores. */
export function placeOf(standings: readonly { id: string; score: number }[], playerId: string): number | undefined {
  const found = standings.find((player) => player.id === playerId)
  if (!found) return undefined
  return standings.filter((player) => player.score > found.score).length + 1
}

/** Whole seconds left until `endsAt` (never below 0). */
export function secondsLeft(endsAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000))
}
