import Router from '@koa/router'
import type { Deps } from '#server/deps'
import { requireVerifiedUser } from '#server/access/auth'
import { route } from '#server/http/route'
import { classApi } from './classes.schemas'
import * as classes from './classes.service'

const WHO =
  'Inside a class, its teacher and its students see it; anyone else gets 404 (its existence is not disclosed), and what only the teacher may do is 403 to a student.'

/**
 * The class routes (issue 20). Every one is for verified users; who may do what inside a class
 * (teacher, student, anyone else) is decided in the service.
 */
export function classesRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: classApi.create,
      auth: 'verified',
      summary: 'Create a class; the caller is its teacher',
      responses: { 201: { description: 'The class, with its join code' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await classes.createClass(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: classApi.list,
      auth: 'verified',
      summary: 'The classes the caller teaches or is a student of, newest first',
      responses: { 200: { description: "A page of classes, each with the caller's role" } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await classes.listMyClasses(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: classApi.join,
      auth: 'verified',
      summary: 'Join a class as a student with its code (any case, spaces and dashes ignored)',
      description:
        "Joining twice, or one's own class, changes nothing. An unknown code is 404. Failed attempts are limited per client address (RATE_LIMIT_CLASS_JOIN_FAILURES per window; 429 with Retry-After once used up, the right code included).",
      responses: { 200: { description: 'The class joined' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await classes.joinClass(deps, ctx.state.auth, ctx.state.input.code, ctx.ip)
    },
  )

  route(
    router,
    {
      contract: classApi.get,
      auth: 'verified',
      summary: 'A class with its assigned sets and, for the teacher, its students',
      description: WHO,
      responses: { 200: { description: 'The class' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await classes.getClass(deps, ctx.params.id ?? '', ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: classApi.update,
      auth: 'verified',
      summary: 'Rename the class and/or give it a new join code (the old code stops working); teacher only',
      description: WHO,
      responses: { 200: { description: 'The class' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.body = await classes.updateClass(deps, ctx.params.id ?? '', ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: classApi.remove,
      auth: 'verified',
      summary: 'Delete the class (its memberships and assignments; the sets stay); teacher only',
      description: WHO,
      responses: { 204: { description: 'Deleted' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      await classes.deleteClass(deps, ctx.params.id ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: classApi.removeMember,
      auth: 'verified',
      summary: 'Remove a student (the teacher), or leave the class (a student, with `me` or their own id)',
      description: `${WHO} The teacher cannot leave their own class (409). A user who is not a student of it: 404.`,
      responses: { 204: { description: 'Removed' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      await classes.removeMember(deps, ctx.params.id ?? '', ctx.params.userId ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: classApi.assignSet,
      auth: 'verified',
      summary: "Assign one of the teacher's own sets to the class, with an optional due date (again: only the due date changes, when sent); teacher only",
      description: `${WHO} A set that is not the teacher's (even a public one) is 404. Students may then read and study it even while it is private, but not change it.`,
      responses: { 201: { description: 'The assigned set' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await classes.assignSet(deps, ctx.params.id ?? '', ctx.state.input, ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: classApi.unassignSet,
      auth: 'verified',
      summary: 'Take a set back from the class: its students lose access at once; teacher only',
      description: `${WHO} A set not assigned to the class: 404.`,
      responses: { 204: { description: 'Taken back' } },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      await classes.unassignSet(deps, ctx.params.id ?? '', ctx.params.setId ?? '', ctx.state.auth)
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: classApi.progress,
      auth: 'verified',
      summary: "Each student's progress on each assigned set; teacher only",
      description: `${WHO} One item per student and assigned set; studied counts the cards answered in any mode; card counts by the mastery rule (80% mastered, 50% learning); finishedByDue, with the set's due date, whether every card was answered by then. dueToday counts the student's cards of the set due by the end of today (UTC), by the memory schedule. format=csv answers a CSV attachment named after the class.`,
      responses: {
        200: { description: 'The progress table, or the same as CSV', contentTypes: ['application/json', 'text/csv'] },
      },
    },
    requireVerifiedUser(deps),
    async (ctx) => {
      const { className, items } = await classes.classProgress(deps, ctx.params.id ?? '', ctx.state.auth)
      ctx.set('Cache-Control', 'no-store')
      if (ctx.state.input.format === 'csv') {
        const file = classes.progressCsv(className, items)
        ctx.type = file.contentType
        ctx.set('Content-Disposition', file.contentDisposition)
        ctx.body = file.body
        return
      }
      ctx.body = { items }
    },
  )

  return router
}
