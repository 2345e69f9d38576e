import { type Insertable, type Selectable, type SelectQueryBuilder, sql, type Updateable } from 'kysely'
import { compiledQuery } from '#server/db/compiled-query'
import type { DB } from '#server/db/database'
import type { Database, StudySetsTable } from '#server/db/schema'
import { publicSetIndex, wordlessSearch } from '#server/db/public-set-index'
import { containsIgnoringCase, matchesSearch, searchWords } from '#server/db/text-search'
import { readableBy, readableFlag } from '#server/access/readable'
import type { SetForCaller } from '#server/access/sets'

export type StudySetRow = Selectable<StudySetsTable>
export type StudySetWithOwner = StudySetRow & { owner_username: string | null }

export interface SetFilter {
  ownerId?: string
  publicOnly?: boolean
  search: string
  /** Every one of these tags (AND). */
  tags: string[]
}

function selectSetsWithOwner(db: DB) {
  return db.selectFrom('study_sets').leftJoin('users', 'users.id', 'study_sets.owner_id').selectAll('study_sets').select('users.username as owner_username')
}

const setById = compiledQuery((db: DB, id: string) => selectSetsWithOwner(db).where('study_sets.id', '=', id))

export async function findSetById(db: DB, id: string): Promise<StudySetWithOwner | undefined> {
  return setById.first(db, id)
}

/** Of these sets, those the user may read (the one reading rule), with their owners, in no order. */
export async function listReadableSets(db: DB, ids: string[], userId: string): Promise<StudySetWithOwner[]> {
  if (ids.length === 0) return []
  return selectSetsWithOwner(db)
    .where('study_sets.id', 'in', ids)
    .where((eb) => readableBy(eb, userId))
    .execute()
}

/** `userId` '' (a visitor) names no account. */
const setForCaller = compiledQuery((db: DB, id: string, userId: string) =>
  selectSetsWithOwner(db)
    .select((eb) => readableFlag(eb, userId).as('readable'))
    .where('study_sets.id', '=', id),
)

/** The set with its owner's name and whether the caller may read it (`readable`: 1 or 0), in one query. */
export async function findSetForCaller(db: DB, id: string, userId: string | undefined): Promise<(StudySetWithOwner & SetForCaller) | undefined> {
  return setForCaller.first(db, id, userId ?? '')
}

/** The sets assigned to a class, most recently assigned first. */
export async function listSetsOfClass(db: DB, classId: string): Promise<(StudySetWithOwner & { due_at: string | null })[]> {
  return selectSetsWithOwner(db)
    .innerJoin('class_sets', 'class_sets.set_id', 'study_sets.id')
    .select('class_sets.due_at')
    .where('class_sets.class_id', '=', classId)
    .orderBy('class_sets.assigned', 'desc')
    .orderBy('study_sets.id')
    .execute()
}

/** The sets of the filter, without the public-set index: a user's own sets, or all public sets. */
function filtered(db: DB, filter: SetFilter) {
  let query = db.selectFrom('study_sets')
  if (filter.ownerId !== undefined) query = query.where('study_sets.owner_id', '=', filter.ownerId)
  if (filter.publicOnly) query = query.where('study_sets.is_public', '=', 1)
  if (filter.search) {
    const search = filter.search
    query = query.where((eb) =>
      eb.or([containsIgnoringCase(eb.ref('study_sets.title'), search), containsIgnoringCase(eb.ref('study_sets.description'), search)]),
    )
  }
  for (const tag of filter.tags) {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('set_tags').select('set_tags.set_id').whereRef('set_tags.set_id', '=', 'study_sets.id').where('set_tags.tag', '=', tag)),
    )
  }
  return query
}

/** One page of sets matching the filter, newest first, and how many match in all. */
export async function listSets(db: DB, filter: SetFilter, page: { limit: number; offset: number }) {
  // Public sets are many: their words and tags go to the full-text index (server/db/). A user's
  // own sets are few, found by owner_id first, so the plain filters are cheap there.
  if (!filter.publicOnly) return searchWords(filter.search).length > 0 ? listOwnSetsMatching(db, filter, page) : listFilteredSets(db, filter, page)
  const indexed = await publicSetIndex(db).list(db, filter.search, filter.tags, page)
  // Without words for the index the public list is all public sets (with their tags), or those
  // containing a search of punctuation only ('%'): the is_public index, newest first.
  return indexed ?? listFilteredSets(db, { ...filter, search: wordlessSearch(filter.search) }, page)
}

