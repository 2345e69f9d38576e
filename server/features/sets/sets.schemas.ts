import { createSetSchemas } from '#shared/api/sets'
import { createImportSetSchema } from '#shared/import/import-schema'
import { stripMarkup } from '#server/text/markup'

/** The shared set and card schemas, with the server's real sanitiser. */
export const setSchemas = createSetSchemas(stripMarkup)

/** The body of POST /api/sets/import, with the server's real sanitiser. */
export const importSetSchema = createImportSetSchema(stripMarkup)
