import Router from '@koa/router'
import { changePasswordSchema, deleteAccountSchema } from '../../../shared/api/auth'
import type { Deps } from '../../deps'
import { type Authenticated, requireUser, requireVerifiedUser } from '../../http/auth'
import { type Input, validate } from '../../http/validate'
import * as account from './account.service'
import { toUser } from './users.mapper'

type ChangePassword = Authenticated & Input<typeof changePasswordSchema>
type DeleteAccount = Authenticated & Input<typeof deleteAccountSchema>

export function usersRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api/users' })

  router.get('/me', requireUser(deps), async (ctx) => {
    ctx.body = { user: toUser(ctx.state.auth.user, { withEmail: true }) }
  })

  router.patch<ChangePassword>('/me', requireVerifiedUser<ChangePassword>(deps), validate(changePasswordSchema), async (ctx) => {
    ctx.body = { user: await account.changePassword(deps, ctx.state.auth, ctx.state.input) }
  })

  router.delete<DeleteAccount>('/me', requireVerifiedUser<DeleteAccount>(deps), validate(deleteAccountSchema), async (ctx) => {
    await account.deleteAccount(deps, ctx.state.auth, ctx.state.input.password)
    ctx.status = 204
  })

  return router
}
