import { PREVIEW_EXTENSIONS } from '#shared/api/imports'
import { IMPORT_LIMITS, importMessages } from '#shared/import/parse-import'

/** Anki packages: up to the server's package limit (IMPORT_MAX_PACKAGE_MB, 100 MB by default). */
export const MAX_PACKAGE_BYTES = 100 * 1024 * 1024

export const ACCEPTED_FILES = PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(',')

/** The server's own message for a file type it does not read. */
export const unsupportedFileMessage = `Only ${PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(', ')} files are supported`

function extensionOf(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
}

export function isPackage(name: string): boolean {
  const extension = extensionOf(name)
  return extension === 'apkg' || extension === 'colpkg'
}

/**
 * The client's check of a chosen file (the server checks again): a type the preview reads, text
 * files (JSON, CSV and the other text formats) up to 5 MB, packages up to 100 MB.
 */
export function checkChosenFile(file: { name: string; size: number }): string | null {
  if (!(PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return unsupportedFileMessage
  if (isPackage(file.name)) return file.size > MAX_PACKAGE_BYTES ? `File size exceeds the maximum limit of ${MAX_PACKAGE_BYTES / (1024 * 1024)}MB` : null
  return file.size > IMPORT_LIMITS.fileBytes ? importMessages.tooLarge : null
}

/** A separator choice as Quizlet offers it: a named one or the student's own characters. */
export interface SeparatorChoice<N extends string> {
  kind: N | 'custom'
  custom: string
}

/** The value the preview takes: the name ('tab', 'comma', ...) or the custom characters. */
export function separatorValue<N extends string>(choice: SeparatorChoice<N>): string {
  return choice.kind === 'custom' ? choice.custom : choice.kind
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
