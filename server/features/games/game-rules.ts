import { randomInt } from 'node:crypto'
import { type GamePlayer, type GameTeamStanding, gameTeam } from '#shared/api/games'
import { GAME_LIMITS } from '#shared/limits'

/**
 * The rules of a live game that need no database: points, teams, standings and the drawing of
 * questions. The server alone applies them (docs/study-rules.md, "Live class game").
 */

/**
 * Points for an answer: 0 when wrong; when right, 1000 at once down to 500 at the last moment,
 * in a straight line over the question's time. An answer is never scored after `endsAt` (the
 * service refuses it first), so `elapsedMs` past the time still earns no less than 500.
 */
export function pointsFor(correct: boolean, elapsedMs: number, durationMs: number): number {
  if (!correct) return 0
  const share = Math.min(Math.max(elapsedMs / durationMs, 0), 1)
  return Math.round(GAME_LIMITS.pointsMax - (GAME_LIMITS.pointsMax - GAME_LIMITS.pointsMin) * share)
}

/**
 * Teams of up to 4 from the players in the order they joined: as few teams as 4 per team allows,
 * dealt round the table so the sizes differ by one at most (9 players: 3, 3, 3; not 4, 4, 1).
 * Returns each player's team number.
 */
export function dealTeams(playerCount: number): number[] {
  const teams = Math.max(1, Math.ceil(playerCount / GAME_LIMITS.teamSize))
  return Array.from({ length: playerCount }, (_, index) => index % teams)
}

/** Highest score first; equal scores by nickname, so everyone sees the same order. */
export function byStanding<T extends { score: number; nickname: string }>(players: readonly T[]): T[] {
  return [...players].sort((a, b) => b.score - a.score || a.nickname.localeCompare(b.nickname))
}

/** The teams' scores (the sum of their players'), highest first; empty in a solo game. */
export function teamStandings(players: readonly GamePlayer[]): GameTeamStanding[] {
  const teams = new Map<number, GameTeamStanding>()
  for (const player of players) {
    if (!player.team) continue
    const standing = teams.get(player.team.id) ?? { team: gameTeam(player.team.id), score: 0, players: 0 }
    standing.score += player.score
    standing.players += 1
    teams.set(player.team.id, standing)
  }
  return [...teams.values()].sort((a, b) => b.score - a.score || a.team.id - b.team.id)
}

/** One side of a card as a question shows it. */
export interface QuestionSide {
  text: string
  imageId: string | null
}

export interface DrawnQuestion {
  cardId: string
  prompt: QuestionSide
  choices: QuestionSide[]
  correctChoice: number
}

export interface CardForGame {
  id: string
  term: string
  definition: string
  term_image_id: string | null
  definition_image_id: string | null
}

/** What makes two answers the same choice: the same text and picture. */
const answerKey = (card: CardForGame) => `${card.definition.trim().toLowerCase()}\u0000${card.definition_image_id ?? ''}`

export type RandomInt = (maxExclusive: number) => number

function shuffled<T>(items: readonly T[], random: RandomInt): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random(i + 1)
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy
}

/** The cards a game can ask: one per different answer (the first of each), with a term or picture to ask. */
export function playableCards(cards: readonly CardForGame[]): CardForGame[] {
  const seen = new Set<string>()
  return cards.filter((card) => {
    const key = answerKey(card)
    const askable = (card.term.trim() !== '' || card.term_image_id !== null) && (card.definition.trim() !== '' || card.definition_image_id !== null)
    if (!askable || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/**
 * `count` questions from the set's cards: each card once in a random order, then again in a new
 * order if the set has fewer cards than questions. Each question asks a card's term and offers its
 * definition among three definitions of other cards, in a random place. The cards must be
 * `playableCards` and at least 4 (the service checks).
 */
export function drawQuestions(cards: readonly CardForGame[], count: number, random: RandomInt = randomInt): DrawnQuestion[] {
  const questions: DrawnQuestion[] = []
  let round: CardForGame[] = []
  while (questions.length < count) {
    if (round.length === 0) round = shuffled(cards, random)
    const card = round.shift() as CardForGame
    const others = shuffled(
      cards.filter((other) => other.id !== card.id),
      random,
    ).slice(0, GAME_LIMITS.choices - 1)
    const correctChoice = random(GAME_LIMITS.choices)
    const wrong = others.map(definitionSide)
    const choices = [...wrong.slice(0, correctChoice), definitionSide(card), ...wrong.slice(correctChoice)]
    questions.push({ cardId: card.id, prompt: { text: card.term, imageId: card.term_image_id }, choices, correctChoice })
  }
  return questions
}

const definitionSide = (card: CardForGame): QuestionSide => ({ text: card.definition, imageId: card.definition_image_id })
