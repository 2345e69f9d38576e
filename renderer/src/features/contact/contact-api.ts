import type { ContactInput } from '#shared/api/contact'
import { api } from '@/lib/api'

/** POST /api/contact (GET /api/openapi.json). A signed-in sender's token goes along, so the server uses the account's email. */
export const contactApi = {
  submit: (input: ContactInput) => api('POST /api/contact', { body: input }),
}
