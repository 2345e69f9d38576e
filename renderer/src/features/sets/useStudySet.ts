import { useCallback, useState } from 'react'
import type { Flashcard, ListResponse, StudySet } from '#shared/api/sets'
import { CARD_LIST_PAGE_SIZE, FULL_LIST_PAGE_SIZE } from '#shared/limits'
import { ApiError, errorMessage, isNetworkFailure } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import { useAuth } from '@/features/auth'
import { readOfflineSet, rememberSet } from '@/features/offline'
import { cardPages, mergeCards, setsApi } from './sets-api'

/** 'offline': no network and the set is not kept on the device. */
export type SetLoadStatus = { kind: 'loading' } | { kind: 'ready' } | { kind: 'not_found' } | { kind: 'offline' } | { kind: 'error'; message: string }

interface LoadedSet {
  set: StudySet
  /** The first cards of the set in position order (more arrive with loadMoreCards). */
  cards: Flashcard[]
}

/**
 * Keeps an opened set on the device for studying offline (a signed-in student's; features/offline):
 * the rest of its cards are read in the background, 500 at a time.
 */
async function keepForOffline(set: StudySet, firstCards: Flashcard[]): Promise<void> {
  let cards = firstCards
  try {
    // Not cancelled when the page is left: the student usually goes on to a study mode.
    if (cards.length < set.cardCount) for await (const answer of cardPages(set.id, FULL_LIST_PAGE_SIZE)) cards = mergeCards(cards, answer.items)
  } catch {
    // Partly read: keep what arrived.
  }
  await rememberSet(set, cards)
}

/** The set and its first page of cards; with no network, the copy kept on the device, every card of it. */
async function loadSet(id: string, signal: AbortSignal): Promise<LoadedSet> {
  try {
    const [set, firstPage] = await Promise.all([setsApi.get(id, signal), setsApi.listCards(id, { page: 1 }, signal)])
    const counted = { ...set, cardCount: firstPage.totalItems }
    void keepForOffline(counted, firstPage.items)
    return { set: counted, cards: firstPage.items }
  } catch (failure) {
    const kept = isNetworkFailure(failure) ? await readOfflineSet(id) : undefined
    if (!kept) throw failure
    return { set: { ...kept.set, cardCount: kept.cards.length }, cards: kept.cards }
  }
}

function statusOf(loaded: { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: unknown }): SetLoadStatus {
  if (loaded.state !== 'failed') return { kind: loaded.state }
  if (loaded.error instanceof ApiError && loaded.error.status === 404) return { kind: 'not_found' }
  if (isNetworkFailure(loaded.error)) return { kind: 'offline' }
  return { kind: 'error', message: errorMessage(loaded.error) }
}

/**
 * A set and its cards in position order, 50 at a time. The set's cardCount follows the cards
 * added and deleted here, and the server's count whenever a page arrives.
 */
export function useStudySet(id: string) {
  const userId = useAuth()?.user.id ?? ''
  const loaded = useServerData(`set:${userId}:${id}`, (signal) => loadSet(id, signal))
  const status = statusOf(loaded)
  const data = loaded.state === 'ready' ? loaded.data : null
  const setData = useCallback(
    (change: (current: LoadedSet | null) => LoadedSet | null) => loaded.update((current) => change(current) ?? current),
    [loaded.update],
  )
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState('')

  const loadedCount = data?.cards.length ?? 0

  /** Merges a page of cards, and the server's count, into the set on show (not into a set left since). */
  const mergePage = useCallback(
    (answer: ListResponse<Flashcard>) =>
      setData((current) =>
        current && current.set.id === id ? { set: { ...current.set, cardCount: answer.totalItems }, cards: mergeCards(current.cards, answer.items) } : current,
      ),
    [id],
  )

  /** Runs a fetch of more cards with the loading flag and its error message around it. */
  const fetchMore = useCallback(async (fetch: () => Promise<void>) => {
    setLoadingMore(true)
    setMoreError('')
    try {
      await fetch()
    } catch (failure) {
      setMoreError(errorMessage(failure))
    } finally {
      setLoadingMore(false)
    }
  }, [])

  /** Fetches the page holding the first card not yet shown; resolves when it is merged in. */
  const loadMoreCards = useCallback(
    () => fetchMore(async () => mergePage(await setsApi.listCards(id, { page: Math.floor(loadedCount / CARD_LIST_PAGE_SIZE) + 1 }))),
    [fetchMore, mergePage, id, loadedCount],
  )

  /** Fetches every card not shown yet, 500 at a time (full-list batch). */
  const loadAllCards = useCallback(
    () =>
      fetchMore(async () => {
        for await (const answer of cardPages(id, FULL_LIST_PAGE_SIZE)) mergePage(answer)
      }),
    [fetchMore, mergePage, id],
  )

  const setUpdated = useCallback((set: StudySet) => {
    setData((current) => (current ? { ...current, set } : current))
  }, [])

  const cardAdded = useCallback((card: Flashcard) => {
    setData((current) => {
      if (!current) return current
      // The new card is the last one: list it now only if every card before it is listed.
      const allShown = current.cards.length >= current.set.cardCount
      return {
        set: { ...current.set, cardCount: current.set.cardCount + 1 },
        cards: allShown ? [...current.cards, card] : current.cards,
      }
    })
  }, [])

  const cardUpdated = useCallback((card: Flashcard) => {
    setData((current) => (current ? { ...current, cards: current.cards.map((item) => (item.id === card.id ? card : item)) } : current))
  }, [])

  const cardDeleted = useCallback((cardId: string) => {
    setData((current) =>
      current
        ? {
            set: { ...current.set, cardCount: Math.max(0, current.set.cardCount - 1) },
            cards: current.cards.filter((item) => item.id !== cardId),
          }
        : current,
    )
  }, [])

  return {
    status,
    set: data?.set ?? null,
    cards: data?.cards ?? [],
    hasMoreCards: data ? data.cards.length < data.set.cardCount : false,
    loadMoreCards,
    loadAllCards,
    loadingMore,
    moreError,
    setUpdated,
    cardAdded,
    cardUpdated,
    cardDeleted,
  }
}
