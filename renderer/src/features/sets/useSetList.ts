import { useCallback, useEffect, useRef, useState } from 'react'
import type { ListResponse, StudySet } from '#shared/api/sets'
import { errorMessage } from '@/lib/api'
import type { SetListParams } from './sets-api'

type FetchSetPage = (params: SetListParams, signal: AbortSignal) => Promise<ListResponse<StudySet>>

interface SetListState {
  sets: StudySet[]
  totalItems: number
  page: number
  /** 'loading' on the first page of a search; 'ready' afterwards. */
  status: 'loading' | 'ready' | 'error'
  loadingMore: boolean
  error: string
}

const initialState: SetListState = { sets: [], totalItems: 0, page: 0, status: 'loading', loadingMore: false, error: '' }

function isAbort(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'AbortError'
}

/**
 * One page of sets at a time for the given search and tags; `loadMore` appends the next page. A
 * new search starts over, and answers to an older search are dropped.
 */
export function useSetList(fetchPage: FetchSetPage, search: string, tags: readonly string[]) {
  const [state, setState] = useState<SetListState>(initialState)
  // Bumped for every new search, so a late 'load more' of the previous one is ignored.
  const generation = useRef(0)
  const moreController = useRef<AbortController | null>(null)
  // Bumped by `reload` (e.g. after an import created sets), which starts the search over.
  const [round, setRound] = useState(0)
  const reload = useCallback(() => setRound((current) => current + 1), [])

  useEffect(() => {
    const current = ++generation.current
    moreController.current?.abort()
    const controller = new AbortController()
    setState((previous) => ({ ...previous, status: 'loading', loadingMore: false, error: '' }))
    fetchPage({ search, tags, page: 1 }, controller.signal).then(
      (answer) => {
        if (current !== generation.current) return
        setState({ sets: answer.items, totalItems: answer.totalItems, page: 1, status: 'ready', loadingMore: false, error: '' })
      },
      (failure: unknown) => {
        if (isAbort(failure) || current !== generation.current) return
        setState({ ...initialState, status: 'error', error: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [fetchPage, search, tags, round])

  const loadMore = useCallback(() => {
    if (state.loadingMore || state.status !== 'ready') return
    const current = generation.current
    const controller = new AbortController()
    moreController.current = controller
    setState((previous) => ({ ...previous, loadingMore: true, error: '' }))
    fetchPage({ search, tags, page: state.page + 1 }, controller.signal).then(
      (answer) => {
        if (current !== generation.current) return
        setState((previous) => {
          // Sets made or deleted meanwhile shift the pages: never show one twice.
          const known = new Set(previous.sets.map((set) => set.id))
          return {
            ...previous,
            sets: [...previous.sets, ...answer.items.filter((set) => !known.has(set.id))],
            totalItems: answer.totalItems,
            page: answer.page,
            loadingMore: false,
          }
        })
      },
      (failure: unknown) => {
        if (isAbort(failure) || current !== generation.current) return
        setState((previous) => ({ ...previous, loadingMore: false, error: errorMessage(failure) }))
      },
    )
  }, [fetchPage, search, tags, state.loadingMore, state.status, state.page])

  const replaceSet = useCallback((set: StudySet) => {
    setState((previous) => ({ ...previous, sets: previous.sets.map((item) => (item.id === set.id ? set : item)) }))
  }, [])

  return {
    ...state,
    hasMore: state.status === 'ready' && state.sets.length < state.totalItems,
    loadMore,
    replaceSet,
    reload,
  }
}
