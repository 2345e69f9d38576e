import { useEffect, useState } from 'react'
import type { ProgressItem } from '#shared/api/study'
import { useAuth } from '@/features/auth'
import { studyApi } from './study-api'

/**
 * The signed-in student's progress on a set's cards, read when the set opens (so coming back from
 * Learn or Write shows the new figures). A visitor has none; a failed read shows none rather than
 * an error, since the list is still useful without it.
 */
export function useCardProgress(setId: string): ProgressItem[] | null {
  const signedIn = useAuth() !== null
  const [progress, setProgress] = useState<ProgressItem[] | null>(null)
  useEffect(() => {
    setProgress(null)
    if (!signedIn) return
    const controller = new AbortController()
    studyApi.progress(setId, controller.signal).then(
      (answer) => setProgress(answer.items),
      () => undefined,
    )
    return () => controller.abort()
  }, [setId, signedIn])
  return progress
}
