import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { optionalUser, requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import { setApi } from '#server/features/sets/sets.schemas'
import * as cards from './cards.service'

export function cardsRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: setApi.listCards,
      auth: 'none',
      summary: 'The cards of a set the caller may read (as GET /api/sets/:id), by position',
      responses: { 200: { description: 'A page of cards' } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await cards.listCards(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.addCard,
      auth: 'owner',
      summary: 'Add a card at the next position',
      responses: { 201: { description: 'The new card' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await cards.addCard(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.updateCard,
      auth: 'owner',
      summary: "Change a card's term, definition or pictures",
      responses: { 200: { description: 'The card' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await cards.updateCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.removeCard,
      auth: 'owner',
      summary: 'Delete a card; later positions close the gap',
      responses: { 204: { description: 'Deleted; no body.' } },
    },
    requireUser(deps),
    async (ctx) => {
      await cards.deleteCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  return router
}
