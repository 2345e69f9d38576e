import Router, { type RouterMiddleware } from '@koa/router'
import { setListQuerySchema, tagsQuerySchema } from '#shared/api/sets'
import { fieldErrors } from '#shared/api/validation'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import { type Authenticated, type MaybeAuthenticated, optionalUser, requireUser, requireVerifiedUser } from '#server/access/auth'
import { invalidInput, unauthenticated, unverified } from '#server/http/errors'
import { rateLimit } from '#server/http/rate-limit'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
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
  const router = new Router()

  // Fixed paths first: they would otherwise be taken for a set id.
  route<ListMine>(
    router,
    {
      method: 'GET',
      path: '/api/sets',
      auth: 'verified',
      summary: "The caller's own sets, newest first; search in title or description, tags joined with AND",
      query: setListQuerySchema,
      responses: { 200: { description: 'A page of sets', schema: { list: 'StudySet' } } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await sets.listMySets(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<ListPublic>(
    router,
    {
      method: 'GET',
      path: '/api/sets/public',
      auth: 'none',
      summary: 'Public sets of everyone, newest first; search and tags as in GET /api/sets',
      query: setListQuerySchema,
      responses: { 200: { description: 'A page of sets', schema: { list: 'StudySet' } } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await sets.listPublicSets(deps, ctx.state.input)
    },
  )

  route<Tags>(
    router,
    {
      method: 'GET',
      path: '/api/sets/tags',
      auth: 'none',
      summary: "Distinct tags, sorted: of public sets, or with scope=mine of the caller's own (which needs a verified account)",
      query: tagsQuerySchema,
      responses: { 200: { description: 'The tags', schema: 'Tags' } },
    },
    optionalUser(deps),
    async (ctx) => {
      const { scope } = ctx.state.input
      const { auth } = ctx.state
      // "mine" is a verified user's list, checked as GET /api/sets checks it.
      if (scope === 'mine' && !auth) throw unauthenticated()
      if (scope === 'mine' && auth?.user.verified !== 1) throw unverified()
      ctx.body = { tags: await sets.listTags(deps, scope, auth) }
    },
  )

  route<CreateSet>(
    router,
    {
      method: 'POST',
      path: '/api/sets',
      auth: 'verified',
      summary: 'Create a set',
      body: setSchemas.createSet,
      responses: { 201: { description: 'The new set', schema: 'StudySet' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await sets.createSet(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<ImportSet>(
    router,
    {
      method: 'POST',
      path: '/api/sets/import',
      auth: 'verified',
      summary: 'Create a set with up to 500 cards, all or nothing; cards without a term or a definition are dropped',
      body: importSetSchema,
      validator: validateImport,
      responses: { 201: { description: 'The new set', schema: 'StudySet' } },
    },
    requireVerifiedUser(deps),
    rateLimit(deps.rateLimitStore, deps.clock, { name: 'import', max: deps.config.rateLimits.import, windowSeconds: deps.config.rateLimits.windowSeconds }),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await importExport.importSet(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<ExportSet>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id/export',
      auth: 'owner',
      summary: 'The set and its cards as a file (Content-Disposition: attachment, named after the title)',
      query: importExport.exportQuerySchema,
      responses: {
        200: {
          description: 'The file as `format` asks: json, csv, txt (tab-separated with Anki headers) or apkg (an Anki package, schema 11)',
          contentTypes: ['application/json', 'text/csv', 'text/plain', 'application/octet-stream'],
        },
      },
    },
    requireUser(deps),
    async (ctx) => {
      const file = await importExport.exportSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
      ctx.type = file.contentType
      ctx.set('Content-Disposition', file.contentDisposition)
      ctx.set('Cache-Control', 'no-store')
      ctx.body = file.body
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'POST',
      path: '/api/sets/:id/copy',
      auth: 'verified',
      summary: "Save a copy: a private set of the caller's with the cards of a set they may read, noting where it came from",
      responses: { 201: { description: 'The copy', schema: 'StudySet' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await sets.copySet(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route<MaybeAuthenticated>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id',
      auth: 'none',
      summary: 'One set, if it is public or the caller owns it (404 otherwise)',
      responses: { 200: { description: 'The set', schema: 'StudySet' } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await sets.getSet(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route<UpdateSet>(
    router,
    {
      method: 'PATCH',
      path: '/api/sets/:id',
      auth: 'owner',
      summary: "Change a set's title, description, tags or visibility",
      body: setSchemas.updateSet,
      responses: { 200: { description: 'The set', schema: 'StudySet' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await sets.updateSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'DELETE',
      path: '/api/sets/:id',
      auth: 'owner',
      summary: 'Delete a set with its cards and study records',
      responses: { 204: { description: 'Deleted; no body.' } },
    },
    requireUser(deps),
    async (ctx) => {
      await sets.deleteSet(deps, ctx.params.id ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  return router
}
