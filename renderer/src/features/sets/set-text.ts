import type { StudySet } from '#shared/api/sets'
import { translate } from '@/lib/i18n'

/** The tags of a set, from the API's comma-separated string. */
export function splitTags(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
}

/** 'N cards', or '1 card'. */
export function cardCountLabel(count: number): string {
  return translate('sets.cardCount', { count })
}

/** The owner's username, or 'Unknown' when the account is gone. */
export function ownerName(set: Pick<StudySet, 'owner'>): string {
  return set.owner?.username ?? translate('sets.unknownOwner')
}
