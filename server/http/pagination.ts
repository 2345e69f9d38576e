import type { ListResponse } from '#shared/api/sets'

export interface PageQuery {
  page: number
  perPage: number
}

export function limitOffset({ page, perPage }: PageQuery) {
  return { limit: perPage, offset: (page - 1) * perPage }
}

/** The list body of every paged answer (`{ items, page, perPage, totalItems, totalPages }`). */
export function listResponse<T>(items: T[], totalItems: number, { page, perPage }: PageQuery): ListResponse<T> {
  return { items, page, perPage, totalItems, totalPages: Math.ceil(totalItems / perPage) }
}
