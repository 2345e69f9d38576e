import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireUser, requireVerifiedUser } from '#server/access/auth'
import { memoryContracts } from '#shared/api/contracts/study'
import { route } from '#server/http/route'
import * as review from './review.service'

/**
 * The memory routes (issue 15). Everything belongs to the signed-in caller; answers go through
 * POST /api/sets/:id/answers (study routes).
 */
export function memoryRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: memoryContracts.summary,
      auth: 'token',
      summary:
        "How many of the caller's cards are due now (and within the next 20 minutes) and today, how many they reviewed today (UTC days), and when the next falls due; of every set or one (setId)",
      responses: { 200: { description: 'The counts' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.summary(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: memoryContracts.due,
      auth: 'token',
      summary: "The caller's due cards across the sets they may read (or one set, setId), weakest first",
      responses: { 200: { description: 'A page of due cards' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.dueCards(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: memoryContracts.settings,
      auth: 'token',
      summary: "The caller's settings: desired retention, whether personal parameters are in use, daily goal, time zone, reminder hour and interface language",
      responses: { 200: { description: 'The settings' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await review.getSettings(deps, ctx.state.auth)
    },
  )

  // A profile change: verified users only, as PATCH /api/users/me.
  route(
    router,
    {
      contract: memoryContracts.updateSettings,
      auth: 'verified',
      summary:
        "Change any of the caller's settings: desired retention (0.80 to 0.97), daily goal, time zone, reminder hour (null: off), interface language (null: automatic)",
      responses: { 200: { description: 'The settings' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await review.updateSettings(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: memoryContracts.reviewLog,
      auth: 'token',
      summary: "The caller's review log as CSV, one row per answer",
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
