import { createGameSchemas } from '#shared/api/games'
import { stripMarkup } from '#server/text/markup'

/** The shared game schemas, with the server's real sanitiser. */
export const gameSchemas = createGameSchemas(stripMarkup)
