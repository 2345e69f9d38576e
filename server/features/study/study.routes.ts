import Router from '@koa/router'
import { memorySchemas } from '#shared/api/memory'
import { studySchemas } from '#shared/api/study'
import type { Deps } from '#server/deps'
import { type Authenticated, requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import type { Input } from '#server/http/validate'
import * as review from '#server/features/memory/review.service'
import { recordAnswer } from './answers.service'
import * as study from './study.service'

type CreateSession = Authenticated & Input<typeof studySchemas.createSession>
type UpdateSession = Authenticated & Input<typeof studySchemas.updateSession>
type Answer = Authenticated & Input<typeof studySchemas.answer>
type MatchResult = Authenticated & Input<typeof studySchemas.matchResult>
type StatsQuery = Authenticated & Input<typeof memorySchemas.statsQuery>

/** The study-record routes: every record belongs to the signed-in caller, on a set they may read. */
export function studyRoutes(deps: Deps): Router {
  const router = new Router()

  route<CreateSession>(
    router,
    {
      method: 'POST',
      path: '/api/sets/:id/learning-sessions',
      auth: 'token',
      summary: 'Start a Learn session on a set the caller may read',
      body: studySchemas.createSession,
      responses: { 201: { description: 'The session, in progress', schema: 'LearningSession' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await study.createSession(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<UpdateSession>(
    router,
    {
      method: 'PATCH',
      path: '/api/learning-sessions/:sid',
      auth: 'owner',
      summary: "Update the caller's own Learn session; status completed sets endTime",
      body: studySchemas.updateSession,
      responses: { 200: { description: 'The session', schema: 'LearningSession' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.updateSession(deps, ctx.params.sid ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id/progress',
      auth: 'token',
      summary: "The caller's progress on each card of a set they may read (cards never answered have no item)",
      responses: { 200: { description: 'One item per answered card', schema: 'Progress' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.getProgress(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route<Answer>(
    router,
    {
      method: 'POST',
      path: '/api/sets/:id/answers',
      auth: 'token',
      summary: "Record an answer from any study mode: the review log, the card's memory (FSRS) and, for Learn, Write, Review and Test, its mastery counts",
      description:
        "A Write answer is also kept as a write result. An answer resent with the same clientId is kept once and answers 200 with the first answer's body.",
      body: studySchemas.answer,
      responses: {
        201: { description: "The card's progress (null before any answer of a counting mode) and memory after the answer", schema: 'AnswerResult' },
        200: { description: 'The answer was already recorded under this clientId: its first result', schema: 'AnswerResult' },
      },
    },
    requireUser(deps),
    async (ctx) => {
      const answer = await recordAnswer(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
      ctx.status = answer.status
      ctx.body = answer.body
    },
  )

  route<MatchResult>(
    router,
    {
      method: 'POST',
      path: '/api/sets/:id/match-results',
      auth: 'token',
      summary: 'Record a finished Match game',
      body: studySchemas.matchResult,
      responses: {
        201: { description: 'The stored result', schema: 'MatchResult' },
        200: { description: 'The result already stored under this clientId (a resend); nothing changed', schema: 'MatchResult' },
      },
    },
    requireUser(deps),
    async (ctx) => {
      const result = await study.recordMatchResult(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
      ctx.status = result.status
      ctx.body = result.body
    },
  )

  route<Authenticated>(
    router,
    {
      method: 'GET',
      path: '/api/sets/:id/match-results/best',
      auth: 'token',
      summary: "The caller's fastest finished Match game on a set they may read",
      responses: { 200: { description: 'The best time in seconds, or null', schema: 'BestMatchTime' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.getBestMatchTime(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  // The Progress page's numbers: the memory's charts and the study records' mastery per set.
  route<StatsQuery>(
    router,
    {
      method: 'GET',
      path: '/api/users/me/stats',
      auth: 'token',
      summary: "The caller's reviews per day, due forecast, predicted retention and mastery per set",
      query: memorySchemas.statsQuery,
      responses: { 200: { description: 'The numbers (UTC days, oldest first)', schema: 'MemoryStats' } },
    },
    requireUser(deps),
    async (ctx) => {
      const [memory, sets] = await Promise.all([review.stats(deps, ctx.state.auth, ctx.state.input), study.masteryBySet(deps, ctx.state.auth)])
      ctx.body = { ...memory, sets }
    },
  )

  return router
}
