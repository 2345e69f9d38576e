import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireUser, requireVerifiedUser } from '#server/access/auth'
import { accountContracts } from '#shared/api/contracts/accounts'
import { route } from '#server/http/route'
import * as account from './account.service'
import { toUser } from './accounts.mapper'

export function usersRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: accountContracts.me,
      auth: 'token',
      summary: "The caller's account",
      responses: { 200: { description: 'The account, with its email' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = { user: toUser(ctx.state.auth.user, { withEmail: true }) }
    },
  )

  route(
    router,
    {
      contract: accountContracts.changePassword,
      auth: 'verified',
      summary: 'Change the password; ends every other session, and this device gets a new token',
      responses: { 200: { description: 'A token for a new session on this device, and the account' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await account.changePassword(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: accountContracts.deleteAccount,
      auth: 'verified',
      summary: 'Delete the account and everything it owns (needs the password)',
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
