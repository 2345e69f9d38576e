/** The review feature's public entry: the header's due count, the set page's review link, the student's settings. */
export { DueCount } from './DueCount'
export { useReviewSummary } from './useReviewSummary'
export { SetReviewLink } from './SetReviewLink'
export { MemorySettingsPanel } from './MemorySettingsPanel'
export { HabitSettingsPanel } from './HabitSettingsPanel'
export { useMySettings } from './useMySettings'
export { useTimeZoneGuess } from './useTimeZoneGuess'
