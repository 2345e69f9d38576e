import type { Flashcard } from '#shared/api/sets'
import { readOfflineSet } from '@/features/offline'
import { setsApi } from '@/features/sets'
import { isNetworkFailure } from '@/lib/api'
import type { SetCards } from './review'

/*
 * The set's other cards Review reads for wrong options (issue 32): apart from review-api.ts, which
 * the header's due count loads on every page, so the landing page does not carry the sets' calls.
 */

/** Sets read for more options at once, and cards read of each: enough for three wrong options. */
const OPTION_SETS = 10
const OPTION_CARDS = 50

/**
 * The first cards of these sets (from the server, else the copy kept on the device), so a set with
 * few cards due still gets its wrong options from itself. A set that cannot be read gives none:
 * its options then come from other sets.
 */
export async function readSetCards(setIds: readonly string[], signal?: AbortSignal): Promise<SetCards> {
  const read = async (setId: string): Promise<[string, Flashcard[]]> => {
    try {
      return [setId, (await setsApi.listCards(setId, { perPage: OPTION_CARDS }, signal)).items]
    } catch (failure) {
      if (!isNetworkFailure(failure)) return [setId, []]
      return [setId, ((await readOfflineSet(setId))?.cards ?? []).slice(0, OPTION_CARDS)]
    }
  }
  return new Map(await Promise.all(setIds.slice(0, OPTION_SETS).map(read)))
}
