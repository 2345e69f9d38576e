import type { DueItem } from '#shared/api/memory'
import { promptItemId } from '#shared/study/prompts'
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
    const cardOf = new Map(kept.cards.map((card) => [card.id, card]))
    for (const { cardId, prompt = 'f', memory } of kept.progress ?? []) {
      const card = cardOf.get(cardId)
      // A progress item kept before prompts existed has none: it is the card's prompt f.
      if (!card || !memory || answered.has(promptItemId(cardId, prompt)) || Date.parse(memory.due) > now) continue
      // A set kept before read-aloud may have no languages: read as not chosen.
      const set = {
        id: kept.set.id,
        title: kept.set.title,
        termLanguage: kept.set.termLanguage ?? null,
        definitionLanguage: kept.set.definitionLanguage ?? null,
      }
      due.push({ card, prompt, set, due: memory.due, retrievability: memory.retrievability })
    }
  }
  return due
}

/** The card prompts (as promptItemId) that queued answers (not Match results) are about. */
export function waitingCardIds(queued: QueuedItem[]): Set<string> {
  return new Set(
    queued
      .filter((item) => item.kind === 'answer')
      .map((item) => promptItemId(String(item.body.cardId), typeof item.body.prompt === 'string' ? item.body.prompt : 'f')),
  )
}
