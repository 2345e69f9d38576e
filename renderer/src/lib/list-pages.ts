import type { ListResponse } from '#shared/api/sets'

/**
 * Every page of a paged list, one request each (`readPage(n)`), from the first to the last: the
 * one the server counts as last, or a short one. Stop iterating to stop fetching.
 */
export async function* listPages<T>(readPage: (page: number) => Promise<ListResponse<T>>): AsyncGenerator<ListResponse<T>> {
  for (let page = 1; ; page++) {
    const answer = await readPage(page)
    yield answer
    if (page >= answer.totalPages || answer.items.length < answer.perPage) return
  }
}
