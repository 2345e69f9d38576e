import type { DueItem } from '#shared/api/memory'
import { promptItemId } from '#shared/study/prompts'
import { isNetworkFailure } from '@/lib/api'
import { flushAnswers, readOfflineDue, readWaitingCardIds } from '@/features/offline'
import { reviewApi } from './review-api'
import { readSetCards } from './review-options'
import { type SetCards, setsShortOfOptions, weakestFirst } from './review'

/** Due cards read at a time; the next read comes when these are done. */
const DUE_BATCH = 100

/**
 * The due cards, and the next due time when none is due: from the server once the answers
 * waiting on this device are sent (a card with an answer still waiting is left out: that answer
 * reschedules it); with no network, the cards due in the sets kept on the device.
 */
export async function loadDue(setId: string | undefined, signal: AbortSignal): Promise<Ready> {
  await flushAnswers({ ignoreBackoff: true })
  let items: DueItem[]
  let nextDue: string | null = null
  try {
    const due = await reviewApi.due({ setId, perPage: DUE_BATCH }, signal)
    const waiting = await readWaitingCardIds()
    items = due.items.filter((item) => !waiting.has(promptItemId(item.card.id, item.prompt)))
    // The next due time shows only when nothing is due: read only then (the header has the counts).
    if (items.length === 0) nextDue = (await reviewApi.summary(signal, setId)).nextDue
  } catch (failure) {
    const kept = isNetworkFailure(failure) ? await readOfflineDue(setId) : undefined
    if (!kept) throw failure
    items = kept.slice(0, DUE_BATCH)
  }
  const setCards = await readSetCards(setsShortOfOptions(items), signal)
  return { kind: 'ready', items: weakestFirst(items), nextDue, setTitle: items[0]?.set.title ?? null, setCards }
}

export type Ready = { kind: 'ready'; items: DueItem[]; nextDue: string | null; setTitle: string | null; setCards: SetCards }
export type Load = { kind: 'loading' } | { kind: 'error'; message: string } | Ready
