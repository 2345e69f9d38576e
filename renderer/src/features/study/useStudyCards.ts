import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ApiError, errorMessage } from '@/lib/api'
import { useAuth } from '@/features/auth'
import { isStarredOnly } from './stars/stars'
import { type LoadedStudySet, loadStudySet } from './study-api'

export type StudyLoad = { kind: 'loading' } | { kind: 'not_found' } | { kind: 'error'; message: string } | ({ kind: 'ready' } & LoadedStudySet)

/**
 * Loads a set and its cards for a study mode (see loadStudySet); reloads when the id changes. With
 * `?starred=1` in the address a signed-in student studies only their starred cards (a visitor has
 * no stars: the whole set).
 */
export function useStudyCards(setId: string, options: { pageSize: number; limit?: number }): StudyLoad {
  const [load, setLoad] = useState<StudyLoad>({ kind: 'loading' })
  const { pageSize, limit } = options
  const [params] = useSearchParams()
  const starredOnly = useAuth() !== null && isStarredOnly(params)
  useEffect(() => {
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    loadStudySet(setId, { pageSize, limit, starredOnly }, controller.signal).then(
      (loaded) => setLoad({ kind: 'ready', ...loaded }),
      (failure: unknown) => {
        if ((failure as Error | undefined)?.name === 'AbortError') return
        if (failure instanceof ApiError && failure.status === 404) setLoad({ kind: 'not_found' })
        else setLoad({ kind: 'error', message: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [setId, pageSize, limit, starredOnly])
  return load
}
