import { api, isNetworkFailure } from '@/lib/api'
import { authStore } from '@/features/auth'
import { readOfflineSet, rememberStarred } from '@/features/offline'

const starAt = (id: string, cardId: string) => ({ params: { id, cardId } })

/**
 * The last starred ids read or saved on this page, per student and set: a mode opened while the
 * network is down still knows which cards are starred (only for this page's lifetime).
 */
const lastKnown = new Map<string, ReadonlySet<string>>()
const keyFor = (setId: string) => `${authStore.get()?.user.id ?? ''}\u0000${setId}`

/** Remembers the starred ids of a set (after a read, or a star or unstar that the server took). */
export function rememberStars(setId: string, ids: ReadonlySet<string>): void {
  lastKnown.set(keyFor(setId), ids)
  // Kept with the set on the device too, for a starred-only mode opened offline after a reload.
  void rememberStarred(setId, [...ids])
}

/**
 * The signed-in student's starred card ids on a set (GET /api/sets/:id/stars); without a network,
 * the ids last known on this page, else the failure.
 */
export async function readStars(setId: string, signal?: AbortSignal): Promise<ReadonlySet<string>> {
  try {
    const answer = await api('GET /api/sets/:id/stars', { params: { id: setId }, signal })
    const ids = new Set(answer.cardIds)
    rememberStars(setId, ids)
    return ids
  } catch (error) {
    if (!isNetworkFailure(error)) throw error
    const kept = lastKnown.get(keyFor(setId)) ?? (await readOfflineSet(setId))?.starred
    if (kept) return new Set(kept)
    throw error
  }
}

/** The star calls (documented in GET /api/openapi.json): each needs a signed-in student, and both answer 204. */
export const starsApi = {
  list: readStars,
  star: (setId: string, cardId: string) => api('PUT /api/sets/:id/stars/:cardId', starAt(setId, cardId)),
  unstar: (setId: string, cardId: string) => api('DELETE /api/sets/:id/stars/:cardId', starAt(setId, cardId)),
}
