import type { ProgressItem } from '#shared/api/study'
import { useAuth } from '@/features/auth'
import { useServerData } from '@/lib/server-data'
import { studyApi } from './study-api'

/**
 * The signed-in student's progress on a set's cards, read when the set opens (so coming back from
 * Learn or Write shows the new figures). A visitor has none; a failed read shows none rather than
 * an error, since the list is still useful without it.
 */
export function useCardProgress(setId: string): ProgressItem[] | null {
  const userId = useAuth()?.user.id
  const loaded = useServerData(userId ? `progress:${userId}:${setId}` : null, (signal) => studyApi.progress(setId, signal))
  return loaded.state === 'ready' ? loaded.data.items : null
}
