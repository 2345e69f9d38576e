import Router from '@koa/router'
import { memorySchemas } from '#shared/api/memory'
import type { Deps } from '#server/deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '#server/access/auth'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import * as review from './review.service'

type DueQuery = Authenticated & Input<typeof memorySchemas.dueQuery>
type UpdateSettings = Authenticated & Input<typeof memorySchemas.updateSettings>
type ReviewLogQuery = Authenticated & Input<typeof memorySchemas.reviewLogQuery>

/**
 * The memory routes (issue 15). Everything belongs to the signed-in caller; answers go through
 * POST /api/sets/:id/answers (study routes).
 */
export function memoryRoutes(deps: Deps): Router {
  const router = new Router()

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/review/summary',
      auth: 'token',
      summary: "How many of the caller's cards are due now and today, and how many they reviewed today (UTC days)",
      responses: { 200: { description: 'The counts', schema: 'ReviewSummary' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.summary(deps, ctx.state.auth)
    },
  )

  route<DueQuery>(
    router,
    {
      method: 'GET',
      path: '/api/review/due',
      auth: 'token',
      summary: "The caller's due cards across the sets they may read (or one set, setId), weakest first",
      query: memorySchemas.dueQuery,
      responses: { 200: { description: 'A page of due cards', schema: { list: 'DueItem' } } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.dueCards(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/users/me/settings',
      auth: 'token',
      summary: "The caller's memory settings: desired retention and whether personal parameters are in use",
      responses: { 200: { description: 'The settings', schema: 'MemorySettings' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.getSettings(deps, ctx.state.auth)
    },
  )

  // A profile change: verified users only, as PATCH /api/users/me.
  route<UpdateSettings>(
    router,
    {
      method: 'PATCH',
      path: '/api/users/me/settings',
      auth: 'verified',
      summary: "Change the caller's desired retention (0.80 to 0.97)",
      body: memorySchemas.updateSettings,
      responses: { 200: { description: 'The settings', schema: 'MemorySettings' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await review.updateSettings(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<ReviewLogQuery>(
    router,
    {
      method: 'GET',
      path: '/api/users/me/review-log',
      auth: 'token',
      summary: "The caller's review log as CSV, one row per answer",
      query: memorySchemas.reviewLogQuery,
      responses: { 200: { description: 'The CSV file (columns as REVIEW_LOG_COLUMNS)', contentTypes: ['text/csv'] } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.type = 'text/csv; charset=utf-8'
      ctx.set('Content-Disposition', 'attachment; filename="cardwise-review-log.csv"')
      ctx.set('Cache-Control', 'no-store')
      ctx.body = await review.reviewLogCsv(deps, ctx.state.auth)
    },
  )

  return router
}
