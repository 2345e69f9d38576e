import { z } from 'zod'
import { maskProfanity } from '#shared/text/profanity'
import { type StripMarkup, textMessages } from './sets'
import { gameMessages } from '#shared/messages'
import { GAME_LIMITS } from '#shared/limits'

/**
 * The live class game (api.md, "Third round" > "Live class game", issue 29): a host shows the
 * questions on a big screen, players answer on their phones. The request schemas, the answer
 * shapes (zod, for the OpenAPI document) and the texts people see.
 */

export const GAME_CODE_LENGTH = 6

export const GAME_MODES = ['solo', 'teams'] as const
export type GameMode = (typeof GAME_MODES)[number]

export const GAME_STATUSES = ['lobby', 'question', 'reveal', 'ended'] as const
export type GameStatus = (typeof GAME_STATUSES)[number]

/** The header a player's token travels in (the event stream takes it as `?token=`). */
export const GAME_TOKEN_HEADER = 'X-Game-Token'

/** A 6-digit code as people type it: spaces and dashes are ignored. */
export function normalizeGameCode(code: string): string {
  return code.replace(/[\s-]+/g, '')
}

/** The page a phone opens from the QR code on the host's screen. */
export function playPath(code: string): string {
  return `/play/${encodeURIComponent(code)}`
}

const whole = (message: string, min: number, max: number) => z.number({ error: message }).int(message).min(min, message).max(max, message)

/**
 * The nickname a player chooses: markup stripped, trimmed, required, at most 20 characters, and
 * profane words masked with asterisks (like the contact form: a masked nickname still plays).
 */
function nicknameField(strip: StripMarkup) {
  const label = 'Nickname'
  return z
    .string({ error: textMessages.empty(label) })
    .transform((value) => strip(value).replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, textMessages.empty(label)).max(GAME_LIMITS.nickname, textMessages.tooLong(label, GAME_LIMITS.nickname)).transform(maskProfanity))
}

/** The request schemas of the game routes, built around a markup stripper (as the set schemas are). */
export function createGameSchemas(strip: StripMarkup) {
  return {
    createGame: z.object({
      setId: z.string({ error: gameMessages.setIdRequired }).min(1, gameMessages.setIdRequired).max(64, 'setId is not a set id.'),
      classId: z.string({ error: 'classId is not a class id.' }).min(1).max(64, 'classId is not a class id.').optional(),
      mode: z.enum(GAME_MODES, { error: gameMessages.mode }).optional().default('solo'),
      questionCount: whole(gameMessages.questionCount, GAME_LIMITS.questionsMin, GAME_LIMITS.questionsMax).optional().default(GAME_LIMITS.questionsDefault),
      secondsPerQuestion: whole(gameMessages.seconds, GAME_LIMITS.secondsMin, GAME_LIMITS.secondsMax).optional().default(GAME_LIMITS.secondsDefault),
    }),
    /** A signed-in player plays under their username: their nickname may be left out. */
    joinGame: z.object({
      code: z
        .string({ error: gameMessages.codeInvalid })
        .max(32, gameMessages.codeInvalid)
        .transform(normalizeGameCode)
        .pipe(z.string().regex(/^\d{6}$/, gameMessages.codeInvalid)),
      nickname: nicknameField(strip).optional(),
    }),
    answer: z.object({
      index: whole(gameMessages.index, 0, GAME_LIMITS.questionsMax - 1),
      choice: whole(gameMessages.choice, 0, GAME_LIMITS.choices - 1),
    }),
  }
}

export type GameSchemas = ReturnType<typeof createGameSchemas>
export type CreateGameInput = z.input<GameSchemas['createGame']>
export type JoinGameInput = z.input<GameSchemas['joinGame']>
export type GameAnswerInput = z.input<GameSchemas['answer']>

/** GET /api/games/:id/results: JSON by default, `format=csv` for a spreadsheet. */
export const gameResultsQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv.' }).optional().default('json'),
})

// The answers.

const pictureSchema = z.object({ id: z.string(), url: z.string(), width: z.number().int(), height: z.number().int() })

export const gameTeamSchema = z.object({
  id: z.number().int().describe('0-based team number'),
  name: z.string(),
  color: z.string().describe('CSS colour of the team'),
})

export const gamePlayerSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  team: gameTeamSchema.nullable().describe('Null in solo mode, and in teams mode until the game starts (teams are made at the start).'),
  score: z.number().int(),
})

export const gameSideSchema = z.object({
  text: z.string().describe('The text as the card holds it (may be empty when there is a picture)'),
  image: pictureSchema.nullable().describe('The picture, served to the game only: /api/games/{id}/media/{mediaId}'),
})

export const gameQuestionSchema = z.object({
  index: z.number().int().describe('0-based'),
  total: z.number().int(),
  prompt: gameSideSchema,
  choices: z.array(gameSideSchema).length(4),
  startedAt: z.string(),
  endsAt: z.string().describe('When the server stops taking answers (ISO 8601 time)'),
  answered: z.number().int().describe('How many players have answered so far'),
})

export const gameTeamStandingSchema = z.object({ team: gameTeamSchema, score: z.number().int(), players: z.number().int() })

