/** The sets feature's public entry: what other features may use of it. */
export { backToState } from './back-link'
export { cardPages, mergeCards, setsApi } from './sets-api'
