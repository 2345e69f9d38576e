import Router, { type RouterMiddleware } from '@koa/router'
import { setListQuerySchema, tagsQuerySchema } from '../../../shared/api/sets'
import { fieldErrors } from '../../../shared/api/validation'
import { importMessages } from '../../../shared/import/parse-import'
import type { Deps } from '../../deps'
import { type Authenticated, type MaybeAuthenticated, optionalUser, requireUser, requireVerifiedUser } from '../../http/auth'
import { invalidInput, unauthenticated, unverified } from '../../http/errors'
import { rateLimit } from '../../http/rate-limit'
import { type Input, validate } from '../../http/validate'
import * as importExport from './import-export.service'
import * as sets from './sets.service'
import { importSetSchema, setSchemas } from './sets.schemas'

type ListMine = Authenticated & Input<typeof setListQuerySchema>
type ListPublic = MaybeAuthenticated & Input<typeof setListQuerySchema>
type Tags = MaybeAuthenticated & Input<typeof tagsQuerySchema>
type CreateSet = Authenticated & Input<typeof setSchemas.createSet>
type UpdateSet = Authenticated & Input<typeof setSchemas.updateSet>
type ImportSet = Authenticated & Input<typeof importSetSchema>
type ExportSet = Authenticated & Input<typeof importExport.exportQuerySchema>

/** The cards' own import messages ('No valid flashcards found in file') are the answer's message too. */
const CARD_MESSAGES: string[] = [importMessages.noValidCards, importMessages.tooManyCards]

const validateImport: RouterMiddleware<ImportSet> = async (ctx, next) => {
  const result = importSetSchema.safeParse(ctx.request.body ?? {})
  if (!result.success) {
    const fields = fieldErrors(result.error)
    throw invalidInput(fields, fields.cards && CARD_MESSAGES.includes(fields.cards) ? fields.cards : undefined)
  }
  ctx.state.input = result.data
  await next()
}

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

  router.post<ImportSet>(
    '/import',
    requireVerifiedUser<ImportSet>(deps),
    rateLimit(deps.rateLimitStore, deps.clock, { name: 'import', max: deps.config.rateLimits.import, windowSeconds: deps.config.rateLimits.windowSeconds }),
    validateImport,
    async (ctx) => {
      ctx.status = 201
      ctx.body = await importExport.importSet(deps, ctx.state.auth, ctx.state.input)
    },
  )

  router.get<ExportSet>('/:id/export', requireUser<ExportSet>(deps), validate(importExport.exportQuerySchema), async (ctx) => {
    const file = await importExport.exportSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    ctx.type = file.contentType
    ctx.set('Content-Disposition', file.contentDisposition)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = file.body
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
