import Router from '@koa/router'
import { cardListQuerySchema } from '#shared/api/sets'
import type { Deps } from '#server/deps'
import { type Authenticated, type MaybeAuthenticated, optionalUser, requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import { setSchemas } from './sets.schemas'
import * as cards from './cards.service'

type ListCards = MaybeAuthenticated & Input<typeof cardListQuerySchema>
type CreateCard = Authenticated & Input<typeof setSchemas.createCard>
type UpdateCard = Authenticated & Input<typeof setSchemas.updateCard>

export function cardsRoutes(deps: Deps): Router {
  const router = new Router()

  route<ListCards>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id/cards',
      auth: 'none',
      summary: 'The cards of a set the caller may read (as GET /api/sets/:id), by position',
      query: cardListQuerySchema,
      responses: { 200: { description: 'A page of cards', schema: { list: 'Flashcard' } } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await cards.listCards(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<CreateCard>(
    router,
    {
      method: 'POST',
      path: '/api/sets/:id/cards',
      auth: 'owner',
      summary: 'Add a card at the next position',
      body: setSchemas.createCard,
      responses: { 201: { description: 'The new card', schema: 'Flashcard' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await cards.addCard(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<UpdateCard>(
    router,
    {
      method: 'PATCH',
      path: '/api/sets/:id/cards/:cardId',
      auth: 'owner',
      summary: "Change a card's term, definition or pictures",
      body: setSchemas.updateCard,
      responses: { 200: { description: 'The card', schema: 'Flashcard' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await cards.updateCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'DELETE',
      path: '/api/sets/:id/cards/:cardId',
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
