/** The source of "now", injected so tests can move time (token expiry) without waiting. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
