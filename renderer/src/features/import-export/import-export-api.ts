import type { PreviewTextInput, TextEncodingName } from '#shared/api/imports'
import type { ImportCard } from '#shared/import/parse-import'
import { api, apiDownload, apiUpload, type Download, type UploadProgress } from '@/lib/api'

export interface ImportSetInput {
  title: string
  description?: string
  cards: ImportCard[]
}

/** How the student asked the preview to read a text file; detected by the server where absent. */
export interface ReadingChoice {
  encoding?: TextEncodingName
  html?: boolean
}

export type ExportFormat = 'json' | 'csv' | 'apkg' | 'txt'

/** The import and export calls (documented in GET /api/openapi.json). */
export const importExportApi = {
  /**
   * What a file would import (nothing is saved): multipart with its `file` field, how to read a
   * text file when the student chose it (its encoding, whether its fields are HTML), and one of the
   * student's sets to compare its cards with (issue 27: each card marked add, update or same).
   */
  previewFile: (file: File, onProgress?: UploadProgress, signal?: AbortSignal, reading: ReadingChoice & { setId?: string } = {}) => {
    const body = new FormData()
    if (reading.setId) body.append('setId', reading.setId)
    if (reading.encoding) body.append('encoding', reading.encoding)
    if (reading.html !== undefined) body.append('html', String(reading.html))
    body.append('file', file)
    return apiUpload('POST /api/imports/preview', { body, signal }, onProgress)
  },
  /** What pasted text would import (nothing is saved). */
  previewText: (input: PreviewTextInput, signal?: AbortSignal) => api('POST /api/imports/preview', { body: input, signal }),
  importSet: (input: ImportSetInput, onProgress?: UploadProgress, signal?: AbortSignal) =>
    apiUpload('POST /api/sets/import', { body: input, signal }, onProgress),
  /** Update in place (issue 27): cards whose guid matches one of the set's are updated, the rest added. */
  importCards: (setId: string, cards: ImportCard[], onProgress?: UploadProgress, signal?: AbortSignal) =>
    apiUpload('POST /api/sets/:id/cards/import', { params: { id: setId }, body: { cards }, signal }, onProgress),
  /** What the server refuses in an import (sizes, notes, media), shown by the dialog. */
  limits: (signal?: AbortSignal) => api('GET /api/imports/limits', { signal }),
  exportSet: (setId: string, format: ExportFormat): Promise<Download> => apiDownload('GET /api/sets/:id/export', { params: { id: setId }, query: { format } }),
}