export const gameRevealSchema = z.object({
  index: z.number().int(),
  correctChoice: z.number().int(),
  counts: z.array(z.number().int()).length(4).describe('How many players picked each choice'),
  scores: z.array(gamePlayerSchema.extend({ points: z.number().int().describe('Points won on this question') })).describe('Every player, highest score first'),
  teams: z.array(gameTeamStandingSchema).describe('Teams mode: the teams, highest score first; solo: empty'),
})

export const gameSchema = z.object({
  id: z.string(),
  code: z.string().describe('6 digits'),
  status: z.enum(GAME_STATUSES),
  mode: z.enum(GAME_MODES),
  setTitle: z.string(),
  classId: z.string().nullable(),
  questionCount: z.number().int(),
  secondsPerQuestion: z.number().int(),
  players: z.array(gamePlayerSchema).describe('In the order they joined'),
  question: gameQuestionSchema.nullable().describe('The current question while it is asked or revealed'),
  reveal: gameRevealSchema.nullable().describe('The answer of the current question once it is revealed'),
  standings: z.array(gamePlayerSchema).describe('Highest score first'),
  teams: z.array(gameTeamStandingSchema),
  me: gamePlayerSchema
    .extend({ answeredIndex: z.number().int().nullable().describe('The last question this player answered') })
    .nullable()
    .describe("The calling player (a player's token); null for the host"),
  created: z.string(),
})

export const joinedGameSchema = z.object({
  game: gameSchema,
  player: gamePlayerSchema.omit({ score: true }),
  playerToken: z.string().describe(`Send it as the ${GAME_TOKEN_HEADER} header (or ?token= on the event stream); it opens only this game`),
})

export const gameAnswerResultSchema = z.object({ correct: z.boolean(), points: z.number().int() })

export const gameSummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(GAME_STATUSES),
  mode: z.enum(GAME_MODES),
  setId: z.string().nullable(),
  setTitle: z.string(),
  classId: z.string().nullable(),
  playerCount: z.number().int(),
  questionCount: z.number().int(),
  created: z.string(),
  ended: z.string().nullable(),
})

export const gameResultsSchema = z.object({
  game: gameSummarySchema,
  questions: z.array(z.object({ index: z.number().int(), prompt: z.string(), answer: z.string() })),
  players: z.array(
    z.object({
      id: z.string(),
      nickname: z.string(),
      team: z.string().nullable(),
      userId: z.string().nullable().describe('The account a signed-in player joined with'),
      score: z.number().int(),
      answers: z.array(
        z.object({
          index: z.number().int(),
          choice: z.number().int(),
          answer: z.string(),
          correct: z.boolean(),
          points: z.number().int(),
          answeredAt: z.string(),
        }),
      ),
    }),
  ),
})

export type GameTeam = z.output<typeof gameTeamSchema>
export type GamePlayer = z.output<typeof gamePlayerSchema>
export type GameSide = z.output<typeof gameSideSchema>
export type GameQuestion = z.output<typeof gameQuestionSchema>
export type GameReveal = z.output<typeof gameRevealSchema>
export type GameTeamStanding = z.output<typeof gameTeamStandingSchema>
export type Game = z.output<typeof gameSchema>
export type JoinedGame = z.output<typeof joinedGameSchema>
export type GameAnswerResult = z.output<typeof gameAnswerResultSchema>
export type GameSummary = z.output<typeof gameSummarySchema>
export type GameResults = z.output<typeof gameResultsSchema>

/** The events of GET /api/games/:id/events, by name. */
export interface GameEventMap {
  lobby: { code: string; players: GamePlayer[] }
  question: GameQuestion
  answered: { index: number; count: number }
  reveal: GameReveal
  ended: { standings: GamePlayer[]; teams: GameTeamStanding[] }
}

/** The shared answer schemas of the game routes, by name, for the OpenAPI document. */
export const gameResponseSchemas = {
  Game: gameSchema,
  JoinedGame: joinedGameSchema,
  GameAnswerResult: gameAnswerResultSchema,
  GameSummary: gameSummarySchema,
  GameResults: gameResultsSchema,
  GameSummaries: z.object({ items: z.array(gameSummarySchema) }),
} as const

/**
 * The teams of a teams game: up to 15 (60 players in fours), each a colour people can name. The
 * colours are the team's mark beside its name, never the only sign of it.
 */
export const GAME_TEAMS: readonly { name: string; color: string }[] = [
  { name: 'Red', color: '#d62828' },
  { name: 'Blue', color: '#1f6feb' },
  { name: 'Green', color: '#2a9d3f' },
  { name: 'Yellow', color: '#f2c300' },
  { name: 'Purple', color: '#8e44ad' },
  { name: 'Orange', color: '#f07b10' },
  { name: 'Teal', color: '#14a3a3' },
  { name: 'Pink', color: '#e0559b' },
  { name: 'Brown', color: '#8b5a2b' },
  { name: 'Grey', color: '#7d8590' },
  { name: 'Navy', color: '#1b2a6b' },
  { name: 'Lime', color: '#8bc34a' },
  { name: 'Maroon', color: '#800020' },
  { name: 'Sky', color: '#5ab4e5' },
  { name: 'Olive', color: '#6b7a1f' },
]

/** The team of this number (a number past the list wraps around, which 60 players never reach). */
export function gameTeam(id: number): GameTeam {
  const team = GAME_TEAMS[id % GAME_TEAMS.length] ?? GAME_TEAMS[0]!
  return { id, name: `${team.name} team`, color: team.color }
}
