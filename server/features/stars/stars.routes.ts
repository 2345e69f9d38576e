import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireUser } from '#server/access/auth'
import { starContracts } from '#shared/api/contracts/sets'
import { route } from '#server/http/route'
import * as stars from './stars.service'

/** A student's starred cards on a set they may read: `PUT` and `DELETE` are idempotent (204 either way). */
export function starsRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: starContracts.list,
      auth: 'token',
      summary: "The caller's starred cards on a set they may read",
      responses: { 200: { description: 'The starred card ids' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await stars.listStars(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: starContracts.star,
      auth: 'token',
      summary: 'Star a card of a set the caller may read (starring twice changes nothing)',
      responses: { 204: { description: 'Starred' } },
    },
    requireUser(deps),
    async (ctx) => {
      await stars.starCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: starContracts.unstar,
      auth: 'token',
      summary: 'Unstar a card (unstarring twice changes nothing)',
      responses: { 204: { description: 'Not starred' } },
    },
    requireUser(deps),
    async (ctx) => {
      await stars.unstarCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  return router
}
