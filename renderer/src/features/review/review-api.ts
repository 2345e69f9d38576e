import type { DueItem, MemorySettings, MemoryStats, ReviewSummary, UpdateSettingsInput } from '#shared/api/memory'
import type { ListResponse } from '#shared/api/sets'
import { api, apiDownload } from '@/lib/api'

/** The memory calls (issue 15): everything belongs to the signed-in student. */
export const reviewApi = {
  summary: (signal?: AbortSignal) => api.get<ReviewSummary>('/review/summary', { signal }),
  due: (query: { setId?: string; perPage?: number }, signal?: AbortSignal) => {
    const params = new URLSearchParams()
    if (query.setId) params.set('setId', query.setId)
    if (query.perPage) params.set('perPage', String(query.perPage))
    return api.get<ListResponse<DueItem>>(`/review/due?${params}`, { signal })
  },
  settings: (signal?: AbortSignal) => api.get<MemorySettings>('/users/me/settings', { signal }),
  updateSettings: (input: UpdateSettingsInput) => api.patch<MemorySettings>('/users/me/settings', input),
  stats: (days: number, signal?: AbortSignal) => api.get<MemoryStats>(`/users/me/stats?days=${days}`, { signal }),
  reviewLog: () => apiDownload('/users/me/review-log?format=csv'),
}
