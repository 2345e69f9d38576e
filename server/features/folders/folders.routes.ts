import Router from '@koa/router'
import { folderContracts } from '#shared/api/contracts/habits'
import type { Deps } from '#server/deps'
import { requireUser } from '#server/access/auth'
import { route } from '#server/http/route'
import * as folders from './folders.service'

/** Folders of sets (issue 31): the caller's own; anyone else's folder is 404. */
export function foldersRoutes(deps: Deps): Router {
  const router = new Router()

  route(
    router,
    {
      contract: folderContracts.create,
      auth: 'token',
      summary: "Create a folder, at the top or in one of the caller's folders (at most 5 levels deep)",
      responses: { 201: { description: 'The new folder' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.status = 201
      ctx.body = await folders.createFolder(deps, ctx.state.auth, ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: folderContracts.list,
      auth: 'token',
      summary: "The caller's folders, every level, by name",
      responses: { 200: { description: 'The folders' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await folders.listFolders(deps, ctx.state.auth)
    },
  )

  route(
    router,
    {
      contract: folderContracts.get,
      auth: 'token',
      summary: "A folder of the caller's with its sub-folders and the sets in it they may still read",
      responses: { 200: { description: 'The folder' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await folders.getFolder(deps, ctx.state.auth, ctx.params.id ?? '')
    },
  )

  route(
    router,
    {
      contract: folderContracts.update,
      auth: 'token',
      summary: 'Rename a folder or move it (parentId; null: to the top); a move into itself or a sub-folder is 400',
      responses: { 200: { description: 'The folder' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await folders.updateFolder(deps, ctx.state.auth, ctx.params.id ?? '', ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: folderContracts.remove,
      auth: 'token',
      summary: 'Delete a folder and its sub-folders (never a set)',
      responses: { 204: { description: 'Deleted' } },
    },
    requireUser(deps),
    async (ctx) => {
      await folders.deleteFolder(deps, ctx.state.auth, ctx.params.id ?? '')
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: folderContracts.addSet,
      auth: 'token',
      summary: 'Put a set the caller may read in their folder (twice changes nothing)',
      responses: { 204: { description: 'In the folder' } },
    },
    requireUser(deps),
    async (ctx) => {
      await folders.addSet(deps, ctx.state.auth, ctx.params.id ?? '', ctx.params.setId ?? '')
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: folderContracts.removeSet,
      auth: 'token',
      summary: 'Take a set out of a folder (the set stays)',
      responses: { 204: { description: 'Out of the folder' } },
    },
    requireUser(deps),
    async (ctx) => {
      await folders.removeSet(deps, ctx.state.auth, ctx.params.id ?? '', ctx.params.setId ?? '')
      ctx.status = 204
    },
  )

  route(
    router,
    {
      contract: folderContracts.cards,
      auth: 'token',
      summary: "The cards of a folder's readable sets and its sub-folders', as one set, each with its own set's id",
      responses: { 200: { description: 'A page of cards' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await folders.folderCards(deps, ctx.state.auth, ctx.params.id ?? '', ctx.state.input)
    },
  )

  route(
    router,
    {
      contract: folderContracts.together,
      auth: 'token',
      summary: "The cards of several sets the caller may read (setIds, comma-separated, at most 50), as one set, each with its own set's id",
      responses: { 200: { description: 'A page of cards' } },
    },
    requireUser(deps),
    async (ctx) => {
      ctx.body = await folders.cardsTogether(deps, ctx.state.auth, ctx.state.input)
    },
  )

  return router
}
