import { createClassSchemas } from '#shared/api/classes'
import { stripMarkup } from '#server/text/markup'

/** The shared class schemas, with the server's real sanitiser. */
export const classSchemas = createClassSchemas(stripMarkup)
