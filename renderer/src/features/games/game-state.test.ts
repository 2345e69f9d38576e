import { describe, expect, it } from 'vitest'
import type { Game } from '#shared/api/games'
import { applyGameEvent, placeOf, secondsLeft } from './game-state'

const base: Game = {
  id: 'g',
  code: '123456',
  status: 'lobby',
  mode: 'solo',
  setTitle: 'Set',
  classId: null,
  questionCount: 5,
  secondsPerQuestion: 20,
  players: [],
  question: null,
  reveal: null,
  standings: [],
  teams: [],
  me: { id: 'p1', nickname: 'Ann', team: null, score: 0, answeredIndex: null },
  created: '2026-01-01T00:00:00.000Z',
}
const question = { index: 0, total: 5, prompt: { text: 'q', image: null }, choices: [], startedAt: 'a', endsAt: 'b', answered: 0 }

describe('applyGameEvent', () => {
  it('follows the game: lobby, question, answers coming in, reveal (with my score), end', () => {
    const players = [{ id: 'p1', nickname: 'Ann', team: null, score: 0 }]
    let game = applyGameEvent(base, 'lobby', { code: '123456', players })
    expect(game.players).toEqual(players)
    game = applyGameEvent(game, 'question', question)
    expect(game.status).toBe('question')
    game = applyGameEvent(game, 'answered', { index: 0, count: 3 })
    expect(game.question?.answered).toBe(3)
    // A count of another question, or an older count, changes nothing.
    expect(applyGameEvent(game, 'answered', { index: 1, count: 9 }).question?.answered).toBe(3)
    expect(applyGameEvent(game, 'answered', { index: 0, count: 2 }).question?.answered).toBe(3)
    game = applyGameEvent(game, 'reveal', {
      index: 0,
      correctChoice: 2,
      counts: [0, 0, 1, 0],
      scores: [{ id: 'p1', nickname: 'Ann', team: null, score: 900, points: 900 }],
      teams: [],
    })
    expect(game.me?.score).toBe(900)
    expect(game.standings).toEqual([{ id: 'p1', nickname: 'Ann', team: null, score: 900 }])
    game = applyGameEvent(game, 'ended', { standings: [{ id: 'p1', nickname: 'Ann', team: null, score: 1500 }], teams: [] })
    expect(game.status).toBe('ended')
    expect(game.me?.score).toBe(1500)
  })
})

it('placeOf shares a place between equal scores', () => {
  const standings = [
    { id: 'a', score: 900 },
    { id: 'b', score: 900 },
    { id: 'c', score: 500 },
  ]
  expect([placeOf(standings, 'a'), placeOf(standings, 'b'), placeOf(standings, 'c'), placeOf(standings, 'x')]).toEqual([1, 1, 3, undefined])
})

it('secondsLeft rounds up and stops at 0', () => {
  expect(secondsLeft('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:00.500Z'))).toBe(10)
  expect(secondsLeft('2026-01-01T00:00:10.000Z', Date.parse('2026-01-01T00:00:11.000Z'))).toBe(0)
})
