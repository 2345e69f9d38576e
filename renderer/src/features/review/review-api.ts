import type { UpdateSettingsInput } from '#shared/api/memory'
import { api, apiDownload } from '@/lib/api'

/** One set's due cards, or a folder's (`folder:<id>`, as the study modes name a folder: issue 31). */
const scope = (setId: string | undefined) => (setId?.startsWith('folder:') ? { folderId: setId.slice('folder:'.length) } : { setId })

/** The memory calls (issue 15): everything belongs to the signed-in student. */
export const reviewApi = {
  summary: (signal?: AbortSignal, setId?: string) => api('GET /api/review/summary', { query: scope(setId), signal }),
  due: (query: { setId?: string; perPage?: number }, signal?: AbortSignal) =>
    api('GET /api/review/due', { query: { ...scope(query.setId), perPage: query.perPage }, signal }),
  settings: (signal?: AbortSignal) => api('GET /api/users/me/settings', { signal }),
  updateSettings: (input: UpdateSettingsInput) => api('PATCH /api/users/me/settings', { body: input }),
  stats: (days: number, signal?: AbortSignal) => api('GET /api/users/me/stats', { query: { days }, signal }),
  reviewLog: () => apiDownload('GET /api/users/me/review-log', { query: { format: 'csv' } }),
}
