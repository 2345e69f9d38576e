import Router from '@koa/router'
import {
  confirmEmailChangeSchema,
  confirmPasswordResetSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  requestEmailChangeSchema,
  tokenOnlySchema,
} from '../../../shared/api/auth'
import type { Deps } from '../../deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '../../http/auth'
import { rateLimit } from '../../http/rate-limit'
import { type Input, validate } from '../../http/validate'
import * as account from '../users/account.service'
import * as links from './email-links.service'
import * as sessions from './sessions.service'

export function authRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api/auth' })
  sessions.prepareLogin(deps)
  const limits = deps.config.rateLimits
  const limit = (name: string, max: number) =>
    rateLimit(deps.rateLimitStore, deps.clock, { name, max, windowSeconds: limits.windowSeconds })

  router.post('/register', limit('register', limits.register), validate(registerSchema), async (ctx) => {
    ctx.status = 201
    ctx.body = { user: await account.register(deps, ctx.state.input) }
  })

  router.post('/request-verification', limit('request-verification', limits.email), validate(emailOnlySchema), async (ctx) => {
    await links.requestVerification(deps, ctx.state.input.email)
    ctx.status = 204
  })

  router.post('/confirm-verification', validate(tokenOnlySchema), async (ctx) => {
    await links.confirmVerification(deps, ctx.state.input.token)
    ctx.status = 204
  })

  router.post('/login', limit('login', limits.login), validate(loginSchema), async (ctx) => {
    ctx.body = await sessions.login(deps, ctx.state.input, ctx.ip)
  })

  router.post('/refresh', requireUser(deps), async (ctx) => {
    ctx.body = await sessions.refresh(deps, ctx.state.auth)
  })

  router.post('/logout', requireUser(deps), async (ctx) => {
    await sessions.logout(deps, ctx.state.auth)
    ctx.status = 204
  })

  router.post('/request-password-reset', limit('request-password-reset', limits.email), validate(emailOnlySchema), async (ctx) => {
    await links.requestPasswordReset(deps, ctx.state.input.email)
    ctx.status = 204
  })

  router.post('/confirm-password-reset', validate(confirmPasswordResetSchema), async (ctx) => {
    await links.confirmPasswordReset(deps, ctx.state.input)
    ctx.status = 204
  })

  router.post<Authenticated & Input<typeof requestEmailChangeSchema>>(
    '/request-email-change',
    limit('request-email-change', limits.email),
    requireVerifiedUser(deps),
    validate(requestEmailChangeSchema),
    async (ctx) => {
      await links.requestEmailChange(deps, ctx.state.auth, ctx.state.input.newEmail)
      ctx.status = 204
    },
  )

  router.post('/confirm-email-change', validate(confirmEmailChangeSchema), async (ctx) => {
    await account.confirmEmailChange(deps, ctx.state.input)
    ctx.status = 204
  })

  return router
}
