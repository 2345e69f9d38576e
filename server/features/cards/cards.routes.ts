import Router from '@koa/router'
import { cardListQuerySchema } from '../../../shared/api/sets'
import type { Deps } from '../../deps'
import { type Authenticated, type MaybeAuthenticated, optionalUser, requireUser } from '../../http/auth'
import { type Input, validate } from '../../http/validate'
import { setSchemas } from '../sets/sets.schemas'
import * as cards from './cards.service'

type ListCards = MaybeAuthenticated & Input<typeof cardListQuerySchema>
type CreateCard = Authenticated & Input<typeof setSchemas.createCard>
type UpdateCard = Authenticated & Input<typeof setSchemas.updateCard>

export function cardsRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api/sets/:id/cards' })

  router.get<ListCards>('/', optionalUser<ListCards>(deps), validate(cardListQuerySchema), async (ctx) => {
    ctx.body = await cards.listCards(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
  })

  router.post<CreateCard>('/', requireUser<CreateCard>(deps), validate(setSchemas.createCard), async (ctx) => {
    ctx.status = 201
    ctx.body = await cards.addCard(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
  })

  router.patch<UpdateCard>('/:cardId', requireUser<UpdateCard>(deps), validate(setSchemas.updateCard), async (ctx) => {
    ctx.body = await cards.updateCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth, ctx.state.input)
  })

  router.delete<Authenticated>('/:cardId', requireUser(deps), async (ctx) => {
    await cards.deleteCard(deps, ctx.params.id ?? '', ctx.params.cardId ?? '', ctx.state.auth)
    ctx.status = 204
  })

  return router
}
