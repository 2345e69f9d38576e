import type { ReviewSummary } from '#shared/api/memory'

/**
 * "An answer was recorded": told after each answer the server took, with the due counts its
 * answer carried; heard by what shows due counts (the header's count), which then shows them
 * without a request of its own. A plain in-page event: no feature imports another for it.
 */
type Listener = (summary: ReviewSummary | undefined) => void

const listeners = new Set<Listener>()

/** `summary`: the due counts after the answer (undefined when the answer did not carry them). */
export function notifyAnswered(summary?: ReviewSummary): void {
  for (const listener of listeners) listener(summary)
}

/** Calls `listener` after each recorded answer; returns the way to stop. */
export function onAnswered(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
