import Router, { type RouterMiddleware } from '@koa/router'
import { fieldErrors } from '#shared/api/validation'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import { optionalUser, requireUser, requireVerifiedUser } from '#server/access/auth'
import { invalidInput, unauthenticated, unverified } from '#server/http/errors'
import { rateLimit } from '#server/http/rate-limit'
import { type RouteState, route } from '#server/http/route'
import * as importExport from './import-export.service'
import * as sets from './sets.service'
import { setApi } from './sets.schemas'

/** The cards' own import messages ('No valid flashcards found in file') are the answer's message too. */
const CARD_MESSAGES: string[] = [importMessages.noValidCards, importMessages.tooManyCards]

/** An import body's validation (a new set's, or cards into a set, issue 27): the cards' own messages are the answer's message too. */
function validateImport<C extends typeof setApi.import | typeof setApi.importCards>(contract: C): RouterMiddleware<RouteState<'verified' | 'owner', C>> {
  return async (ctx, next) => {
    const result = contract.body.safeParse(ctx.request.body ?? {})
    if (!result.success) {
      const fields = fieldErrors(result.error)
      throw invalidInput(fields, fields.cards && CARD_MESSAGES.includes(fields.cards) ? fields.cards : undefined)
    }
    ;(ctx.state as unknown as { input: unknown }).input = result.data
    await next()
  }
}

export function setsRoutes(deps: Deps): Router {
  const router = new Router()

  // Fixed paths first: they would otherwise be taken for a set id.
  route(
    router,
    {
      contract: setApi.listMine,
      auth: 'verified',
      summary: "The caller's own sets, newest first; search in title or description, tags joined with AND",
      responses: { 200: { description: 'A page of sets' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await sets.listMySets(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.listPublic,
      auth: 'none',
      summary: 'Public sets of everyone, newest first; search and tags as in GET /api/sets',
      responses: { 200: { description: 'A page of sets' } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await sets.listPublicSets(deps, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.tags,
      auth: 'none',
      summary: "Distinct tags, sorted: of public sets, or with scope=mine of the caller's own (which needs a verified account)",
      responses: { 200: { description: 'The tags' } },
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

  route(
    router,
    {
      contract: setApi.create,
      auth: 'verified',
      summary: 'Create a set',
      responses: { 201: { description: 'The new set' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await sets.createSet(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.import,
      auth: 'verified',
      summary: 'Create a set with up to 500 cards, all or nothing; cards without a term or a definition are dropped',
      validator: validateImport(setApi.import),
      responses: { 201: { description: 'The new set' } },
    },
    requireVerifiedUser(deps),
    rateLimit(deps.rateLimitStore, deps.clock, { name: 'import', max: deps.config.rateLimits.import, windowSeconds: deps.config.rateLimits.windowSeconds }),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await importExport.importSet(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.importCards,
      auth: 'owner',
      summary: "Update a set from a newer file: cards whose guid matches one of the set's are updated in place (memory and progress kept), the rest added",
      description:
        "Body `{ cards }` as in POST /api/sets/import, each card with an optional `guid` (an export's or an Anki note's). A card whose guid " +
        "matches one of the set's is updated in place, keeping its id, memory and progress (those of a prompt it no longer has go, as in an edit), " +
        "or left as it is when nothing changed; the other cards are added after the set's, keeping their guids. All or nothing; the set keeps " +
        'at most 500 cards. Answers `{ added, updated, unchanged }`.',
      validator: validateImport(setApi.importCards),
      responses: { 200: { description: 'How many cards were added, updated and left unchanged' } },
    },
    requireUser(deps),
    rateLimit(deps.rateLimitStore, deps.clock, { name: 'import', max: deps.config.rateLimits.import, windowSeconds: deps.config.rateLimits.windowSeconds }),
    async (ctx) => {
      ctx.body = await importExport.importIntoSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.export,
      auth: 'owner',
      summary: 'The set and its cards as a file (Content-Disposition: attachment, named after the title)',
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

  route(
    router,
    {
      contract: setApi.copy,
      auth: 'verified',
      summary: "Save a copy: a private set of the caller's with the cards of a set they may read, noting where it came from",
      responses: { 201: { description: 'The copy' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await sets.copySet(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: setApi.get,
      auth: 'none',
      summary: 'One set, if it is public or the caller owns it (404 otherwise)',
      responses: { 200: { description: 'The set' } },
    },
    optionalUser(deps),
    async (ctx) => {
      ctx.body = await sets.getSet(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: setApi.update,
      auth: 'owner',
      summary: "Change a set's title, description, tags or visibility",
      responses: { 200: { description: 'The set' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await sets.updateSet(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: setApi.remove,
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
