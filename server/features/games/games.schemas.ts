import { createGameSchemas } from '#shared/api/games'
import { gameContracts } from '#shared/api/contracts/classes'
import { stripMarkup } from '#server/text/markup'

/** The shared game schemas, with the server's real sanitiser. */
export const gameSchemas = createGameSchemas(stripMarkup)

/** The game routes' contracts, their bodies cleaned by the server's real sanitiser. */
export const gameApi = gameContracts(stripMarkup)
