/**
 * Answers given offline that the server later refused for good (the set or card was deleted, the
 * set is no longer open to the student): kept per set until the student has read about them
 * (issue 31: a refused answer is shown, never dropped silently).
 */
export interface RefusedAnswers {
  setId: string
  /** The set's title as the device knew it (its kept copy), or null when the device never held it. */
  title: string | null
  count: number
}

/** The list with one more refused answer of `setId` (a title learnt later fills in a missing one). */
export function addRefused(list: readonly RefusedAnswers[], setId: string, title: string | null): RefusedAnswers[] {
  const known = list.find((entry) => entry.setId === setId)
  if (!known) return [...list, { setId, title, count: 1 }]
  return list.map((entry) => (entry === known ? { ...entry, title: entry.title ?? title, count: entry.count + 1 } : entry))
}

/** The list as stored (JSON in the offline database's meta store); anything unreadable is an empty list. */
export function parseRefused(stored: string | undefined): RefusedAnswers[] {
  if (!stored) return []
  try {
    const parsed: unknown = JSON.parse(stored)
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (entry): entry is RefusedAnswers =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.setId === 'string' &&
        (typeof entry.title === 'string' || entry.title === null) &&
        Number.isInteger(entry.count) &&
        entry.count > 0,
    )
  } catch {
    return []
  }
}
