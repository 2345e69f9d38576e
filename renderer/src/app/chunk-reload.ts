/**
 * A page's code that cannot load (a lazy route's chunk or CSS): after a deploy the old chunk is gone
 * from the server, and a reload fetches the new index.html and its new chunks. The page reloads once
 * for this; a second failure soon after (the chunk is really missing, or the network is) shows the
 * app's error page instead of reloading in a loop. The guard lives in sessionStorage (this tab only).
 */

/** The sessionStorage key of the last reload made for a missing chunk (its time, ms since epoch). */
export const CHUNK_RELOAD_KEY = 'cardwise.chunkReloadAt'

/** A reload within this long (ms) of the last one is not tried again. */
export const CHUNK_RELOAD_GUARD_MS = 30_000

/** The messages browsers (and Vite's preloader) give when a module or its CSS cannot be fetched. */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk \S+ failed/i,
]

/** True when `error` says a page's code (script or CSS) could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))
}

/** The part of sessionStorage used here (a stand-in in tests). */
export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>

/**
 * Whether to reload for `error` now: a chunk error, online, and no reload for one in the last
 * CHUNK_RELOAD_GUARD_MS. When it says yes it records the reload, so the next failure does not.
 */
export function claimChunkReload(error: unknown, { storage, now, offline }: { storage: GuardStorage; now: number; offline: boolean }): boolean {
  if (offline || !isChunkLoadError(error)) return false
  let last = Number.NaN
  try {
    last = Number(storage.getItem(CHUNK_RELOAD_KEY))
  } catch {
    return false
  }
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    // No storage (private mode, quota): no guard, so no reload either.
    return false
  }
  return true
}
