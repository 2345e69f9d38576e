import { createSetSchemas } from '#shared/api/sets'
import { setContracts } from '#shared/api/contracts/sets'
import { createImportSetSchema } from '#shared/import/import-schema'
import { stripMarkup } from '#server/text/markup'

/** The shared set and card schemas, with the server's real sanitiser. */
export const setSchemas = createSetSchemas(stripMarkup)

/** The body of POST /api/sets/import, with the server's real sanitiser. */
export const importSetSchema = createImportSetSchema(stripMarkup)

/** The set, card and star routes' contracts, their bodies cleaned by the server's real sanitiser. */
export const setApi = setContracts(stripMarkup)
