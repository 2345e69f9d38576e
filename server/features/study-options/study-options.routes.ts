import Router from '@koa/router'
import { studyOptionContracts } from '#shared/api/contracts/habits'
import type { Deps } from '#server/deps'
import { requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import * as options from './study-options.service'

/** The caller's study options of a set they may read (issue 31): what every mode's setup starts from. */
export function studyOptionsRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: studyOptionContracts.get,
      auth: 'token',
      summary: "The caller's study options of a set they may read (the defaults until they change one)",
      responses: { 200: { description: 'The options' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await options.getOptions(deps, ctx.state.auth, ctx.params.id ?? '')
    },
  )

  route(
    router,
    {
      contract: studyOptionContracts.update,
      auth: 'token',
      summary: "Change some of the caller's study options of a set (shuffle, starredOnly, answerWith, learnQuestionTypes, testQuestionTypes)",
      responses: { 200: { description: 'The options' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await options.updateOptions(deps, ctx.state.auth, ctx.params.id ?? '', ctx.state.input)
    },
  )

  return router
}
