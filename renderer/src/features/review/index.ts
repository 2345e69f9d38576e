/** The review feature's public entry: the header's due count and the set page's review link. */
export { DueCount } from './DueCount'
export { useReviewSummary } from './useReviewSummary'
export { SetReviewLink } from './SetReviewLink'
export { MemorySettingsPanel } from './MemorySettingsPanel'
export { HabitSettingsPanel } from './HabitSettingsPanel'
