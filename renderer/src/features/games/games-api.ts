import {
  type CreateGameInput,
  GAME_TOKEN_HEADER,
  type Game,
  type GameAnswerResult,
  type GameSummary,
  type JoinedGame,
  type JoinGameInput,
} from '#shared/api/games'
import { saveBlob } from '@/features/classes'
import { api, apiDownload, type Download } from '@/lib/api'

const gamePath = (id: string) => `/games/${encodeURIComponent(id)}`
const asPlayer = (playerToken: string) => ({ headers: { [GAME_TOKEN_HEADER]: playerToken } })

/** The live game calls (api.md "Live class game"). The host uses the account; a player their player token. */
export const gamesApi = {
  create: (input: CreateGameInput) => api.post<Game>('/games', input),
  /** Signed in, the account's token goes along and the player plays under their username. */
  join: (input: JoinGameInput) => api.post<JoinedGame>('/games/join', input),
  hostGet: (id: string, signal?: AbortSignal) => api.get<Game>(gamePath(id), { signal }),
  playerGet: (id: string, playerToken: string, signal?: AbortSignal) => api.get<Game>(gamePath(id), { ...asPlayer(playerToken), signal, token: null }),
  start: (id: string) => api.post(`${gamePath(id)}/start`),
  next: (id: string) => api.post(`${gamePath(id)}/next`),
  answer: (id: string, playerToken: string, index: number, choice: number) =>
    api.post<GameAnswerResult>(`${gamePath(id)}/answers`, { index, choice }, { ...asPlayer(playerToken), token: null }),
  resultsCsv: (id: string): Promise<Download> => apiDownload(`${gamePath(id)}/results?format=csv`),
  classGames: (classId: string, signal?: AbortSignal) => api.get<{ items: GameSummary[] }>(`/classes/${encodeURIComponent(classId)}/games`, { signal }),
}

/** Where a game's events come from: an EventSource sends no headers, so the token rides in the query. */
export const gameEventsUrl = (id: string, token: string) => `/api${gamePath(id)}/events?token=${encodeURIComponent(token)}`

/** A picture of the game for an <img>, which sends no headers either. */
export const gamePictureSrc = (url: string, token: string) => `${url}?token=${encodeURIComponent(token)}`

/** A player's seat in a game, kept on the phone so a reload or a dropped connection gets back in. */
export interface Seat {
  gameId: string
  code: string
  playerToken: string
}

const SEAT_KEY = 'cardwise.game.seat'

export const seats = {
  load(code?: string): Seat | undefined {
    try {
      const seat = JSON.parse(localStorage.getItem(SEAT_KEY) ?? 'null') as Seat | null
      return seat && (code === undefined || seat.code === code) ? seat : undefined
    } catch {
      return undefined
    }
  },
  save(seat: Seat): void {
    localStorage.setItem(SEAT_KEY, JSON.stringify(seat))
  },
  forget(): void {
    localStorage.removeItem(SEAT_KEY)
  },
}

/** Downloads a game's results as the CSV the server names. */
export async function downloadResults(gameId: string): Promise<void> {
  const file = await gamesApi.resultsCsv(gameId)
  saveBlob(file.blob, file.fileName ?? 'live-game.csv')
}
