import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api'
import { useAuth } from '@/features/auth'
import { rememberStars, starsApi } from './stars-api'
import { withStar } from './stars'

export interface Stars {
  /** The starred card ids; null until the first read answers (or if it failed). */
  ids: ReadonlySet<string> | null
  /** Why the last read or save failed; '' when nothing failed. */
  error: string
  /** Stars or unstars a card at once, then saves it; a failed save puts it back and says so. */
  toggle: (cardId: string) => void
}

/**
 * The signed-in student's stars on a set, read when the set opens; null for a visitor, who has
 * none. Saves of one card go out one after another, so quick clicks end in the last state asked.
 */
export function useStars(setId: string): Stars | null {
  const userId = useAuth()?.user.id ?? null
  const [ids, setIds] = useState<ReadonlySet<string> | null>(null)
  const [error, setError] = useState('')
  const saving = useRef(new Map<string, Promise<void>>())

  useEffect(() => {
    setIds(null)
    setError('')
    if (!userId) return
    const controller = new AbortController()
    starsApi.list(setId, controller.signal).then(setIds, (failure: unknown) => {
      if ((failure as Error | undefined)?.name !== 'AbortError') setError(errorMessage(failure, 'Your starred cards could not be loaded.'))
    })
    return () => controller.abort()
  }, [setId, userId])

  useEffect(() => {
    if (userId && ids) rememberStars(setId, ids)
  }, [setId, userId, ids])

  const toggle = useCallback(
    (cardId: string) => {
      if (!ids) return
      const on = !ids.has(cardId)
      setError('')
      setIds((current) => current && withStar(current, cardId, on))
      const previous = saving.current.get(cardId) ?? Promise.resolve()
      const save = previous
        .then(() => (on ? starsApi.star(setId, cardId) : starsApi.unstar(setId, cardId)))
        .catch((failure: unknown) => {
          setIds((current) => current && withStar(current, cardId, !on))
          setError(errorMessage(failure, on ? 'The card could not be starred. Try again.' : 'The card could not be unstarred. Try again.'))
        })
      saving.current.set(cardId, save)
    },
    [ids, setId],
  )

  if (!userId) return null
  return { ids, error, toggle }
}
