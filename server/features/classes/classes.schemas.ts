import { createClassSchemas } from '#shared/api/classes'
import { classContracts } from '#shared/api/contracts/classes'
import { stripMarkup } from '#server/text/markup'

/** The shared class schemas, with the server's real sanitiser. */
export const classSchemas = createClassSchemas(stripMarkup)

/** The class routes' contracts, their bodies cleaned by the server's real sanitiser. */
export const classApi = classContracts(stripMarkup)
