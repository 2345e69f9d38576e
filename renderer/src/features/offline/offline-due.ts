import type { DueItem } from '#shared/api/memory'
import type { QueuedItem } from './answer-queue'
import type { CachedSet } from './offline-db'

/**
 * The cards due for review among the sets kept on the device, for Review with no network: a card
 * is due when its kept memory says so by `now`, unless an answer to it is already waiting to be
 * sent (that answer reschedules it once the server has it).
 */
export function dueFromKeptSets(sets: CachedSet[], queued: QueuedItem[], now: number, setId?: string): DueItem[] {
  const answered = waitingCardIds(queued)
  const due: DueItem[] = []
  for (const kept of sets) {
    if (setId !== undefined && kept.setId !== setId) continue
    const memoryOf = new Map((kept.progress ?? []).map((item) => [item.cardId, item.memory]))
    for (const card of kept.cards) {
      const memory = memoryOf.get(card.id)
      if (!memory || answered.has(card.id) || Date.parse(memory.due) > now) continue
      // A set kept before read-aloud may have no languages: read as not chosen.
      const set = {
        id: kept.set.id,
        title: kept.set.title,
        termLanguage: kept.set.termLanguage ?? null,
        definitionLanguage: kept.set.definitionLanguage ?? null,
      }
      due.push({ card, set, due: memory.due, retrievability: memory.retrievability })
    }
  }
  return due
}

/** The cards that queued answers (not Match results) are about. */
export function waitingCardIds(queued: QueuedItem[]): Set<string> {
  return new Set(queued.filter((item) => item.kind === 'answer').map((item) => String(item.body.cardId)))
}
