import type { ListResponse, StudySet } from '#shared/api/sets'
import { isNetworkFailure } from '@/lib/api'
import { readKeptSets } from '@/features/offline'
import { type SetListParams, setsApi } from './sets-api'

/** The sets of a My Sets page that came from the device (offline), not from the server. */
const fromDevice = new WeakSet<StudySet>()

export function isKeptCopy(set: StudySet): boolean {
  return fromDevice.has(set)
}

/** The kept sets matching My Sets' search (every word in the title or description) and tags, as one page. */
export function keptSetsPage(sets: readonly StudySet[], { search, tags }: Pick<SetListParams, 'search' | 'tags'>): ListResponse<StudySet> {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean)
  const items = sets.filter((set) => {
    const text = `${set.title} ${set.description}`.toLowerCase()
    return words.every((word) => text.includes(word)) && (tags ?? []).every((tag) => set.tags.includes(tag))
  })
  return { items, page: 1, perPage: Math.max(items.length, 1), totalItems: items.length, totalPages: 1 }
}

/**
 * My Sets' list: the server's, or offline the sets kept on this device (marked as such), so they
 * can be reached from inside the app. With nothing kept, the failure stands.
 */
export async function listMineOrKept(params: SetListParams, signal?: AbortSignal): Promise<ListResponse<StudySet>> {
  try {
    return await setsApi.listMine(params, signal)
  } catch (failure) {
    if (!isNetworkFailure(failure) || (params.page ?? 1) > 1) throw failure
    const kept = await readKeptSets()
    if (!kept || kept.length === 0) throw failure
    const page = keptSetsPage(kept, params)
    for (const set of page.items) fromDevice.add(set)
    return page
  }
}
