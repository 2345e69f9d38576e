import { type CreateGameInput, GAME_TOKEN_HEADER, type JoinGameInput } from '#shared/api/games'
import { saveBlob } from '@/lib/browser'
import { api, apiDownload, type Download } from '@/lib/api'

const gamePath = (id: string) => `/games/${encodeURIComponent(id)}`
const at = (id: string) => ({ params: { id } })
const asPlayer = (playerToken: string) => ({ headers: { [GAME_TOKEN_HEADER]: playerToken }, token: null })

/** The live game calls (api.md "Live class game"). The host uses the account; a player their player token. */
export const gamesApi = {
  create: (input: CreateGameInput) => api('POST /api/games', { body: input }),
  /** Signed in, the account's token goes along and the player plays under their username. */
  join: (input: JoinGameInput) => api('POST /api/games/join', { body: input }),
  hostGet: (id: string, signal?: AbortSignal) => api('GET /api/games/:id', { ...at(id), signal }),
  playerGet: (id: string, playerToken: string, signal?: AbortSignal) => api('GET /api/games/:id', { ...at(id), ...asPlayer(playerToken), signal }),
  start: (id: string) => api('POST /api/games/:id/start', at(id)),
  next: (id: string) => api('POST /api/games/:id/next', at(id)),
  answer: (id: string, playerToken: string, index: number, choice: number) =>
    api('POST /api/games/:id/answers', { ...at(id), body: { index, choice }, ...asPlayer(playerToken) }),
  resultsCsv: (id: string): Promise<Download> => apiDownload('GET /api/games/:id/results', { ...at(id), query: { format: 'csv' } }),
  classGames: (classId: string, signal?: AbortSignal) => api('GET /api/classes/:id/games', { ...at(classId), signal }),
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
