import type { Clock } from './clock'
import type { AppConfig } from './config'
import type { DB } from './db/database'
import type { Mailer } from '#server/mail/mailer'
import type { AccountEvents } from '#server/events/account-events'
import type { GameEvents } from '#server/events/game-events'
import type { RateLimitStore } from './http/rate-limit'
import type { Logger } from './logger'

/** Everything a request handler may use; built once by `createApp` and passed down explicitly. */
export interface Deps {
  config: AppConfig
  db: DB
  mailer: Mailer
  clock: Clock
  events: AccountEvents
  /** Signals of live games to the processes holding their streams (server/features/games). */
  gameEvents: GameEvents
  rateLimitStore: RateLimitStore
  logger: Logger
  /** Aborted when the server shuts down, so long-lived responses (event streams) end. */
  shutdown: AbortSignal
}
