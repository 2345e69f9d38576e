import { createContactSchema } from '#shared/api/contact'
import { contract } from '#shared/api/contract'
import { previewTextSchema } from '#shared/api/imports'
import { responseSchemas } from '#shared/api/responses'
import type { StripMarkup } from '#shared/api/sets'

/** Pictures and recordings: the upload's body is the file's bytes (not JSON). */
export const mediaContracts = {
  upload: contract('POST', '/api/media', { answer: responseSchemas.StoredMedia }),
  get: contract('GET', '/api/media/:id', { answer: 'file' }),
}

/** The import preview: a multipart file upload, or pasted text as JSON (this body). */
export const importContracts = {
  preview: contract('POST', '/api/imports/preview', { body: previewTextSchema, answer: responseSchemas.ImportPreview }),
  limits: contract('GET', '/api/imports/limits', { answer: responseSchemas.ImportLimits }),
}

/** The contact form, with the markup stripper of the side. */
export function contactContracts(strip: StripMarkup) {
  return { submit: contract('POST', '/api/contact', { body: createContactSchema(strip), answer: responseSchemas.Created }) }
}

/** The server's own routes. */
export const serverContracts = {
  health: contract('GET', '/api/health', { answer: responseSchemas.Health }),
  openapi: contract('GET', '/api/openapi.json', { answer: 'file' }),
}
