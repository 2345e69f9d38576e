import type { FolderCard } from '#shared/api/habits'
import type { Flashcard, ListResponse, StudySet } from '#shared/api/sets'
import { api } from '@/lib/api'
import { listPages } from '@/lib/list-pages'

/*
 * Several sets studied as one (issue 31): a folder (with its sub-folders), or sets picked on My
 * Sets ("Study together"). Every mode opens them at /study-sets/<study id>/<mode> as if they were
 * one set: `folder:<id>` or `together:<id>,<id>,...`. The cards come from the server as one list,
 * each with its own set's id, and an answer is recorded on that set (ownSetOf).
 */

export type Composite = { kind: 'folder'; folderId: string } | { kind: 'together'; setIds: string[] }

export const folderStudyId = (folderId: string) => `folder:${folderId}`
export const togetherStudyId = (setIds: string[]) => `together:${setIds.join(',')}`

/** The composite a study id names, or null for an ordinary set id. */
export function parseComposite(studyId: string): Composite | null {
  if (studyId.startsWith('folder:')) return { kind: 'folder', folderId: studyId.slice('folder:'.length) }
  if (studyId.startsWith('together:')) {
    const setIds = studyId.slice('together:'.length).split(',').filter(Boolean)
    return setIds.length > 0 ? { kind: 'together', setIds } : null
  }
  return null
}

/** Each card's own set, per study id, as loaded on this page. */
const ownSets = new Map<string, Map<string, string>>()

/** The set an answer to `cardId` is recorded on: the card's own set in a composite, else the set itself. */
export function ownSetOf(studyId: string, cardId: string): string | undefined {
  if (!parseComposite(studyId)) return studyId
  return ownSets.get(studyId)?.get(cardId)
}

/** Reads the composite's cards page by page (each page one request) and keeps each card's own set. */
export async function loadComposite(
  studyId: string,
  title: string,
  readPage: (page: number) => Promise<ListResponse<FolderCard>>,
  limit: number,
): Promise<{ set: StudySet; cards: Flashcard[] }> {
  const cards: FolderCard[] = []
  for await (const answer of listPages(readPage)) {
    cards.push(...answer.items)
    if (cards.length >= limit) break
  }
  const owners = new Map(cards.map((card) => [card.id, card.setId]))
  ownSets.set(studyId, owners)
  const now = new Date().toISOString()
  const set: StudySet = {
    id: studyId,
    title,
    description: '',
    tags: '',
    isPublic: false,
    cardCount: cards.length,
    owner: null,
    created: now,
    updated: now,
    termLanguage: null,
    definitionLanguage: null,
    copiedFromSetId: null,
  }
  return { set, cards: cards.slice(0, limit).map(({ setId: _setId, ...card }) => card) }
}

/** A composite's title and cards from the server (GET /api/folders/:id/cards or /api/study-together/cards). */
export async function loadCompositeOnline(studyId: string, composite: Composite, pageSize: number, limit: number, signal?: AbortSignal) {
  if (composite.kind === 'folder') {
    const params = { id: composite.folderId }
    const folder = await api('GET /api/folders/:id', { params, signal })
    return loadComposite(studyId, folder.name, (page) => api('GET /api/folders/:id/cards', { params, query: { page, perPage: pageSize }, signal }), limit)
  }
  const setIds = composite.setIds.join(',')
  const title = `${composite.setIds.length} sets together`
  return loadComposite(studyId, title, (page) => api('GET /api/study-together/cards', { query: { setIds, page, perPage: pageSize }, signal }), limit)
}
