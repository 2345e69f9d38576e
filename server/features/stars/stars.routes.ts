import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { type Authenticated, requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import * as stars from './stars.service'

/** A student's starred cards on a set they may read: `PUT` and `DELETE` are idempotent (204 either way). */
export function starsRoutes(deps: Deps): Router {
  const router = new Router()

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id/stars',
      auth: 'token',
      summary: "The caller's starred cards on a set they may read",
      responses: { 200: { description: 'The starred card ids', schema: 'Stars' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await stars.listStars(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'PUT',
      path: '/api/sets/:id/stars/:cardId',
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

  route<Authenticated>(
    router,
    {
      method: 'DELETE',
      path: '/api/sets/:id/stars/:cardId',
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
