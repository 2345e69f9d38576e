import { translate } from '@/lib/i18n'

/**
 * Starred cards (issue #19): a signed-in student stars cards of any set they may read, and every
 * mode can study only those. The choice travels in the address as `?starred=1`, so the set page's
 * mode bar, a mode's way back and a reload all keep it. Pure helpers, tested in stars.test.ts.
 */

/** The search parameter that turns "Starred only" on. */
export const STARRED_PARAM = 'starred'

/** True when the search string or parameters ask for the starred cards only. */
export function isStarredOnly(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  return params.get(STARRED_PARAM) === '1'
}

/** A copy of the search parameters with `starred=1` when `on`, without it otherwise. */
export function starredParams(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params)
  if (on) next.set(STARRED_PARAM, '1')
  else next.delete(STARRED_PARAM)
  return next
}

/** `path` with `?starred=1` when `on` (kept beside any search it already has), without it otherwise. */
export function withStarred(path: string, on: boolean): string {
  const [base = '', query = ''] = path.split('?', 2)
  const search = starredParams(new URLSearchParams(query), on).toString()
  return search ? `${base}?${search}` : base
}

/** The cards that are starred, in their own order. */
export function onlyStarred<T extends { id: string }>(cards: readonly T[], starred: ReadonlySet<string>): T[] {
  return cards.filter((card) => starred.has(card.id))
}

/** The starred ids with `cardId` starred or not. Returns the same set when nothing changes. */
export function withStar(starred: ReadonlySet<string>, cardId: string, on: boolean): ReadonlySet<string> {
  if (starred.has(cardId) === on) return starred
  const next = new Set(starred)
  if (on) next.add(cardId)
  else next.delete(cardId)
  return next
}

/** 'Studying 3 starred cards' (one: 'Studying 1 starred card'). */
export function studyingStarredText(count: number): string {
  return translate('stars.studying', { count })
}
