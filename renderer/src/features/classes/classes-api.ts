import type { AssignSetInput, Classroom, CreateClassInput, JoinClassInput, UpdateClassInput } from '#shared/api/classes'
import { api, apiDownload, type Download } from '@/lib/api'
import { listPages } from '@/lib/list-pages'

const at = (id: string) => ({ params: { id } })

/** The class calls (README "Classes"; every route needs a verified account), typed by their contracts. */
export const classesApi = {
  list: (page = 1, signal?: AbortSignal) => api('GET /api/classes', { query: { page, perPage: 100 }, signal }),
  get: (id: string, signal?: AbortSignal) => api('GET /api/classes/:id', { ...at(id), signal }),
  create: (input: CreateClassInput) => api('POST /api/classes', { body: input }),
  update: (id: string, input: UpdateClassInput) => api('PATCH /api/classes/:id', { ...at(id), body: input }),
  remove: (id: string) => api('DELETE /api/classes/:id', at(id)),
  join: (input: JoinClassInput) => api('POST /api/classes/join', { body: input }),
  leave: (id: string) => api('DELETE /api/classes/:id/members/:userId', { params: { id, userId: 'me' } }),
  removeMember: (id: string, userId: string) => api('DELETE /api/classes/:id/members/:userId', { params: { id, userId } }),
  assignSet: (id: string, input: AssignSetInput) => api('POST /api/classes/:id/sets', { ...at(id), body: input }),
  unassignSet: (id: string, setId: string) => api('DELETE /api/classes/:id/sets/:setId', { params: { id, setId } }),
  progress: (id: string, signal?: AbortSignal) => api('GET /api/classes/:id/progress', { ...at(id), signal }),
  progressCsv: (id: string): Promise<Download> => apiDownload('GET /api/classes/:id/progress', { ...at(id), query: { format: 'csv' } }),
  /** The caller's own answers on one set (a student's view of an assigned set). */
  setProgress: (setId: string, signal?: AbortSignal) => api('GET /api/sets/:id/progress', { params: { id: setId }, signal }),
}

/** Every class of the caller, teaching and joined (the list is paged; classes are few). */
export async function allClasses(signal?: AbortSignal): Promise<Classroom[]> {
  const found: Classroom[] = []
  for await (const answer of listPages((page) => classesApi.list(page, signal))) found.push(...answer.items)
  return found
}
