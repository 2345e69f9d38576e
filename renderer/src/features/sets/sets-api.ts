import type { CreateCardInput, CreateSetInput, Flashcard, ListResponse, StudySet, TagsResponse, UpdateCardInput, UpdateSetInput } from '#shared/api/sets'
import { CARD_LIST_PAGE_SIZE, SET_LIST_PAGE_SIZE } from '#shared/limits'
import { api } from '@/lib/api'

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

type QueryValue = string | number | readonly string[] | undefined

/** `?a=1&tag=X&tag=Y`: arrays become repeated parameters, empty values are left out. */
export function queryString(params: Record<string, QueryValue>): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue
    if (typeof value === 'object') for (const item of value) query.append(key, item)
    else query.append(key, String(value))
  }
  const text = query.toString()
  return text ? `?${text}` : ''
}

function setListQuery({ search, tags, page = 1, perPage = SET_LIST_PAGE_SIZE }: SetListParams): string {
  return queryString({ search: search?.trim(), tag: tags, page, perPage })
}

const setPath = (id: string) => `/sets/${encodeURIComponent(id)}`
const cardPath = (setId: string, cardId: string) => `${setPath(setId)}/cards/${encodeURIComponent(cardId)}`

/** The study-set and card calls (documented in GET /api/openapi.json). */
export const setsApi = {
  listMine: (params: SetListParams, signal?: AbortSignal) => api.get<ListResponse<StudySet>>(`/sets${setListQuery(params)}`, { signal }),
  listPublic: (params: SetListParams, signal?: AbortSignal) => api.get<ListResponse<StudySet>>(`/sets/public${setListQuery(params)}`, { signal }),
  tags: (scope: TagScope, signal?: AbortSignal) => api.get<TagsResponse>(`/sets/tags${queryString({ scope })}`, { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<StudySet>(setPath(id), { signal }),
  create: (input: CreateSetInput) => api.post<StudySet>('/sets', input),
  update: (id: string, input: UpdateSetInput) => api.patch<StudySet>(setPath(id), input),
  remove: (id: string) => api.delete(setPath(id)),
  /** POST /api/sets/:id/copy: a private copy of a readable set, owned by the caller (201). */
  copy: (id: string) => api.post<StudySet>(`${setPath(id)}/copy`, {}),

  listCards: (setId: string, { page = 1, perPage = CARD_LIST_PAGE_SIZE, sort = 'position' }: CardListParams = {}, signal?: AbortSignal) =>
    api.get<ListResponse<Flashcard>>(`${setPath(setId)}/cards${queryString({ page, perPage, sort })}`, { signal }),
  addCard: (setId: string, input: CreateCardInput) => api.post<Flashcard>(`${setPath(setId)}/cards`, input),
  updateCard: (setId: string, cardId: string, input: UpdateCardInput) => api.patch<Flashcard>(cardPath(setId, cardId), input),
  removeCard: (setId: string, cardId: string) => api.delete(cardPath(setId, cardId)),
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
export async function* cardPages(setId: string, perPage: number, signal?: AbortSignal): AsyncGenerator<ListResponse<Flashcard>> {
  for (let page = 1; ; page++) {
    const answer = await setsApi.listCards(setId, { page, perPage }, signal)
    yield answer
    if (page >= answer.totalPages || answer.items.length < perPage) return
  }
}
