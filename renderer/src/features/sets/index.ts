/** The sets feature's public entry: what other features may use of it. */
export { cardPages, mergeCards, setsApi } from './sets-api'
