import Router, { type RouterMiddleware } from '@koa/router'
import { honeypotFilled } from '#shared/api/contact'
import { contactContracts } from '#shared/api/contracts/misc'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { optionalUser } from '#server/access/auth'
import { rateLimit } from '#server/http/rate-limit'
import { type RouteState, route } from '#server/http/route'
import { stripMarkup } from '#server/text/markup'
import * as contact from './contact.service'

/** The contact route's contract, its body cleaned by the server's real sanitiser. */
const contactApi = contactContracts(stripMarkup)

type Submit = RouteState<'none', typeof contactApi.submit>

/**
 * A filled honeypot is a bot: it gets the same 201 a person gets (with an id that was never
 * stored), before validation, so it learns nothing about what was wrong.
 */
const dropHoneypotted: RouterMiddleware<Submit> = async (ctx, next) => {
  if (honeypotFilled(ctx.request.body)) {
    ctx.status = 201
    ctx.body = { id: newId() }
    return
  }
  await next()
}

/** A signed-in sender writes as their account: the body's email is replaced before validation. */
const useAccountEmail: RouterMiddleware<Submit> = async (ctx, next) => {
  const { auth } = ctx.state
  const body: unknown = ctx.request.body
  if (auth && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    ctx.request.body = { ...body, email: auth.user.email }
  }
  await next()
}

export function contactRoutes(deps: Deps): Router {
  const router = new Router()
  const limits = deps.config.rateLimits

  route(
    router,
    {
      contract: contactApi.submit,
      auth: 'none',
      summary: "Send a contact message; a signed-in sender's email is taken from the account",
      description: 'A filled honeypot (`website`) gets the same 201 and nothing is stored.',
      responses: { 201: { description: 'The stored message' } },
    },
    rateLimit(deps.rateLimitStore, deps.clock, { name: 'contact', max: limits.contact, windowSeconds: limits.windowSeconds }),
    dropHoneypotted,
    optionalUser(deps),
    useAccountEmail,
    async (ctx) => {
      ctx.status = 201
      ctx.body = await contact.submitContact(deps, ctx.state.input, ctx.state.auth)
    },
  )

  return router
}