async function listFilteredSets(db: DB, filter: SetFilter, page: { limit: number; offset: number }) {
  if (filter.ownerId !== undefined) return listOwnSets(db, filter, page)
  const total = await countFiltered(db, filter)
  const ids = filtered(db, filter)
    .select('study_sets.id')
    .orderBy('study_sets.created', 'desc')
    .orderBy('study_sets.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
  return { items: await setsNewestFirst(db, ids), total }
}

async function countFiltered(db: DB, filter: SetFilter): Promise<number> {
  const [{ total } = { total: 0 }] = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute()
  return Number(total)
}

/**
 * A user's own sets (few, found by owner_id): the page and the total in one statement, the total
 * as a window over the matching rows. A page past the end has no row to carry it: then it is
 * counted on its own.
 */
async function listOwnSets(db: DB, filter: SetFilter, page: { limit: number; offset: number }) {
  const rows = await filtered(db, filter)
    .leftJoin('users', 'users.id', 'study_sets.owner_id')
    .selectAll('study_sets')
    .select(['users.username as owner_username', sql<number>`count(*) over ()`.as('matching')])
    .orderBy('study_sets.created', 'desc')
    .orderBy('study_sets.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  const items = rows.map(({ matching: _, ...set }) => set)
  if (rows[0]) return { items, total: Number(rows[0].matching) }
  return { items, total: page.offset === 0 ? 0 : await countFiltered(db, filter) }
}

/** The sets of `ids` (a list, or a query of ids) with their owners' names, newest first. */
function setsNewestFirst(db: DB, ids: string[] | SelectQueryBuilder<Database, 'study_sets', { id: string }>) {
  return selectSetsWithOwner(db).where('study_sets.id', 'in', ids).orderBy('study_sets.created', 'desc').orderBy('study_sets.id', 'desc').execute()
}

/**
 * A user's own sets matching a search with words, as Public Sets match them (matchesSearch in
 * server/db/text-search.ts: word starts, accents folded): their titles and descriptions are read
 * (a user's sets are few) and matched here, so both lists find the same sets for the same search.
 */
async function listOwnSetsMatching(db: DB, filter: SetFilter, page: { limit: number; offset: number }) {
  const candidates = await filtered(db, { ...filter, search: '' })
    .select(['study_sets.id', 'study_sets.title', 'study_sets.description'])
    .orderBy('study_sets.created', 'desc')
    .orderBy('study_sets.id', 'desc')
    .execute()
  const matching = candidates.filter((set) => matchesSearch(filter.search, [set.title, set.description]))
  const ids = matching.slice(page.offset, page.offset + page.limit).map((set) => set.id)
  return { items: ids.length === 0 ? [] : await setsNewestFirst(db, ids), total: matching.length }
}

/** The distinct tags of the sets matching the filter, sorted. */
export async function listTags(db: DB, filter: Pick<SetFilter, 'ownerId' | 'publicOnly'>): Promise<string[]> {
  let query = db.selectFrom('set_tags').innerJoin('study_sets', 'study_sets.id', 'set_tags.set_id').select('set_tags.tag').distinct()
  if (filter.ownerId !== undefined) query = query.where('study_sets.owner_id', '=', filter.ownerId)
  if (filter.publicOnly) query = query.where('study_sets.is_public', '=', 1)
  const rows = await query.orderBy('set_tags.tag').execute()
  return rows.map((row) => row.tag)
}

/**
 * Locks the set's row until the transaction ends (an update that changes nothing): on PostgreSQL
 * concurrent changes to one set's cards then queue up as SQLite's single writer makes them.
 * Taken first in a transaction, before anything of the set is read.
 */
export async function lockSet(db: DB, id: string): Promise<void> {
  await db
    .updateTable('study_sets')
    .set((eb) => ({ updated: eb.ref('updated') }))
    .where('id', '=', id)
    .execute()
}

export async function insertSet(db: DB, set: Insertable<StudySetsTable>): Promise<void> {
  await db.insertInto('study_sets').values(set).execute()
}

export async function updateSet(db: DB, id: string, changes: Updateable<StudySetsTable>): Promise<void> {
  await db.updateTable('study_sets').set(changes).where('id', '=', id).execute()
}

export async function deleteSet(db: DB, id: string): Promise<void> {
  await db.deleteFrom('study_sets').where('id', '=', id).execute()
}

/** Replaces the tag rows of a set with `tags` (the comma-separated column value). */
export async function replaceSetTags(db: DB, setId: string, tags: string): Promise<void> {
  await db.deleteFrom('set_tags').where('set_id', '=', setId).execute()
  const rows = tags
    .split(',')
    .filter(Boolean)
    .map((tag) => ({ set_id: setId, tag }))
  if (rows.length > 0) await db.insertInto('set_tags').values(rows).execute()
}

/** How many cards of each of the user's sets have one of these guids (the import preview's matching sets). */
export async function countOwnCardsByGuid(db: DB, ownerId: string, guids: string[]) {
  if (guids.length === 0) return []
  return db
    .selectFrom('flashcards')
    .innerJoin('study_sets', 'study_sets.id', 'flashcards.study_set_id')
    .where('study_sets.owner_id', '=', ownerId)
    .where('flashcards.guid', 'in', guids)
    .groupBy(['study_sets.id', 'study_sets.title'])
    .select((eb) => ['study_sets.id', 'study_sets.title', eb.fn.countAll<number>().as('matching')])
    .execute()
}
