import type { StudySet } from '@shared/api/sets'
import type { ImportCard } from '@shared/import/parse-import'
import { apiDownload, apiUpload, type Download, type UploadProgress } from '@/lib/api'

export interface ImportSetInput {
  title: string
  description?: string
  cards: ImportCard[]
}

export type ExportFormat = 'json' | 'csv'

/** The import and export calls (documented in GET /api/openapi.json). */
export const importExportApi = {
  importSet: (input: ImportSetInput, onProgress?: UploadProgress, signal?: AbortSignal) =>
    apiUpload<StudySet>('POST', '/sets/import', input, onProgress, { signal }),
  exportSet: (setId: string, format: ExportFormat): Promise<Download> =>
    apiDownload(`/sets/${encodeURIComponent(setId)}/export?format=${format}`),
}
