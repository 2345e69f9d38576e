/** The source of "now", injected so tests can move time (token expiry) without waiting. */
export interface Clock {
  now(): Date
  /**
   * Calls `run` once `ms` have passed on this clock; returns its cancel. A test clock can move
   * past it without waiting (tests/support/test-app.ts); without this method, `clockTimer` uses
   * setTimeout.
   */
  timer?(ms: number, run: () => void): () => void
}

export const systemClock: Clock = { now: () => new Date() }

/**
 * Calls `run` once `ms` have passed on `clock` (at most setTimeout's 24.8 days; a longer wait is
 * cut to that); returns its cancel. The timer never keeps the process alive by itself.
 */
export function clockTimer(clock: Clock, ms: number, run: () => void): () => void {
  const delay = Math.min(Math.max(ms, 0), 2 ** 31 - 1)
  if (clock.timer) return clock.timer(delay, run)
  const timer = setTimeout(run, delay)
  timer.unref()
  return () => clearTimeout(timer)
}
