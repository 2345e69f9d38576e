/**
 * "An answer was recorded": told by the study modes after each saved answer, heard by what shows
 * due counts (the header's count), so they refresh without polling. A plain in-page event: no
 * feature imports another for it.
 */
const listeners = new Set<() => void>()

export function notifyAnswered(): void {
  for (const listener of listeners) listener()
}

/** Calls `listener` after each recorded answer; returns the way to stop. */
export function onAnswered(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
