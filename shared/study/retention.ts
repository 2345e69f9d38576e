/*
 * The memory model's limits, shared by the server and the renderer (kept apart from the API
 * schemas so that reading them does not load zod into a page).
 */

/**
 * Desired retention: the chance of recalling a card on its due day. Higher means more reviews
 * for fewer lapses; FSRS's authors advise 0.80 to 0.97 (below, forgetting grows faster than the
 * reviews saved; above, the reviews needed grow steeply for little gain).
 */
export const DESIRED_RETENTION = { default: 0.9, min: 0.8, max: 0.97 } as const

/** A student's own FSRS parameters are fitted once they have this many reviews. */
export const PERSONAL_PARAMETERS_MIN_REVIEWS = 400

/** Days the answer route accepts an offline answer's time back to. */
export const ANSWER_MAX_AGE_DAYS = 30

/** The stats route's window, in days, and the due forecast's. */
export const STATS_DEFAULT_DAYS = 30
export const STATS_MAX_DAYS = 365
export const DUE_FORECAST_DAYS = 14
