import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '@/lib/api'
import { translate } from '@/lib/i18n'
import { useServerData } from '@/lib/server-data'
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
  const loaded = useServerData(userId ? `stars:${userId}:${setId}` : null, (signal) => starsApi.list(setId, signal))
  const ids = loaded.state === 'ready' ? loaded.data : null
  const setIds = loaded.update
  const [saveError, setError] = useState('')
  const error = loaded.state === 'failed' ? errorMessage(loaded.error, translate('stars.loadFailed')) : saveError
  const saving = useRef(new Map<string, Promise<void>>())

  useEffect(() => {
    if (userId && ids) rememberStars(setId, ids)
  }, [setId, userId, ids])

  const toggle = useCallback(
    (cardId: string) => {
      if (!ids) return
      const on = !ids.has(cardId)
      setError('')
      setIds((current) => withStar(current, cardId, on))
      const previous = saving.current.get(cardId) ?? Promise.resolve()
      const save = previous
        .then(() => (on ? starsApi.star(setId, cardId) : starsApi.unstar(setId, cardId)))
        .catch((failure: unknown) => {
          setIds((current) => withStar(current, cardId, !on))
          setError(errorMessage(failure, translate(on ? 'stars.starFailed' : 'stars.unstarFailed')))
        })
      saving.current.set(cardId, save)
    },
    [ids, setId],
  )

  if (!userId) return null
  return { ids, error, toggle }
}
