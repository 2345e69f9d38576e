import { useEffect, useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api'
import { type LoadedStudySet, loadStudySet } from './study-api'

export type StudyLoad =
  | { kind: 'loading' }
  | { kind: 'not_found' }
  | { kind: 'error'; message: string }
  | ({ kind: 'ready' } & LoadedStudySet)

/** Loads a set and its cards for a study mode (see loadStudySet); reloads when the id changes. */
export function useStudyCards(setId: string, options: { pageSize: number; limit?: number }): StudyLoad {
  const [load, setLoad] = useState<StudyLoad>({ kind: 'loading' })
  const { pageSize, limit } = options
  useEffect(() => {
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    loadStudySet(setId, { pageSize, limit }, controller.signal).then(
      (loaded) => setLoad({ kind: 'ready', ...loaded }),
      (failure: unknown) => {
        if ((failure as Error | undefined)?.name === 'AbortError') return
        if (failure instanceof ApiError && failure.status === 404) setLoad({ kind: 'not_found' })
        else setLoad({ kind: 'error', message: errorMessage(failure) })
      },
    )
    return () => controller.abort()
  }, [setId, pageSize, limit])
  return load
}
