import type { z } from 'zod'
import type { Folder, FolderCard, FolderDetail, habitSchemas } from '#shared/api/habits'
import type { ListResponse } from '#shared/api/sets'
import { apiMessages, habitMessages } from '#shared/messages'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { invalidInput, notFound } from '#server/http/errors'
import type { AuthState } from '#server/access/caller'
import { assertReadableSet } from '#server/access/sets'
import { cardsOfSets } from '#server/features/sets/cards.service'
import { readableSetsByIds } from '#server/features/sets/sets.service'
import { moveProblem, subtreeOf, type TreeFolder } from './folder-tree'
import * as repo from './folders.repo'

type CreateFolder = z.output<typeof habitSchemas.createFolder>
type UpdateFolder = z.output<typeof habitSchemas.updateFolder>
type CardsQuery = z.output<typeof habitSchemas.cardsQuery>
type TogetherQuery = z.output<typeof habitSchemas.togetherQuery>

/*
 * Folders (issue 31): a user's own, private to them (404 to anyone else, as a set they may not
 * read), nested up to FOLDER_MAX_DEPTH levels. A folder holds any set its owner may read (the one
 * reading rule, server/access/); a set it holds and they may no longer read is left out of what
 * it shows and studies, and comes back if they may read it again.
 */

type FolderRow = Awaited<ReturnType<typeof repo.listFolders>>[number]

const toFolder = (row: FolderRow): Folder => ({ id: row.id, name: row.name, parentId: row.parent_id, setCount: row.set_count })

/** The caller's folders, and the one named: 404 unless it is theirs. */
async function ownFolders(deps: Deps, auth: AuthState, id: string): Promise<{ folders: FolderRow[]; folder: FolderRow }> {
  const folders = await repo.listFolders(deps.db, auth.user.id)
  const folder = folders.find((row) => row.id === id)
  if (!folder) throw notFound(habitMessages.folderNotFound)
  return { folders, folder }
}

function checkMove(folders: TreeFolder[], id: string | null, parentId: string | null): void {
  if (parentId !== null && !folders.some((folder) => folder.id === parentId)) throw notFound(habitMessages.folderNotFound)
  const problem = moveProblem(folders, id, parentId)
  if (problem === 'cycle') throw invalidInput({ parentId: habitMessages.folderCycle })
  if (problem === 'too-deep') throw invalidInput({ parentId: habitMessages.folderTooDeep })
}

export async function listFolders(deps: Deps, auth: AuthState): Promise<{ items: Folder[] }> {
  return { items: (await repo.listFolders(deps.db, auth.user.id)).map(toFolder) }
}

export async function createFolder(deps: Deps, auth: AuthState, input: CreateFolder): Promise<Folder> {
  const parentId = input.parentId ?? null
  checkMove(await repo.listFolders(deps.db, auth.user.id), null, parentId)
  const now = deps.clock.now().toISOString()
  const id = newId()
  await repo.insertFolder(deps.db, { id, owner_id: auth.user.id, parent_id: parentId, name: input.name, created: now, updated: now })
  return { id, name: input.name, parentId, setCount: 0 }
}

export async function getFolder(deps: Deps, auth: AuthState, id: string): Promise<FolderDetail> {
  const { folders, folder } = await ownFolders(deps, auth, id)
  const setIds = (await repo.listFolderSets(deps.db, [id])).map((row) => row.study_set_id)
  return {
    ...toFolder(folder),
    folders: folders.filter((row) => row.parent_id === id).map(toFolder),
    sets: await readableSetsByIds(deps, setIds, auth),
  }
}

export async function updateFolder(deps: Deps, auth: AuthState, id: string, input: UpdateFolder): Promise<Folder> {
  const { folders, folder } = await ownFolders(deps, auth, id)
  if (input.parentId !== undefined) checkMove(folders, id, input.parentId)
  await repo.updateFolder(deps.db, id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.parentId !== undefined ? { parent_id: input.parentId } : {}),
    updated: deps.clock.now().toISOString(),
  })
  return toFolder({ ...folder, name: input.name ?? folder.name, parent_id: input.parentId === undefined ? folder.parent_id : input.parentId })
}

export async function deleteFolder(deps: Deps, auth: AuthState, id: string): Promise<void> {
  await ownFolders(deps, auth, id)
  await repo.deleteFolder(deps.db, id)
}

/** Puts a set the caller may read in their folder (404 for a set they may not read, as everywhere). */
export async function addSet(deps: Deps, auth: AuthState, id: string, setId: string): Promise<void> {
  await ownFolders(deps, auth, id)
  await assertReadableSet(deps.db, setId, auth)
  await repo.addSet(deps.db, id, setId, deps.clock.now().toISOString())
}

export async function removeSet(deps: Deps, auth: AuthState, id: string, setId: string): Promise<void> {
  await ownFolders(deps, auth, id)
  await repo.removeSet(deps.db, id, setId)
}

/**
 * The cards of a folder studied as one set: its own sets' cards (in the order the sets were
 * added), then each sub-folder's, depth first; a set in two of them counts once; only sets the
 * caller may read. Each card carries its own set's id, where its answers are recorded.
 */
export async function folderCards(deps: Deps, auth: AuthState, id: string, query: CardsQuery): Promise<ListResponse<FolderCard>> {
  return cardsOfSets(deps, await folderSets(deps, auth, id), query)
}

/** The readable sets of a folder and its sub-folders, in study order, each once. */
async function folderSets(deps: Deps, auth: AuthState, id: string) {
  const { folders } = await ownFolders(deps, auth, id)
  const order = subtreeOf(folders, id)
  const links = await repo.listFolderSets(deps.db, order)
  const setIds = order.flatMap((folderId) => links.filter((link) => link.folder_id === folderId).map((link) => link.study_set_id))
  return readableSetsByIds(deps, [...new Set(setIds)], auth)
}

/** The sets of a folder of the caller's and its sub-folders that they may read (404 unless the folder is theirs): Review's due cards of a folder. */
export async function readableSetIdsOfFolder(deps: Deps, auth: AuthState, id: string): Promise<string[]> {
  return (await folderSets(deps, auth, id)).map((set) => set.id)
}

/** Several sets studied as one ("Study together" on My Sets): each must be readable (404 otherwise). */
export async function cardsTogether(deps: Deps, auth: AuthState, query: TogetherQuery): Promise<ListResponse<FolderCard>> {
  const sets = await readableSetsByIds(deps, query.setIds, auth)
  if (sets.length !== query.setIds.length) throw notFound(apiMessages.setNotFound)
  return cardsOfSets(deps, sets, query)
}
