import { apiRouters } from '#server/app'
import { loadConfig } from '#server/config'
import { openSqliteDatabase } from '#server/db/database'
import { MemoryRateLimitStore } from '#server/http/rate-limit'
import { silentLogger } from '#server/logger'
import { systemClock } from '#server/clock'
import { MemoryAccountEvents } from '#server/events/account-events'
import { MemoryGameEvents } from '#server/events/game-events'

export interface ServedRoute {
  method: string
  /** The router's pattern, e.g. `/api/sets/:id/cards/:cardId`. */
  path: string
}

/**
 * Every (method, path) the app serves, read from the routers `createApp` mounts (HEAD goes with
 * GET). Building routers touches no database, so a throwaway in-memory one stands in.
 */
export function servedRoutes(): ServedRoute[] {
  const db = openSqliteDatabase(':memory:')
  try {
    const routers = apiRouters({
      config: { ...loadConfig({}), authSecret: 'route-list-only' },
      db,
      mailer: { send: async () => {}, close: () => {} },
      clock: systemClock,
      events: new MemoryAccountEvents(),
      gameEvents: new MemoryGameEvents(),
      rateLimitStore: new MemoryRateLimitStore(),
      logger: silentLogger,
      shutdown: new AbortController().signal,
    })
    return routers.flatMap((router) =>
      router.stack.flatMap((layer) => layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
    )
  } finally {
    void db.destroy()
  }
}
