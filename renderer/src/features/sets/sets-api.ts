import type { CreateCardInput, CreateSetInput, Flashcard, ListResponse, UpdateCardInput, UpdateSetInput } from '#shared/api/sets'
import { CARD_LIST_PAGE_SIZE, MAX_PAGE_SIZE, SET_LIST_PAGE_SIZE } from '#shared/limits'
import { api } from '@/lib/api'
import { listPages } from '@/lib/list-pages'

export interface SetListParams {
  search?: string
  /** Every one of these tags must be on a set (AND). */
  tags?: readonly string[]
  page?: number
  perPage?: number
}

export interface CardListParams {
  page?: number
  perPage?: number
  sort?: 'position' | '-position'
}

export type TagScope = 'public' | 'mine'

const at = (id: string) => ({ params: { id } })
const cardAt = (id: string, cardId: string) => ({ params: { id, cardId } })

function setListQuery({ search, tags, page = 1, perPage = SET_LIST_PAGE_SIZE }: SetListParams) {
  return { search: search?.trim(), tag: tags, page, perPage }
}

/** The study-set and card calls (documented in GET /api/openapi.json), typed by their contracts. */
export const setsApi = {
  listMine: (params: SetListParams, signal?: AbortSignal) => api('GET /api/sets', { query: setListQuery(params), signal }),
  listPublic: (params: SetListParams, signal?: AbortSignal) => api('GET /api/sets/public', { query: setListQuery(params), signal }),
  tags: (scope: TagScope, signal?: AbortSignal) => api('GET /api/sets/tags', { query: { scope }, signal }),
  get: (id: string, signal?: AbortSignal) => api('GET /api/sets/:id', { ...at(id), signal }),
  create: (input: CreateSetInput) => api('POST /api/sets', { body: input }),
  update: (id: string, input: UpdateSetInput) => api('PATCH /api/sets/:id', { ...at(id), body: input }),
  remove: (id: string) => api('DELETE /api/sets/:id', at(id)),
  /** POST /api/sets/:id/copy: a private copy of a readable set, owned by the caller (201). */
  copy: (id: string) => api('POST /api/sets/:id/copy', at(id)),

  listCards: (setId: string, { page = 1, perPage = CARD_LIST_PAGE_SIZE, sort = 'position' }: CardListParams = {}, signal?: AbortSignal) =>
    api('GET /api/sets/:id/cards', { ...at(setId), query: { page, perPage, sort }, signal }),
  addCard: (setId: string, input: CreateCardInput) => api('POST /api/sets/:id/cards', { ...at(setId), body: input }),
  updateCard: (setId: string, cardId: string, input: UpdateCardInput) => api('PATCH /api/sets/:id/cards/:cardId', { ...cardAt(setId, cardId), body: input }),
  removeCard: (setId: string, cardId: string) => api('DELETE /api/sets/:id/cards/:cardId', cardAt(setId, cardId)),
}

/** "Add reverse to all cards": each basic card of the set not yet asked in reverse is changed to be; the changed cards. */
export async function addReverseToAllCards(setId: string): Promise<Flashcard[]> {
  const wanted: Flashcard[] = []
  for await (const page of cardPages(setId, MAX_PAGE_SIZE)) wanted.push(...page.items.filter((card) => card.kind === 'basic' && !card.reverse))
  const changed: Flashcard[] = []
  for (const card of wanted) changed.push(await setsApi.updateCard(setId, card.id, { reverse: true }))
  return changed
}

/** Appends the cards not already in hand: adds and deletes shift the pages under a reader. */
export function mergeCards(known: Flashcard[], more: Flashcard[]): Flashcard[] {
  const ids = new Set(known.map((card) => card.id))
  return [...known, ...more.filter((card) => !ids.has(card.id))]
}

/**
 * Every page of a set's cards in position order, `perPage` at a time, up to the last page (the
 * one the server counts as last, or a short one). Stop iterating to stop fetching.
 */
export function cardPages(setId: string, perPage: number, signal?: AbortSignal): AsyncGenerator<ListResponse<Flashcard>> {
  return listPages((page) => setsApi.listCards(setId, { page, perPage }, signal))
}
