import type { StudySet } from '#shared/api/sets'

/** The tags of a set, from the API's comma-separated string. */
export function splitTags(tags: string): string[] {
  return tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)
}

/** 'N cards', or '1 card'. */
export function cardCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'card' : 'cards'}`
}

/** The owner's username, or 'Unknown' when the account is gone. */
export function ownerName(set: Pick<StudySet, 'owner'>): string {
  return set.owner?.username ?? 'Unknown'
}
