import Router from '@koa/router'
import { changePasswordSchema, deleteAccountSchema } from '#shared/api/auth'
import type { Deps } from '#server/deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '#server/access/auth'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import * as account from './account.service'
import { toUser } from './accounts.mapper'

export function usersRoutes(deps: Deps): Router {
  const router = new Router()

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/users/me',
      auth: 'token',
      summary: "The caller's account",
      responses: { 200: { description: 'The account, with its email', schema: 'UserResponse' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = { user: toUser(ctx.state.auth.user, { withEmail: true }) }
    },
  )

  route<Authenticated & Input<typeof changePasswordSchema>>(
    router,
    {
      method: 'PATCH',
      path: '/api/users/me',
      auth: 'verified',
      summary: 'Change the password; ends every other session, and this device gets a new token',
      body: changePasswordSchema,
      responses: { 200: { description: 'A token for a new session on this device, and the account', schema: 'AuthResponse' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await account.changePassword(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route<Authenticated & Input<typeof deleteAccountSchema>>(
    router,
    {
      method: 'DELETE',
      path: '/api/users/me',
      auth: 'verified',
      summary: 'Delete the account and everything it owns (needs the password)',
      body: deleteAccountSchema,
      responses: { 204: { description: 'Deleted; no body.' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      await account.deleteAccount(deps, ctx.state.auth, ctx.state.input.password)
      ctx.status = 204
    },
  )

  return router
}
