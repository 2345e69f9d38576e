import { describe, expect, it } from 'vitest'
import type { ListResponse } from '#shared/api/sets'
import { listPages } from './list-pages'

/** A list of `total` numbers served `perPage` at a time, recording the pages asked for. */
function server(total: number, perPage: number, totalPages = Math.ceil(total / perPage)) {
  const asked: number[] = []
  const readPage = async (page: number): Promise<ListResponse<number>> => {
    asked.push(page)
    const items = Array.from({ length: total }, (_, index) => index).slice((page - 1) * perPage, page * perPage)
    return { items, page, perPage, totalItems: total, totalPages }
  }
  return { asked, readPage }
}

async function all<T>(pages: AsyncGenerator<ListResponse<T>>): Promise<T[]> {
  const items: T[] = []
  for await (const page of pages) items.push(...page.items)
  return items
}

describe('listPages', () => {
  it('reads every page up to the one the server counts as last', async () => {
    const { asked, readPage } = server(5, 2)
    expect(await all(listPages(readPage))).toEqual([0, 1, 2, 3, 4])
    expect(asked).toEqual([1, 2, 3])
  })

  it('stops at a short or empty page even when the count said more (a card deleted meanwhile)', async () => {
    const short = server(3, 2, 5)
    expect(await all(listPages(short.readPage))).toEqual([0, 1, 2])
    expect(short.asked).toEqual([1, 2])
    const empty = server(0, 2, 3)
    expect(await all(listPages(empty.readPage))).toEqual([])
    expect(empty.asked).toEqual([1])
  })

  it('asks for no more pages once the caller stops', async () => {
    const { asked, readPage } = server(10, 2)
    for await (const page of listPages(readPage)) if (page.page === 2) break
    expect(asked).toEqual([1, 2])
  })
})
