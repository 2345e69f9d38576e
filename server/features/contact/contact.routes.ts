import Router, { type RouterMiddleware } from '@koa/router'
import { createContactSchema, honeypotFilled } from '#shared/api/contact'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { type MaybeAuthenticated, optionalUser } from '#server/access/auth'
import { rateLimit } from '#server/http/rate-limit'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import { stripMarkup } from '#server/text/markup'
import * as contact from './contact.service'

/** The shared contact schema, with the server's real sanitiser. */
const contactSchema = createContactSchema(stripMarkup)

type Submit = MaybeAuthenticated & Input<typeof contactSchema>

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

  route<Submit>(
    router,
    {
      method: 'POST',
      path: '/api/contact',
      auth: 'none',
      summary: "Send a contact message; a signed-in sender's email is taken from the account",
      description: 'A filled honeypot (`website`) gets the same 201 and nothing is stored.',
      body: contactSchema,
      responses: { 201: { description: 'The stored message', schema: 'Created' } },
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
