import Router from '@koa/router'
import { studySchemas } from '../../../shared/api/study'
import type { Deps } from '../../deps'
import { type Authenticated, requireUser } from '../../http/auth'
import { type Input, validate } from '../../http/validate'
import { recordAnswer } from '../memory/answers.service'
import * as study from './study.service'

type CreateSession = Authenticated & Input<typeof studySchemas.createSession>
type UpdateSession = Authenticated & Input<typeof studySchemas.updateSession>
type Answer = Authenticated & Input<typeof studySchemas.answer>
type MatchResult = Authenticated & Input<typeof studySchemas.matchResult>

/** The study-record routes of api.md: every record belongs to the signed-in caller. */
export function studyRoutes(deps: Deps): Router {
  const router = new Router({ prefix: '/api' })

  router.post<CreateSession>('/sets/:id/learning-sessions', requireUser<CreateSession>(deps), validate(studySchemas.createSession), async (ctx) => {
    ctx.status = 201
    ctx.body = await study.createSession(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
  })

  router.patch<UpdateSession>('/learning-sessions/:sid', requireUser<UpdateSession>(deps), validate(studySchemas.updateSession), async (ctx) => {
    ctx.body = await study.updateSession(deps, ctx.params.sid ?? '', ctx.state.auth, ctx.state.input)
  })

  router.get<Authenticated>('/sets/:id/progress', requireUser(deps), async (ctx) => {
    ctx.body = await study.getProgress(deps, ctx.params.id ?? '', ctx.state.auth)
  })

  router.post<Answer>('/sets/:id/answers', requireUser<Answer>(deps), validate(studySchemas.answer), async (ctx) => {
    const answer = await recordAnswer(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    ctx.status = answer.status
    ctx.body = answer.body
  })

  router.post<MatchResult>('/sets/:id/match-results', requireUser<MatchResult>(deps), validate(studySchemas.matchResult), async (ctx) => {
    ctx.status = 201
    ctx.body = await study.recordMatchResult(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
  })

  return router
}
