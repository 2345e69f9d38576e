import Router from '@koa/router'
import { clockTimer } from '#server/clock'
import type { Deps } from '#server/deps'
import { requireUser, TOKEN_COOKIE } from '#server/access/auth'
import { frame, startEventStream } from '#server/http/event-stream'
import { accountContracts } from '#shared/api/contracts/accounts'
import { route } from '#server/http/route'
import type { AccountEvent } from '#server/events/account-events'

/** Browsers' EventSource waits this long before reconnecting (docs/content-rules.md, 'Sessions and timing'). */
const RECONNECT_DELAY_MS = 3000

/**
 * GET /api/realtime: a server-sent event stream of the caller's own account (`user.updated`,
 * `user.deleted`) with a comment heartbeat. The stream ends when the token it was opened with
 * stops being valid: credentials changed, account deleted, that session logged out, or the token
 * expired.
 */
export function realtimeRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: accountContracts.realtime,
      auth: 'token',
      summary: "A server-sent event stream of the caller's own account: user.updated, user.deleted and a heartbeat",
      description: `An EventSource cannot send headers, so the token may also come as the \`token\` query parameter or the \`${TOKEN_COOKIE}\` cookie. The stream ends when that token stops being valid.`,
      responses: { 200: { description: 'The event stream', contentTypes: ['text/event-stream'] } },
    },
    requireUser(deps, { allowQueryOrCookie: true }),
    async (ctx) => {
      const { user, sessionId, tokenExpiresAt } = ctx.state.auth
      const stream = startEventStream(ctx)

      const close = () => {
        unsubscribe()
        clearInterval(heartbeat)
        cancelExpiry()
        deps.shutdown.removeEventListener('abort', close)
        stream.end()
      }
      const onEvent = (event: AccountEvent) => {
        if (event.type === 'session.ended') {
          if (event.data.sessionId === sessionId) close()
          return
        }
        stream.write(frame(event.type, event.data))
        if (event.type === 'user.deleted' || event.data.tokenKeyChanged) close()
      }
      const unsubscribe = deps.events.subscribe(user.id, onEvent)
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), deps.config.realtimeHeartbeatSeconds * 1000)
      // A stream lives no longer than the token it was opened with; the client reconnects with a fresh one.
      const cancelExpiry = clockTimer(deps.clock, tokenExpiresAt.getTime() - deps.clock.now().getTime(), close)
      deps.shutdown.addEventListener('abort', close)
      ctx.res.on('close', close)

      stream.write(`retry: ${RECONNECT_DELAY_MS}\n\n`)
      stream.write(frame('ready', { userId: user.id }))
    },
  )

  return router
}
