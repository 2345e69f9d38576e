import Router from '@koa/router'
import {
  confirmEmailChangeSchema,
  confirmPasswordResetSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  requestEmailChangeSchema,
  tokenOnlySchema,
} from '#shared/api/auth'
import type { Deps } from '#server/deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '#server/access/auth'
import { rateLimit } from '#server/http/rate-limit'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import * as account from './account.service'
import * as links from './email-links.service'
import * as sessions from './sessions.service'

const NO_CONTENT = { 204: { description: 'Done; no body.' } }
const ALWAYS_NO_CONTENT = { 204: { description: 'Always, whether or not the address has an account.' } }

export function authRoutes(deps: Deps): Router {
  const router = new Router()
  sessions.prepareLogin(deps)
  const limits = deps.config.rateLimits
  const limit = (name: string, max: number) => rateLimit(deps.rateLimitStore, deps.clock, { name, max, windowSeconds: limits.windowSeconds })

  route<Input<typeof registerSchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/register',
      auth: 'none',
      summary: 'Create an account (plan Free, unverified unless the server verifies at once) and mail a verification link',
      body: registerSchema,
      responses: { 201: { description: 'The new account', schema: 'UserResponse' } },
    },
    limit('register', limits.register),
    async (ctx) => {
      ctx.status = 201
      ctx.body = { user: await account.register(deps, ctx.state.input) }
    },
  )

  route<Input<typeof emailOnlySchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/request-verification',
      auth: 'none',
      summary: 'Mail a new verification link',
      body: emailOnlySchema,
      responses: ALWAYS_NO_CONTENT,
    },
    limit('request-verification', limits.email),
    async (ctx) => {
      await links.requestVerification(deps, ctx.state.input.email)
      ctx.status = 204
    },
  )

  route<Input<typeof tokenOnlySchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/confirm-verification',
      auth: 'none',
      summary: "Verify an account with its emailed link's token (400 for a bad or expired one)",
      body: tokenOnlySchema,
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await links.confirmVerification(deps, ctx.state.input.token)
      ctx.status = 204
    },
  )

  route<Input<typeof loginSchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/login',
      auth: 'none',
      summary: "Sign in with an email or username and password (400 'Failed to authenticate.' for any wrong pair)",
      body: loginSchema,
      responses: { 200: { description: 'A token for a new session, and the account', schema: 'AuthResponse' } },
    },
    limit('login', limits.login),
    async (ctx) => {
      ctx.body = await sessions.login(deps, ctx.state.input, ctx.ip)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'POST',
      path: '/api/auth/refresh',
      auth: 'token',
      summary: 'A fresh token for the same session',
      responses: { 200: { description: 'The new token and the account', schema: 'AuthResponse' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await sessions.refresh(deps, ctx.state.auth)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'POST',
      path: '/api/auth/logout',
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

  route<Input<typeof emailOnlySchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/request-password-reset',
      auth: 'none',
      summary: 'Mail a password-reset link',
      body: emailOnlySchema,
      responses: ALWAYS_NO_CONTENT,
    },
    limit('request-password-reset', limits.email),
    async (ctx) => {
      await links.requestPasswordReset(deps, ctx.state.input.email)
      ctx.status = 204
    },
  )

  route<Input<typeof confirmPasswordResetSchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/confirm-password-reset',
      auth: 'none',
      summary: "Set a new password with a reset link's token; ends every session (400 with fields.token for a bad link)",
      body: confirmPasswordResetSchema,
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await links.confirmPasswordReset(deps, ctx.state.input)
      ctx.status = 204
    },
  )

  route<Authenticated & Input<typeof requestEmailChangeSchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/request-email-change',
      auth: 'verified',
      summary: 'Mail a confirmation link to a new address',
      body: requestEmailChangeSchema,
      responses: NO_CONTENT,
    },
    limit('request-email-change', limits.email),
    requireVerifiedUser(deps),
    async (ctx) => {
      await links.requestEmailChange(deps, ctx.state.auth, ctx.state.input.newEmail)
      ctx.status = 204
    },
  )

  route<Input<typeof confirmEmailChangeSchema>>(
    router,
    {
      method: 'POST',
      path: '/api/auth/confirm-email-change',
      auth: 'none',
      summary: "Change the email with the link's token and the password; ends every session",
      body: confirmEmailChangeSchema,
      responses: NO_CONTENT,
    },
    async (ctx) => {
      await account.confirmEmailChange(deps, ctx.state.input)
      ctx.status = 204
    },
  )

  return router
}
