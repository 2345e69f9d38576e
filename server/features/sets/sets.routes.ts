import Router from '@koa/router'
import { setListQuerySchema, tagsQuerySchema } from '../../../shared/api/sets'
import type { Deps } from '../../deps'
import { type Authenticated, type MaybeAuthenticated, optionalUser, requireUser, requireVerifiedUser } from '../../http/auth'
import { unauthenticated, unverified } from '../../http/errors'
import { type Input, validate } from '../../http/validate'
import * as sets from './sets.service'
import { setSchemas } from './sets.schemas'

type ListMine = Authenticated & Input<typeof setListQuerySchema>
type ListPublic = MaybeAuthenticated & Input<typeof setListQuerySchema>
type Tags = MaybeAuthenticated & Input<typeof tagsQuerySchema>
type CreateSet = Authenticated & Input<typeof setSchemas.createSet>
type UpdateSet = Authenticated & Input<typeof setSchemas.updateSet>

export function setsRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api/sets' })

  // Fixed paths first: they would otherwise be taken for a set id.
  router.get<ListMine>('/', requireVerifiedUser<ListMine>(deps), validate(setListQuerySchema), async (ctx) => {
    ctx.body = await sets.listMySets(deps, ctx.state.auth, ctx.state.input)
  })

  router.get<ListPublic>('/public', optionalUser<ListPublic>(deps), validate(setListQuerySchema), async (ctx) => {
    ctx.body = await sets.listPublicSets(deps, ctx.state.input)
  })

  router.get<Tags>('/tags', optionalUser<Tags>(deps), validate(tagsQuerySchema), async (ctx) => {
    const { scope } = ctx.state.input
    const { auth } = ctx.state
    // "mine" is a verified user's list, checked as GET /api/sets checks it.
    if (scope === 'mine' && !auth) throw unauthenticated()
    if (scope === 'mine' && auth?.user.verified !== 1) throw unverified()
    ctx.body = { tags: await sets.listTags(deps, scope, auth) }
  })

  router.post<CreateSet>('/', requireVerifiedUser<CreateSet>(deps), validate(setSchemas.createSet), async (ctx) => {
    ctx.status = 201
    ctx.body = await sets.createSet(deps, ctx.state.auth, ctx.state.input)
  })

  router.get<MaybeAuthenticated>('/:id', optionalUser(deps), async (ctx) => {
    ctx.body = await sets.getSet(deps, ctx.params.id ?? '', ctx.state.auth)
  })

  router.patch<UpdateSet>('/:id', requireUser<UpdateSet>(deps), validate(setSchemas.updateSet), async (ctx) => {
    ctx.body = await sets.updateSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
  })

  router.delete<Authenticated>('/:id', requireUser(deps), async (ctx) => {
    await sets.deleteSet(deps, ctx.params.id ?? '', ctx.state.auth)
    ctx.status = 204
  })

  return router
}
