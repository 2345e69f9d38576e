/** The live game feature's public entry: the entry link for set and class pages, and the class's games. */
export { ClassGames } from './ClassGames'
export { StartGameLink } from './StartGameLink'
