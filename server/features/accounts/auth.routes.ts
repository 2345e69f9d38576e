import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireUser, requireVerifiedUser } from '#server/access/auth'
import { rateLimit } from '#server/http/rate-limit'
import { accountContracts } from '#shared/api/contracts/accounts'
import { route } from '#server/http/route'
import { localeOf } from '#server/http/locale'
import * as account from './account.service'
import * as links from './email-links.service'
import * as sessions from './sessions.service'

const NO_CONTENT = { 204: { description: 'Done; no body.' } }
const ALWAYS_NO_CONTENT = { 204: { description: 'Always, whether or not the address has an account.' } }

export function authRoutes(deps: Deps): Router {
  const router = new Router()
  const limits = deps.config.rateLimits
  const limit = (name: string, max: number) => rateLimit(deps.rateLimitStore, deps.clock, { name, max, windowSeconds: limits.windowSeconds })

  route(
    router,
    {
      contract: accountContracts.register,
      auth: 'none',
      summary: 'Create an account (plan Free, unverified unless the server verifies at once) and mail a verification link',
      responses: { 201: { description: 'The new account' } },
    },
    limit('register', limits.register),
    async (ctx) => {
      ctx.status = 201
      ctx.body = { user: await account.register(deps, ctx.state.input, localeOf(ctx)) }
    },
  )

  route(
    router,
    {
      contract: accountContracts.requestVerification,
      auth: 'none',
      summary: 'Mail a new verification link',
      responses: ALWAYS_NO_CONTENT,
    },
    limit('request-verification', limits.email),
    async (ctx) => {
      await links.requestVerification(deps, ctx.state.input.email, localeOf(ctx))
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.confirmVerification,
      auth: 'none',
      summary: "Verify an account with its emailed link's token (400 for a bad or expired one)",
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await links.confirmVerification(deps, ctx.state.input.token)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.login,
      auth: 'none',
      summary: "Sign in with an email or username and password (400 'Failed to authenticate.' for any wrong pair)",
      responses: { 200: { description: 'A token for a new session, and the account' } },
    },
    limit('login', limits.login),
    async (ctx) => {
      ctx.body = await sessions.login(deps, ctx.state.input, ctx.ip)
    },
  )

  route(
    router,
    {
      contract: accountContracts.refresh,
      auth: 'token',
      summary: 'A fresh token for the same session',
      responses: { 200: { description: 'The new token and the account' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await sessions.refresh(deps, ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: accountContracts.logout,
      auth: 'token',
      summary: "End this token's session at once (other devices stay signed in)",
      responses: NO_CONTENT,
    },
    requireUser(deps),
    async (ctx) => {
      await sessions.logout(deps, ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.requestPasswordReset,
      auth: 'none',
      summary: 'Mail a password-reset link',
      responses: ALWAYS_NO_CONTENT,
    },
    limit('request-password-reset', limits.email),
    async (ctx) => {
      await links.requestPasswordReset(deps, ctx.state.input.email, localeOf(ctx))
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.confirmPasswordReset,
      auth: 'none',
      summary: "Set a new password with a reset link's token; ends every session (400 with fields.token for a bad link)",
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await links.confirmPasswordReset(deps, ctx.state.input)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.requestEmailChange,
      auth: 'verified',
      summary: 'Mail a confirmation link to a new address',
      responses: NO_CONTENT,
    },
    limit('request-email-change', limits.email),
    requireVerifiedUser(deps),
    async (ctx) => {
      await links.requestEmailChange(deps, ctx.state.auth, ctx.state.input.newEmail, localeOf(ctx))
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: accountContracts.confirmEmailChange,
      auth: 'none',
      summary: "Change the email with the link's token and the password; ends every session",
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await account.confirmEmailChange(deps, ctx.state.input)
      ctx.status = 204
    },
  )

  return router
}
