import { useEffect, useState } from 'react'
import type { ReviewSummary } from '#shared/api/memory'
import { useAuth } from '@/features/auth'
import { onAnswered } from '@/lib/answer-events'
import { reviewApi } from './review-api'

/**
 * The signed-in student's due counts (GET /api/review/summary), read on sign-in, after each
 * recorded answer and when the window gets focus back (cards fall due while it is away). Null for
 * a visitor, while it loads, or when the read failed (a count is never worth an error).
 */
export function useReviewSummary(): ReviewSummary | null {
  const signedIn = useAuth() !== null
  const [summary, setSummary] = useState<ReviewSummary | null>(null)
  useEffect(() => {
    setSummary(null)
    if (!signedIn) return
    let controller = new AbortController()
    const refresh = () => {
      controller.abort()
      controller = new AbortController()
      reviewApi.summary(controller.signal).then(setSummary, () => undefined)
    }
    refresh()
    const stop = onAnswered(refresh)
    window.addEventListener('focus', refresh)
    return () => {
      controller.abort()
      stop()
      window.removeEventListener('focus', refresh)
    }
  }, [signedIn])
  return summary
}
