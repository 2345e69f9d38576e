import type { ImportPreview, PreviewTextInput } from '#shared/api/imports'
import type { StudySet } from '#shared/api/sets'
import type { ImportCard } from '#shared/import/parse-import'
import { api, apiDownload, apiUpload, type Download, type UploadProgress } from '@/lib/api'

export interface ImportSetInput {
  title: string
  description?: string
  cards: ImportCard[]
}

export type ExportFormat = 'json' | 'csv' | 'apkg' | 'txt'

/** The import and export calls (documented in GET /api/openapi.json). */
export const importExportApi = {
  /** What a file would import (nothing is saved): multipart with its `file` field. */
  previewFile: (file: File, onProgress?: UploadProgress, signal?: AbortSignal) => {
    const body = new FormData()
    body.append('file', file)
    return apiUpload<ImportPreview>('POST', '/imports/preview', body, onProgress, { signal })
  },
  /** What pasted text would import (nothing is saved). */
  previewText: (input: PreviewTextInput, signal?: AbortSignal) => api.post<ImportPreview>('/imports/preview', input, { signal }),
  importSet: (input: ImportSetInput, onProgress?: UploadProgress, signal?: AbortSignal) =>
    apiUpload<StudySet>('POST', '/sets/import', input, onProgress, { signal }),
  exportSet: (setId: string, format: ExportFormat): Promise<Download> => apiDownload(`/sets/${encodeURIComponent(setId)}/export?format=${format}`),
}
