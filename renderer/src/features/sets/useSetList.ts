import { useCallback, useRef, useState } from 'react'
import type { ListResponse, StudySet } from '#shared/api/sets'
import { errorMessage } from '@/lib/api'
import { useServerData } from '@/lib/server-data'
import type { SetListParams } from './sets-api'

type FetchSetPage = (params: SetListParams, signal?: AbortSignal) => Promise<ListResponse<StudySet>>

/** The pages read so far of one search. */
interface SetPages {
  sets: StudySet[]
  totalItems: number
  page: number
}

interface More {
  /** The search it belongs to (a late page of an older search is dropped). */
  key: string
  loading: boolean
  error: string
}

const NO_MORE: More = { key: '', loading: false, error: '' }

/**
 * One page of sets at a time for the given search and tags; `loadMore` appends the next page. A
 * new search starts over (the sets of the last one stay on show, marked busy, until it answers),
 * and answers to an older search are dropped. `name` tells this list from others (whose sets).
 */
export function useSetList(name: string, fetchPage: FetchSetPage, search: string, tags: readonly string[]) {
  // Bumped by `reload` (e.g. after an import created sets), which starts the search over.
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((current) => current + 1), [])
  const key = `${name}:${round}:${search}\u0000${tags.join('\u0000')}`
  const first = useServerData(key, async (signal): Promise<SetPages> => {
    const answer = await fetchPage({ search, tags, page: 1 }, signal)
    return { sets: answer.items, totalItems: answer.totalItems, page: 1 }
  })
  const shownBefore = useRef<SetPages | null>(null)
  if (first.state === 'ready') shownBefore.current = first.data
  const pages = first.state === 'ready' ? first.data : first.state === 'loading' ? shownBefore.current : null
  const [more, setMore] = useState<More>(NO_MORE)
  const moreOfThis = more.key === key ? more : NO_MORE
  const { update } = first
  const nextPage = first.state === 'ready' ? first.data.page + 1 : 0

  const loadMore = useCallback(() => {
    if (moreOfThis.loading || nextPage === 0) return
    const settle = (error: string) => setMore((current) => (current.key === key ? { key, loading: false, error } : current))
    setMore({ key, loading: true, error: '' })
    fetchPage({ search, tags, page: nextPage }).then(
      (answer) => {
        // Sets made or deleted meanwhile shift the pages: never show one twice (a no-op once the search changed).
        update((previous) => {
          const known = new Set(previous.sets.map((set) => set.id))
          return { sets: [...previous.sets, ...answer.items.filter((set) => !known.has(set.id))], totalItems: answer.totalItems, page: answer.page }
        })
        settle('')
      },
      (failure: unknown) => settle(errorMessage(failure)),
    )
  }, [fetchPage, search, tags, key, moreOfThis.loading, nextPage, update])

  const replaceSet = useCallback(
    (set: StudySet) => update((previous) => ({ ...previous, sets: previous.sets.map((item) => (item.id === set.id ? set : item)) })),
    [update],
  )

  const status: 'loading' | 'ready' | 'error' = first.state === 'failed' ? 'error' : first.state
  const sets = pages?.sets ?? []
  const totalItems = pages?.totalItems ?? 0
  return {
    sets,
    totalItems,
    page: pages?.page ?? 0,
    status,
    loadingMore: moreOfThis.loading,
    error: first.state === 'failed' ? errorMessage(first.error) : moreOfThis.error,
    hasMore: status === 'ready' && sets.length < totalItems,
    loadMore,
    replaceSet,
    reload,
  }
}
