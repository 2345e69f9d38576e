import Router from '@koa/router'
import { reminderContracts } from '#shared/api/contracts/habits'
import type { Deps } from '#server/deps'
import { route } from '#server/http/route'
import * as reminders from './reminders.service'

/** Mail clients POST here with the form body `List-Unsubscribe=One-Click` (RFC 8058): the body is not read. */
export const REMINDER_UNSUBSCRIBE_PATH = reminderContracts.unsubscribe.path

/** The one-click unsubscribe of reminder emails (RFC 8058): no sign-in, the link's token names the student. */
export function remindersRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: reminderContracts.unsubscribe,
      auth: 'none',
      summary: 'Turn off the reminder emails of the student whose unsubscribe token this is (no sign-in; RFC 8058 one-click)',
      responses: { 204: { description: 'Reminders are off' } },
    },
    async (ctx) => {
      await reminders.unsubscribe(deps, ctx.state.input.token)
      ctx.status = 204
    },
  )

  return router
}
