import { useEffect } from 'react'
import type { ReviewSummary } from '#shared/api/memory'
import { useAuth } from '@/features/auth'
import { onAnswered } from '@/lib/answer-events'
import { refreshServerData, setServerData, useServerData } from '@/lib/server-data'
import { reviewApi } from './review-api'

/**
 * The signed-in student's due counts (GET /api/review/summary), read on sign-in and when the
 * window gets focus back (cards fall due while it is away), and taken from each recorded answer's
 * response. Null for a visitor, while it loads, or when the read failed (a count is never worth
 * an error). The header calls it once and shows the count in its navigation and its menu.
 */
export function useReviewSummary(): ReviewSummary | null {
  const userId = useAuth()?.user.id
  const key = userId ? `review-summary:${userId}` : null
  const loaded = useServerData(key, (signal) => reviewApi.summary(signal))
  useEffect(() => {
    if (!key) return
    const refresh = () => refreshServerData(key)
    // An answer's response carries the counts after it: shown as they are, with no request.
    const stop = onAnswered((summary) => (summary ? setServerData(key, summary) : refresh()))
    window.addEventListener('focus', refresh)
    return () => {
      stop()
      window.removeEventListener('focus', refresh)
    }
  }, [key])
  return loaded.state === 'ready' ? loaded.data : null
}
