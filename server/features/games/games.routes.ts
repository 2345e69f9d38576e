import Router from '@koa/router'
import type { Context } from 'koa'
import { GAME_TOKEN_HEADER } from '#shared/api/games'
import type { Deps } from '#server/deps'
import { optionalUser, requireUser, requireVerifiedUser } from '#server/access/auth'
import { startEventStream } from '#server/http/event-stream'
import { route } from '#server/http/route'
import { GameHub } from './game-streams'
import { loadGameView } from './game-view'
import { gameApi } from './games.schemas'
import * as games from './games.service'

/** Browsers' EventSource waits this long before reconnecting. */
const RECONNECT_DELAY_MS = 2000

const WHO =
  'Its host (Authorization) or one of its players (the X-Game-Token header); a player token opens only its own game. No credentials: 401; anyone else: 404 `Game not found`.'

function bearerToken(ctx: Context): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1]
}

/**
 * The credentials of a game request: the user's token (Authorization) and the player's
 * (X-Game-Token); an EventSource or an <img> sends either as `?token=` (a player's starts `gp_`).
 */
function credentials(ctx: Context, { allowQuery }: { allowQuery: boolean }): games.GameCredentials {
  const found: games.GameCredentials = { bearer: bearerToken(ctx), playerToken: ctx.get(GAME_TOKEN_HEADER) || undefined }
  const query = ctx.query.token
  if (allowQuery && typeof query === 'string' && query && !found.bearer && !found.playerToken) {
    if (query.startsWith(games.PLAYER_TOKEN_PREFIX)) found.playerToken = query
    else found.bearer = query
  }
  return found
}

/**
 * The live class game (issue 29): a host makes a game on a set and shows it on a big screen;
 * players join with its code and answer from their phones; the server keeps the time and the
 * score, and tells every stream of the game (across processes) where the game is.
 */
