import { createClassSchemas } from '#shared/api/classes'

/** The class request schemas as the browser checks them (the server strips markup again). */
export const clientClassSchemas = createClassSchemas((text) => text)
