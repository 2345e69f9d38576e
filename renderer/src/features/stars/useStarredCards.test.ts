import { describe, expect, it } from 'vitest'
import type { Flashcard } from '#shared/api/sets'
import { type PagedCards, starredPage } from './useStarredCards'

const card = (id: string, position: number) => ({ id, position, term: id, definition: id }) as Flashcard
const loadMore = async () => undefined
const loadAll = async () => undefined
const paged = (cards: Flashcard[], hasMore: boolean): PagedCards => ({ cards, total: 120, hasMore, loadingMore: false, loadError: '', loadMore, loadAll })

describe('starredPage', () => {
  it('counts the stars and wants the rest of the set while a starred card may be on a later page', () => {
    const first = [card('a', 1), card('b', 2)]
    const page = starredPage(paged(first, true), [card('b', 2)], new Set(['b', 'z']))
    expect(page.cards.map((item) => item.id)).toEqual(['b'])
    expect(page.total).toBe(2)
    expect(page.hasMore).toBe(true)
    expect(page.loadMore).toBe(loadAll)
  })

  it('counts the cards found once every starred card is loaded, or the whole set is', () => {
    const all = [card('a', 1), card('b', 2)]
    expect(starredPage(paged(all, true), [card('b', 2)], new Set(['b']))).toMatchObject({ total: 1, hasMore: false })
    // A star whose card is gone (deleted meanwhile) is not counted once the whole set is read.
    expect(starredPage(paged(all, false), [card('b', 2)], new Set(['b', 'gone']))).toMatchObject({ total: 1, hasMore: false })
  })
})