export function gamesRoutes(deps: Deps): Router {
  const router = new Router()
  const hub: GameHub = new GameHub(deps, (gameId, index): Promise<void> => games.closeQuestion(deps, hub, gameId, index))

  route(
    router,
    {
      contract: gameApi.create,
      auth: 'verified',
      summary: 'Make a live game on a set the caller may read; the caller hosts it',
      description:
        "With classId, only the class's teacher may (a student: 403; anyone else: 404 `Class not found`). The set needs at least 4 cards with different answers (400 with a field message on setId). Questions are drawn now: each card's term, with its definition among three others of the set.",
      responses: { 201: { description: 'The game, in the lobby, with its 6-digit code' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      const view = await games.createGame(deps, ctx.state.auth, ctx.state.input)
      ctx.status = 201
      ctx.body = { ...view, me: null }
    },
  )

  route(
    router,
    {
      contract: gameApi.join,
      auth: 'none',
      summary: 'Join a game with its code and a nickname; no account needed',
      description:
        'A signed-in player plays under their username (the nickname is then ignored) and, joining again, gets their place back with a new token, even after the start. Nicknames are cleaned like saved text (markup stripped, profanity masked), at most 20 characters, unique per game (409 with a field message). Unknown code: 404; the game started, ended or full (60 players): 409 with a message saying which. Failed codes are limited per client address like class joins.',
      responses: { 201: { description: 'The game, the player and the token that opens this game only' } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await games.joinGame(deps, hub, ctx.state.auth, ctx.state.input, ctx.ip)
    },
  )

  route(
    router,
    {
      contract: gameApi.get,
      auth: 'token',
      summary: 'The game: status, players, the current question, the answer once shown, the standings',
      description: `${WHO} A player also gets \`me\`: their own place and the last question they answered (a reloaded phone picks up where it was).`,
      responses: { 200: { description: 'The game' } },
    },
    async (ctx) => {
      const caller = await games.gameCaller(deps, ctx.params.id ?? '', credentials(ctx, { allowQuery: false }))
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await games.gameFor(deps, hub, caller)
    },
  )

  route(
    router,
    {
      contract: gameApi.start,
      auth: 'token',
      summary: 'Start the game: teams are made (teams mode) and the first question is asked; host only',
      description: 'Anyone but the host: 404. Already started, or no player yet: 409.',
      responses: { 204: { description: 'Started' } },
    },
    requireUser(deps),
    async (ctx) => {
      await games.startGame(deps, hub, ctx.params.id ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: gameApi.next,
      auth: 'token',
      summary: 'Move on: close the question and show its answer, or ask the next question, or after the last one end the game; host only',
      description: 'Anyone but the host: 404. Not started or ended: 409; moved on meanwhile (the time ran out): 409.',
      responses: { 204: { description: 'Moved on' } },
    },
    requireUser(deps),
    async (ctx) => {
      await games.nextStep(deps, hub, ctx.params.id ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: gameApi.answer,
      auth: 'token',
      summary: "A player's answer to the current question; the server scores it",
      description: `Players only (the ${GAME_TOKEN_HEADER} header); anyone else: 401 without it, 404 with another game's. A right answer earns 1000 at once down to 500 at the last moment, a wrong one 0. A second answer to a question, or an answer to a question not being asked (closed, past its time): 409.`,
      responses: { 200: { description: 'Whether it was right and the points won' } },
    },
    async (ctx) => {
      const { playerToken } = credentials(ctx, { allowQuery: false })
      if (!playerToken) {
        await games.gameCaller(deps, ctx.params.id ?? '', { bearer: bearerToken(ctx) })
        throw games.playersOnly()
      }
      const caller = await games.gameCaller(deps, ctx.params.id ?? '', { playerToken })
      if (caller.role !== 'player') throw games.playersOnly()
      ctx.body = await games.answer(deps, hub, caller, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: gameApi.events,
      auth: 'token',
      summary: 'A server-sent event stream of the game: lobby, question, answered, reveal, ended',
      description: `${WHO} An EventSource cannot send headers: the host's token or the player token comes as \`?token=\`. The first event is where the game is now; the stream ends after \`ended\`.`,
      responses: { 200: { description: 'The event stream', contentTypes: ['text/event-stream'] } },
    },
    async (ctx) => {
      const caller = await games.gameCaller(deps, ctx.params.id ?? '', credentials(ctx, { allowQuery: true }))
      const gameId = caller.game.id
      const view = await loadGameView(deps.db, gameId)
      if (!view) throw games.gameNotFound()
      const stream = startEventStream(ctx)
      stream.write(`retry: ${RECONNECT_DELAY_MS}\n\n`)
      const leave = await hub.join(gameId, stream, view)
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), deps.config.realtimeHeartbeatSeconds * 1000)
      const close = () => {
        clearInterval(heartbeat)
        leave()
        stream.end()
      }
      stream.on('finish', close)
      ctx.res.on('close', close)
      if (view.status === 'ended') close()
    },
  )

  route(
    router,
    {
      contract: gameApi.picture,
      auth: 'token',
      summary: "A picture of a question the game has asked, for the game's host and players",
      description: `${WHO} An <img> sends the token as \`?token=\`. A picture the game has not shown yet: 404.`,
      responses: { 200: { description: 'The picture', contentTypes: ['image/webp'] } },
    },
    async (ctx) => {
      const caller = await games.gameCaller(deps, ctx.params.id ?? '', credentials(ctx, { allowQuery: true }))
      const picture = await games.gamePicture(deps, caller, ctx.params.mediaId ?? '')
      ctx.set('X-Content-Type-Options', 'nosniff')
      ctx.set('Cache-Control', 'private, max-age=3600')
      ctx.set('Content-Security-Policy', "default-src 'none'; sandbox")
      ctx.type = picture.type
      ctx.body = picture.data
    },
  )

  route(
    router,
    {
      contract: gameApi.results,
      auth: 'token',
      summary: 'Who answered what in the game; host only',
      description: 'Anyone but the host: 404. format=csv answers a CSV attachment: one row per player and question asked.',
      responses: { 200: { description: 'The results, or the same as CSV', contentTypes: ['application/json', 'text/csv'] } },
    },
    requireUser(deps),
    async (ctx) => {
      const results = await games.gameResults(deps, ctx.params.id ?? '', ctx.state.auth)
      ctx.set('Cache-Control', 'no-store')
      if (ctx.state.input.format === 'csv') {
        const file = games.resultsCsv(results)
        ctx.type = file.contentType
        ctx.set('Content-Disposition', file.contentDisposition)
        ctx.body = file.body
        return
      }
      ctx.body = results
    },
  )

  route(
    router,
    {
      contract: gameApi.classGames,
      auth: 'verified',
      summary: "The class's live games, newest first; teacher only",
      description: "A student of the class: 403; anyone else: 404 `Class not found`. Each game's results: GET /api/games/{id}/results.",
      responses: { 200: { description: 'The games' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await games.classGames(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  return router
}
