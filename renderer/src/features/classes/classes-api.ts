import type { AssignSetInput, ClassProgressResponse, Classroom, ClassroomDetail, CreateClassInput, JoinClassInput, UpdateClassInput } from '#shared/api/classes'
import type { ListResponse } from '#shared/api/sets'
import type { ProgressResponse } from '#shared/api/study'
import { api, apiDownload, type Download } from '@/lib/api'

const classPath = (id: string) => `/classes/${encodeURIComponent(id)}`

/** The class calls (README "Classes"; every route needs a verified account). */
export const classesApi = {
  list: (page = 1, signal?: AbortSignal) => api.get<ListResponse<Classroom>>(`/classes?page=${page}&perPage=100`, { signal }),
  get: (id: string, signal?: AbortSignal) => api.get<ClassroomDetail>(classPath(id), { signal }),
  create: (input: CreateClassInput) => api.post<Classroom>('/classes', input),
  update: (id: string, input: UpdateClassInput) => api.patch<Classroom>(classPath(id), input),
  remove: (id: string) => api.delete(classPath(id)),
  join: (input: JoinClassInput) => api.post<Classroom>('/classes/join', input),
  leave: (id: string) => api.delete(`${classPath(id)}/members/me`),
  removeMember: (id: string, userId: string) => api.delete(`${classPath(id)}/members/${encodeURIComponent(userId)}`),
  assignSet: (id: string, input: AssignSetInput) => api.post(`${classPath(id)}/sets`, input),
  unassignSet: (id: string, setId: string) => api.delete(`${classPath(id)}/sets/${encodeURIComponent(setId)}`),
  progress: (id: string, signal?: AbortSignal) => api.get<ClassProgressResponse>(`${classPath(id)}/progress`, { signal }),
  progressCsv: (id: string): Promise<Download> => apiDownload(`${classPath(id)}/progress?format=csv`),
  /** The caller's own answers on one set (a student's view of an assigned set). */
  setProgress: (setId: string, signal?: AbortSignal) => api.get<ProgressResponse>(`/sets/${encodeURIComponent(setId)}/progress`, { signal }),
}

/** Every class of the caller, teaching and joined (the list is paged; classes are few). */
export async function allClasses(signal?: AbortSignal): Promise<Classroom[]> {
  const found: Classroom[] = []
  for (let page = 1; ; page++) {
    const answer = await classesApi.list(page, signal)
    found.push(...answer.items)
    if (page >= answer.totalPages || answer.items.length === 0) return found
  }
}
