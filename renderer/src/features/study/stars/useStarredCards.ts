import { useEffect, useMemo } from 'react'
import type { Flashcard } from '@shared/api/sets'
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
 * The set page's cards, or with "Starred only" on just the starred ones: then every card is read
 * (a starred card may be on any page) and the total is the number of starred cards.
 */
export function useStarredCards(paged: PagedCards, stars: Stars | null, on: boolean): PagedCards {
  const ids = on ? stars?.ids : undefined
  const { cards, hasMore, loadingMore, loadError, loadAll } = paged
  const starred = useMemo(() => (ids ? onlyStarred(cards, ids) : cards), [cards, ids])
  const missing = ids ? hasMore && starred.length < ids.size : false

  useEffect(() => {
    if (missing && !loadingMore && !loadError) void loadAll()
  }, [missing, loadingMore, loadError, loadAll])

  if (!ids) return paged
  return { ...paged, cards: starred, total: missing ? ids.size : starred.length, hasMore: missing, loadMore: loadAll }
}
