import Router from '@koa/router'
import Koa from 'koa'
import { type Clock, systemClock } from './clock'
import type { AppConfig } from './config'
import type { DB } from './db/database'
import type { Deps } from './deps'
import { authRoutes } from './features/accounts/auth.routes'
import { cardsRoutes } from './features/sets/cards.routes'
import { classesRoutes } from './features/classes/classes.routes'
import { contactRoutes } from './features/contact/contact.routes'
import { gamesRoutes } from './features/games/games.routes'
import { healthRoutes } from './features/health/health.routes'
import { MEDIA_UPLOAD_PATH, mediaRoutes } from './features/media/media.routes'
import { foldersRoutes } from './features/folders/folders.routes'
import { studyOptionsRoutes } from './features/study-options/study-options.routes'
import { REMINDER_UNSUBSCRIBE_PATH, remindersRoutes } from './features/reminders/reminders.routes'
import { importsRoutes } from './features/imports/imports.routes'
import { openApiRoutes } from './features/openapi/openapi.routes'
import type { Mailer } from '#server/mail/mailer'
import { type AccountEvents, MemoryAccountEvents } from '#server/events/account-events'
import { type GameEvents, MemoryGameEvents } from '#server/events/game-events'
import { memoryRoutes } from './features/memory/memory.routes'
import { realtimeRoutes } from './features/realtime/realtime.routes'
import { setsRoutes } from './features/sets/sets.routes'
import { starsRoutes } from './features/stars/stars.routes'
import { studyRoutes } from './features/study/study.routes'
import { usersRoutes } from './features/accounts/users.routes'
import { allowedHostsOnly, type HostAllowlist } from './http/allowed-hosts'
import { jsonBody, MAX_IMPORT_BODY_BYTES } from './http/body'
import { errorMiddleware } from './http/error-middleware'
import { requestLanguage } from './http/locale'
import { MemoryRateLimitStore, type RateLimitStore } from './http/rate-limit'
import { readRouting } from './http/read-routing'
import { requestLog } from './http/request-log'
import { securityHeaders } from './http/security-headers'
import { serveRenderer } from './http/static'
import { consoleLogger, type Logger } from './logger'

export interface AppOptions {
  config: AppConfig
  db: DB
  mailer: Mailer
  clock?: Clock
  events?: AccountEvents
  gameEvents?: GameEvents
  rateLimitStore?: RateLimitStore
  logger?: Logger
  shutdown?: AbortSignal
  /** The React build to serve; without it the app serves only the API. */
  rendererDir?: string
  /** Serve only requests whose Host header is on this list (the desktop app's); unset: any Host. */
  allowedHosts?: HostAllowlist
}

/**
 * Every API router, in the order they are mounted, the OpenAPI document's last: it is built from
 * the routes of all the others. Exported so the permission-matrix and OpenAPI tests can list every
 * (method, path) and fail when a route has no row in their tables.
 */
export function apiRouters(deps: Deps): Router[] {
  const routers = [
    healthRoutes(deps),
    authRoutes(deps),
    usersRoutes(deps),
    realtimeRoutes(deps),
    setsRoutes(deps),
    cardsRoutes(deps),
    studyRoutes(deps),
    memoryRoutes(deps),
    starsRoutes(deps),
    classesRoutes(deps),
    gamesRoutes(deps),
    contactRoutes(deps),
    mediaRoutes(deps),
    importsRoutes(deps),
    foldersRoutes(deps),
    studyOptionsRoutes(deps),
    remindersRoutes(deps),
  ]
  return [...routers, openApiRoutes(routers)]
}

/** Builds the Koa app. Nothing listens or opens here: `start.ts` does that. */
export function createApp(options: AppOptions): Koa {
  const deps: Deps = {
    config: options.config,
    db: options.db,
    mailer: options.mailer,
    clock: options.clock ?? systemClock,
    events: options.events ?? new MemoryAccountEvents(),
    gameEvents: options.gameEvents ?? new MemoryGameEvents(),
    rateLimitStore: options.rateLimitStore ?? new MemoryRateLimitStore(),
    logger: options.logger ?? consoleLogger,
    shutdown: options.shutdown ?? new AbortController().signal,
  }

  const app = new Koa({ proxy: deps.config.trustProxy })
  // Errors are answered by errorMiddleware; Koa's own handler would only print them twice.
  app.silent = true

  if (deps.config.logRequests) app.use(requestLog(deps.logger))
  app.use(securityHeaders())
  app.use(requestLanguage())
  app.use(errorMiddleware(deps.logger))
  if (options.allowedHosts) app.use(allowedHostsOnly(options.allowedHosts))
  // A client that just wrote reads from the primary until the replicas have caught up.
  if (deps.config.databaseReplicaUrls.length > 0) app.use(readRouting(deps.config.databaseReplicaMaxLagSeconds + 2))
  for (const middleware of jsonBody({
    rawPostPaths: [MEDIA_UPLOAD_PATH, REMINDER_UNSUBSCRIBE_PATH],
    largerPostLimits: { '/api/sets/import': MAX_IMPORT_BODY_BYTES },
  })) {
    app.use(middleware)
  }

  // One router holding every route: a request is matched once, not once per feature router.
  const api = new Router()
  for (const router of apiRouters(deps)) api.use(router.routes())
  app.use(api.routes())
  app.use(api.allowedMethods())

  if (options.rendererDir) app.use(serveRenderer(options.rendererDir))
  return app
}
