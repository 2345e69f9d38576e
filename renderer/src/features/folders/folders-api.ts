import type { CreateFolderInput, StudyOptions, UpdateFolderInput } from '#shared/api/habits'
import { api } from '@/lib/api'

const at = (id: string) => ({ params: { id } })

/** The folder calls (issue 31; documented in GET /api/openapi.json). Each needs a signed-in caller. */
export const foldersApi = {
  list: (signal?: AbortSignal) => api('GET /api/folders', { signal }),
  get: (id: string, signal?: AbortSignal) => api('GET /api/folders/:id', { ...at(id), signal }),
  create: (input: CreateFolderInput) => api('POST /api/folders', { body: input }),
  update: (id: string, input: UpdateFolderInput) => api('PATCH /api/folders/:id', { ...at(id), body: input }),
  remove: (id: string) => api('DELETE /api/folders/:id', at(id)),
  addSet: (id: string, setId: string) => api('PUT /api/folders/:id/sets/:setId', { params: { id, setId } }),
  removeSet: (id: string, setId: string) => api('DELETE /api/folders/:id/sets/:setId', { params: { id, setId } }),
  studyOptions: (setId: string, signal?: AbortSignal) => api('GET /api/sets/:id/study-options', { ...at(setId), signal }),
  saveStudyOptions: (setId: string, change: Partial<StudyOptions>) => api('PATCH /api/sets/:id/study-options', { ...at(setId), body: change }),
}
