import Router from '@koa/router'
import { memorySchemas } from '../../../shared/api/memory'
import type { Deps } from '../../deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '../../http/auth'
import { type Input, validate } from '../../http/validate'
import * as review from './review.service'

type DueQuery = Authenticated & Input<typeof memorySchemas.dueQuery>
type UpdateSettings = Authenticated & Input<typeof memorySchemas.updateSettings>
type StatsQuery = Authenticated & Input<typeof memorySchemas.statsQuery>
type ReviewLogQuery = Authenticated & Input<typeof memorySchemas.reviewLogQuery>

/**
 * The memory routes of api.md ("Additions" > Memory), with full paths. Everything belongs to the
 * signed-in caller; answers go through POST /api/sets/:id/answers (study routes).
 */
export function memoryRoutes(deps: Deps): Router {
  const router = new Router()

  router.get<Authenticated>('/api/review/summary', requireUser(deps), async (ctx) => {
    ctx.body = await review.summary(deps, ctx.state.auth)
  })

  router.get<DueQuery>('/api/review/due', requireUser<DueQuery>(deps), validate(memorySchemas.dueQuery), async (ctx) => {
    ctx.body = await review.dueCards(deps, ctx.state.auth, ctx.state.input)
  })

  router.get<Authenticated>('/api/users/me/settings', requireUser(deps), async (ctx) => {
    ctx.body = await review.getSettings(deps, ctx.state.auth)
  })

  // A profile change: verified users only, as PATCH /api/users/me.
  router.patch<UpdateSettings>('/api/users/me/settings', requireVerifiedUser<UpdateSettings>(deps), validate(memorySchemas.updateSettings), async (ctx) => {
    ctx.body = await review.updateSettings(deps, ctx.state.auth, ctx.state.input)
  })

  router.get<StatsQuery>('/api/users/me/stats', requireUser<StatsQuery>(deps), validate(memorySchemas.statsQuery), async (ctx) => {
    ctx.body = await review.stats(deps, ctx.state.auth, ctx.state.input)
  })

  router.get<ReviewLogQuery>('/api/users/me/review-log', requireUser<ReviewLogQuery>(deps), validate(memorySchemas.reviewLogQuery), async (ctx) => {
    ctx.type = 'text/csv; charset=utf-8'
    ctx.set('Content-Disposition', 'attachment; filename="cardwise-review-log.csv"')
    ctx.set('Cache-Control', 'no-store')
    ctx.body = await review.reviewLogCsv(deps, ctx.state.auth)
  })

  return router
}
