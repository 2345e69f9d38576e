import { describe, expect, it } from 'vitest'
import { gameTeam } from '#shared/api/games'
import { byStanding, type CardForGame, dealTeams, drawQuestions, playableCards, pointsFor, teamStandings } from './game-rules'

const card = (id: string, definition = `${id} meaning`, extra: Partial<CardForGame> = {}): CardForGame => ({
  id,
  term: id,
  definition,
  term_image_id: null,
  definition_image_id: null,
  ...extra,
})

describe('pointsFor', () => {
  it('gives 1000 at once, 500 at the last moment, in a straight line between, and 0 when wrong', () => {
    expect(pointsFor(true, 0, 20_000)).toBe(1000)
    expect(pointsFor(true, 10_000, 20_000)).toBe(750)
    expect(pointsFor(true, 20_000, 20_000)).toBe(500)
    expect(pointsFor(true, 25_000, 20_000)).toBe(500)
    expect(pointsFor(true, -5, 20_000)).toBe(1000)
    expect(pointsFor(false, 0, 20_000)).toBe(0)
  })
  it('never gives more for a later answer', () => {
    let last = Number.POSITIVE_INFINITY
    for (let ms = 0; ms <= 5000; ms += 37) {
      const points = pointsFor(true, ms, 5000)
      expect(points).toBeLessThanOrEqual(last)
      last = points
    }
  })
})

describe('dealTeams', () => {
  it('makes as few teams of at most 4 as needed, sizes within one of each other', () => {
    const sizes = (n: number) => {
      const counts = new Map<number, number>()
      for (const team of dealTeams(n)) counts.set(team, (counts.get(team) ?? 0) + 1)
      return [...counts.values()]
    }
    expect(sizes(1)).toEqual([1])
    expect(sizes(4)).toEqual([4])
    expect(sizes(5)).toEqual([3, 2])
    expect(sizes(9)).toEqual([3, 3, 3])
    expect(sizes(60)).toEqual(Array(15).fill(4))
    for (let n = 1; n <= 60; n++) {
      const found = sizes(n)
      expect(Math.max(...found)).toBeLessThanOrEqual(4)
      expect(Math.max(...found) - Math.min(...found)).toBeLessThanOrEqual(1)
      expect(found.length).toBe(Math.ceil(n / 4))
    }
  })
})

describe('standings', () => {
  it('orders by score, then nickname; teams by the sum of their players', () => {
    const players = [
      { id: 'a', nickname: 'zed', team: gameTeam(0), score: 500 },
      { id: 'b', nickname: 'amy', team: gameTeam(1), score: 900 },
      { id: 'c', nickname: 'bob', team: gameTeam(0), score: 500 },
    ]
    expect(byStanding(players).map((player) => player.id)).toEqual(['b', 'c', 'a'])
    expect(teamStandings(players)).toEqual([
      { team: gameTeam(0), score: 1000, players: 2 },
      { team: gameTeam(1), score: 900, players: 1 },
    ])
    expect(teamStandings(players.map((player) => ({ ...player, team: null })))).toEqual([])
  })
})

describe('drawQuestions', () => {
  const cards = ['a', 'b', 'c', 'd', 'e'].map((id) => card(id))

  it('asks each card once before any twice, with its definition among three others', () => {
    const questions = drawQuestions(cards, 12)
    expect(questions).toHaveLength(12)
    expect(new Set(questions.slice(0, 5).map((question) => question.cardId)).size).toBe(5)
    expect(new Set(questions.slice(5, 10).map((question) => question.cardId)).size).toBe(5)
    for (const question of questions) {
      expect(question.prompt.text).toBe(question.cardId)
      expect(question.choices).toHaveLength(4)
      expect(question.choices[question.correctChoice]?.text).toBe(`${question.cardId} meaning`)
      expect(new Set(question.choices.map((choice) => choice.text)).size).toBe(4)
    }
  })

  it('puts the right answer in every place', () => {
    const places = new Set(drawQuestions(cards, 50).map((question) => question.correctChoice))
    expect([...places].sort()).toEqual([0, 1, 2, 3])
  })

  it('keeps one card per answer and only cards with both sides', () => {
    const kept = playableCards([
      card('a', 'same'),
      card('b', 'Same '),
      card('c', ''),
      card('d', '', { definition_image_id: 'm1' }),
      card('e', 'x', { term: ' ' }),
    ])
    expect(kept.map((each) => each.id)).toEqual(['a', 'd'])
  })
})
