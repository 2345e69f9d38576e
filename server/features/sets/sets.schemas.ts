import { createSetSchemas } from '../../../shared/api/sets'
import { stripMarkup } from '../../text/markup'

/** The shared set and card schemas, with the server's real sanitiser. */
export const setSchemas = createSetSchemas(stripMarkup)
