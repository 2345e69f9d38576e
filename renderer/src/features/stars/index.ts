/** Starred cards, a feature of their own: the star calls, the student's stars on a set, the star toggle, the starred-only choice and note. */
export { isStarredOnly, onlyStarred, STARRED_PARAM, starredParams, studyingStarredText, withStarred } from './stars'
export { readStars, starsApi } from './stars-api'
export { StarButton } from './StarButton'
export { StarredOnlyChoice } from './StarredOnlyChoice'
export { type Stars, useStars } from './useStars'
export { type PagedCards, useStarredCards } from './useStarredCards'
export { StarredNote } from './StarredNote'
