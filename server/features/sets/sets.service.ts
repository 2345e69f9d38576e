import type { z } from 'zod'
import type { ListResponse, SetListQuery, StudySet } from '../../../shared/api/sets'
import { newId } from '../../db/ids'
import type { Deps } from '../../deps'
import { limitOffset, listResponse } from '../../http/pagination'
import type { AuthState } from '../auth/auth.service'
import { mediaOfSet, removeUnusedMedia } from '../media/media.service'
import { ownedSet, readableSet } from './set-access'
import { toStudySet } from './sets.mapper'
import * as repo from './sets.repo'
import type { setSchemas } from './sets.schemas'

type CreateSet = z.output<typeof setSchemas.createSet>
type UpdateSet = z.output<typeof setSchemas.updateSet>

async function reload(deps: Deps, id: string): Promise<StudySet> {
  const set = await repo.findSetById(deps.db, id)
  if (!set) throw new Error(`set ${id} vanished while being written`)
  return toStudySet(set)
}

export async function createSet(deps: Deps, auth: AuthState, input: CreateSet): Promise<StudySet> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertSet(trx, {
      id,
      owner_id: auth.user.id,
      title: input.title,
      description: input.description,
      tags: input.tags,
      is_public: input.isPublic ? 1 : 0,
      card_count: 0,
      created: now,
      updated: now,
    })
    await repo.replaceSetTags(trx, id, input.tags)
  })
  return reload(deps, id)
}

export async function getSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySet> {
  return toStudySet(await readableSet(deps, id, auth))
}

export async function updateSet(deps: Deps, id: string, auth: AuthState, input: UpdateSet): Promise<StudySet> {
  await ownedSet(deps, id, auth)
  await deps.db.transaction().execute(async (trx) => {
    await repo.updateSet(trx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
      updated: deps.clock.now().toISOString(),
    })
    if (input.tags !== undefined) await repo.replaceSetTags(trx, id, input.tags)
  })
  return reload(deps, id)
}

/**
 * Deletes the set; its cards, tags and study records go with it (ON DELETE CASCADE, one
 * statement), and so do its pictures that no other card shows.
 */
export async function deleteSet(deps: Deps, id: string, auth: AuthState): Promise<void> {
  await ownedSet(deps, id, auth)
  await deps.db.transaction().execute(async (trx) => {
    const pictures = await mediaOfSet({ db: trx }, id)
    await repo.deleteSet(trx, id)
    await removeUnusedMedia({ db: trx }, pictures)
  })
}

export async function listMySets(deps: Deps, auth: AuthState, query: SetListQuery): Promise<ListResponse<StudySet>> {
  const { items, total } = await repo.listSets(deps.db, { ownerId: auth.user.id, search: query.search, tags: query.tag }, limitOffset(query))
  return listResponse(items.map(toStudySet), total, query)
}

export async function listPublicSets(deps: Deps, query: SetListQuery): Promise<ListResponse<StudySet>> {
  const { items, total } = await repo.listSets(deps.db, { publicOnly: true, search: query.search, tags: query.tag }, limitOffset(query))
  return listResponse(items.map(toStudySet), total, query)
}

export async function listTags(deps: Deps, scope: 'public' | 'mine', auth: AuthState | undefined): Promise<string[]> {
  return scope === 'mine' && auth ? repo.listTags(deps.db, { ownerId: auth.user.id }) : repo.listTags(deps.db, { publicOnly: true })
}
