import type { z } from 'zod'
import type { ListResponse, SetListQuery, StudySet } from '#shared/api/sets'
import type { AssignedSet } from '#shared/api/classes'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { limitOffset, listResponse } from '#server/http/pagination'
import type { AuthState } from '#server/access/caller'
import { requireAssignableSet } from '#server/access/classes'
import { requireOwnedSet, requireReadableSet } from '#server/access/sets'
import { adoptMedia, mediaOfSet, removeUnusedMedia } from '#server/features/media/media.service'
import { insertCards, listAllCards } from './cards.repo'
import { toStudySet } from './sets.mapper'
import * as repo from './sets.repo'
import type { StudySetRow, StudySetWithOwner } from './sets.repo'
import type { setSchemas } from './sets.schemas'

type CreateSet = z.output<typeof setSchemas.createSet>
type UpdateSet = z.output<typeof setSchemas.updateSet>

/** A set the caller may read, with its owner's name; 404 otherwise (the rule: server/access/sets.ts). */
export async function readableSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySetWithOwner> {
  return requireReadableSet(await repo.findSetForCaller(deps.db, id, auth?.user.id))
}

/** A set the caller owns: 403 for one they may only read, 404 for one they may not read. */
export async function ownedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  return requireOwnedSet(await repo.findSetForCaller(deps.db, id, auth.user.id), auth)
}

/**
 * `ownedSet` for a change, inside the caller's transaction (`deps.db`): the set's row is locked
 * first, so the set read is the newest and no other change of it or its cards runs meanwhile.
 */
export async function lockedOwnedSet(deps: Deps, id: string, auth: AuthState): Promise<StudySetWithOwner> {
  await repo.lockSet(deps.db, id)
  return ownedSet(deps, id, auth)
}

/** One of the caller's own sets, to assign to a class they teach; any other set is 404 (server/access/classes.ts). */
export async function assignableSet(deps: Pick<Deps, 'db'>, id: string, auth: AuthState): Promise<StudySet> {
  return toStudySet(requireAssignableSet(await repo.findSetById(deps.db, id), auth))
}

/** Of these sets, those the caller may read, as the API shows them, in the order of `ids`. */
export async function readableSetsByIds(deps: Pick<Deps, 'db'>, ids: string[], auth: AuthState): Promise<StudySet[]> {
  const rows = new Map((await repo.listReadableSets(deps.db, ids, auth.user.id)).map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = rows.get(id)
    return row ? [toStudySet(row)] : []
  })
}

/** The sets assigned to a class, most recently assigned first, as the API shows them, with their due dates. */
export async function setsOfClass(deps: Pick<Deps, 'db'>, classId: string): Promise<AssignedSet[]> {
  return (await repo.listSetsOfClass(deps.db, classId)).map((row) => ({ ...toStudySet(row), dueAt: row.due_at }))
}

/**
 * A set just written, read back with its owner's name, as the API shows it: read in the writing
 * transaction (`db`), so a delete right after cannot hide it.
 */
export async function reloadSet(db: Deps['db'], id: string): Promise<StudySet> {
  const set = await repo.findSetById(db, id)
  if (!set) throw new Error(`set ${id} vanished while being written`)
  return toStudySet(set)
}

/** The row of a new set of the caller's, created and updated `now`. */
export function newSetRow(
  ownerId: string,
  fields: {
    id: string
    title: string
    description: string
    tags: string
    isPublic: boolean
    cardCount: number
    termLanguage?: string | null
    definitionLanguage?: string | null
    copiedFromSetId?: string | null
  },
  now: string,
): StudySetRow {
  return {
    id: fields.id,
    owner_id: ownerId,
    title: fields.title,
    description: fields.description,
    tags: fields.tags,
    is_public: fields.isPublic ? 1 : 0,
    card_count: fields.cardCount,
    created: now,
    updated: now,
    term_language: fields.termLanguage ?? null,
    definition_language: fields.definitionLanguage ?? null,
    copied_from_set_id: fields.copiedFromSetId ?? null,
  }
}

