import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireUser } from '#server/access/auth'
import { studyContracts } from '#shared/api/contracts/study'
import { route } from '#server/http/route'
import * as review from '#server/features/memory/review.service'
import { recordAnswer } from './answers.service'
import * as study from './study.service'

/** The study-record routes: every record belongs to the signed-in caller, on a set they may read. */
export function studyRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: studyContracts.createSession,
      auth: 'token',
      summary: 'Start a Learn session on a set the caller may read',
      responses: { 201: { description: 'The session, in progress' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await study.createSession(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: studyContracts.updateSession,
      auth: 'owner',
      summary: "Update the caller's own Learn session; status completed sets endTime",
      responses: { 200: { description: 'The session' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.updateSession(deps, ctx.params.sid ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: studyContracts.progress,
      auth: 'token',
      summary: "The caller's progress on each card of a set they may read (cards never answered have no item)",
      responses: { 200: { description: 'One item per answered card' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.getProgress(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: studyContracts.answer,
      auth: 'token',
      summary: "Record an answer from any study mode: the review log, the card's memory (FSRS) and, for Learn, Write, Review and Test, its mastery counts",
      description:
        'A Write answer is also kept as a write result. A Learn answer with `sessionId` is counted in that session (as PATCH /api/learning-sessions/:sid would; a completed session is left as it is). ' +
        "The answer carries the session after it and the due counts, so an answer needs no other request. An answer resent with the same clientId is kept once and answers 200 with the first answer's result.",
      responses: {
        201: { description: "The card's progress (null before any answer of a counting mode) and memory after the answer" },
        200: { description: 'The answer was already recorded under this clientId: its first result' },
      },
    },
    requireUser(deps),
    async (ctx) => {
      const answer = await recordAnswer(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
      ctx.status = answer.status
      ctx.body = answer.body
    },
  )

  route(
    router,
    {
      contract: studyContracts.matchResult,
      auth: 'token',
      summary: 'Record a finished Match game',
      responses: {
        201: { description: 'The stored result' },
        200: { description: 'The result already stored under this clientId (a resend); nothing changed' },
      },
    },
    requireUser(deps),
    async (ctx) => {
      const result = await study.recordMatchResult(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
      ctx.status = result.status
      ctx.body = result.body
    },
  )

  route(
    router,
    {
      contract: studyContracts.bestMatchTime,
      auth: 'token',
      summary: "The caller's fastest finished Match game on a set they may read",
      responses: { 200: { description: 'The best time in seconds, or null' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await study.getBestMatchTime(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  // The Progress page's numbers: the memory's charts and the study records' mastery per set.
  route(
    router,
    {
      contract: studyContracts.stats,
      auth: 'token',
      summary: "The caller's reviews per day, due forecast, predicted retention and mastery per set",
      responses: { 200: { description: 'The numbers (UTC days, oldest first)' } },
    },
    requireUser(deps),
    async (ctx) => {
      const [memory, sets] = await Promise.all([review.stats(deps, ctx.state.auth, ctx.state.input), study.masteryBySet(deps, ctx.state.auth)])
      ctx.body = { ...memory, sets }
    },
  )

  return router
}
