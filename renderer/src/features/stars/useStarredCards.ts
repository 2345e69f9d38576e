import { useEffect, useMemo } from 'react'
import type { Flashcard } from '#shared/api/sets'
import { onlyStarred } from './stars'
import type { Stars } from './useStars'

/** The set page's cards as its Terms and Flashcards views page through them. */
export interface PagedCards {
  cards: Flashcard[]
  /** How many cards there are in all (loaded or not). */
  total: number
  hasMore: boolean
  loadingMore: boolean
  loadError: string
  loadMore: () => Promise<void>
  loadAll: () => Promise<void>
}

/**
 * The starred cards of `paged` (given as `starred`, already filtered). Until every starred card is
 * loaded the total is the number of stars, more pages are wanted, and "more" means all of them (a
 * starred card may be on any page); then the total is the cards found.
 */
export function starredPage(paged: PagedCards, starred: Flashcard[], ids: ReadonlySet<string>): PagedCards {
  const missing = paged.hasMore && starred.length < ids.size
  return { ...paged, cards: starred, total: missing ? ids.size : starred.length, hasMore: missing, loadMore: paged.loadAll }
}

/**
 * The set page's cards, or with "Starred only" on just the starred ones (see starredPage), reading
 * the rest of the set while a starred card may still be on a page not read yet.
 */
export function useStarredCards(paged: PagedCards, stars: Stars | null, on: boolean): PagedCards {
  const ids = on ? stars?.ids : undefined
  const { cards, loadingMore, loadError, loadAll } = paged
  const starred = useMemo(() => (ids ? onlyStarred(cards, ids) : cards), [cards, ids])
  const shown = ids ? starredPage(paged, starred, ids) : paged
  const missing = ids !== undefined && shown.hasMore

  useEffect(() => {
    if (missing && !loadingMore && !loadError) void loadAll()
  }, [missing, loadingMore, loadError, loadAll])

  return shown
}