export async function createSet(deps: Deps, auth: AuthState, input: CreateSet): Promise<StudySet> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  return deps.db.transaction().execute(async (trx) => {
    await repo.insertSet(trx, newSetRow(auth.user.id, { ...input, id, cardCount: 0 }, now))
    await repo.replaceSetTags(trx, id, input.tags)
    return reloadSet(trx, id)
  })
}

export async function getSet(deps: Deps, id: string, auth: AuthState | undefined): Promise<StudySet> {
  return toStudySet(await readableSet(deps, id, auth))
}

export async function updateSet(deps: Deps, id: string, auth: AuthState, input: UpdateSet): Promise<StudySet> {
  return deps.db.transaction().execute(async (trx) => {
    // Checked in the transaction, the set locked: a delete in between is a 404, not a failed write.
    await lockedOwnedSet({ ...deps, db: trx }, id, auth)
    await repo.updateSet(trx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.tags !== undefined ? { tags: input.tags } : {}),
      ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
      ...(input.termLanguage !== undefined ? { term_language: input.termLanguage } : {}),
      ...(input.definitionLanguage !== undefined ? { definition_language: input.definitionLanguage } : {}),
      updated: deps.clock.now().toISOString(),
    })
    if (input.tags !== undefined) await repo.replaceSetTags(trx, id, input.tags)
    return reloadSet(trx, id)
  })
}

/**
 * Deletes the set; its cards, tags and study records go with it (ON DELETE CASCADE, one
 * statement), and so do its pictures that no other card shows.
 */
export async function deleteSet(deps: Deps, id: string, auth: AuthState): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await lockedOwnedSet({ ...deps, db: trx }, id, auth)
    const pictures = await mediaOfSet({ db: trx }, id)
    await repo.deleteSet(trx, id)
    await removeUnusedMedia({ db: trx }, pictures)
  })
}

/**
 * "Save a copy": a private set of the caller's with the same title, description, tags, languages
 * and cards (new ids, same order), noting the set it came from. Study records are not copied.
 * The source is read inside the transaction, so a card added or deleted meanwhile is either in
 * the copy whole or not at all, and cardCount matches the copied cards.
 */
export async function copySet(deps: Deps, sourceId: string, auth: AuthState): Promise<StudySet> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  return deps.db.transaction().execute(async (trx) => {
    // The source's row locked first: its cards cannot change and it cannot be deleted while they
    // are copied (on PostgreSQL each statement would otherwise see the newest rows on its own).
    await repo.lockSet(trx, sourceId)
    const source = await readableSet({ ...deps, db: trx }, sourceId, auth)
    const sourceCards = await listAllCards(trx, sourceId)
    // The copy owns its pictures and recordings (issue 27): the author's account or set may go.
    const adopted = await adoptMedia(
      { ...deps, db: trx },
      auth.user.id,
      sourceCards.flatMap((card) => [card.term_image_id, card.definition_image_id, card.term_audio_id, card.definition_audio_id]),
    )
    const own = (mediaId: string | null) => (mediaId === null ? null : (adopted.get(mediaId) ?? mediaId))
    const cards = sourceCards.map((card, index) => ({
      ...card,
      id: newId(),
      study_set_id: id,
      position: index + 1,
      created: now,
      term_image_id: own(card.term_image_id),
      definition_image_id: own(card.definition_image_id),
      term_audio_id: own(card.term_audio_id),
      definition_audio_id: own(card.definition_audio_id),
    }))
    await repo.insertSet(
      trx,
      newSetRow(
        auth.user.id,
        {
          id,
          title: source.title,
          description: source.description,
          tags: source.tags,
          isPublic: false,
          cardCount: cards.length,
          termLanguage: source.term_language,
          definitionLanguage: source.definition_language,
          copiedFromSetId: source.id,
        },
        now,
      ),
    )
    await repo.replaceSetTags(trx, id, source.tags)
    await insertCards(trx, cards)
    return reloadSet(trx, id)
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
