import { type ImportLimits, PREVIEW_EXTENSIONS } from '#shared/api/imports'
import { currentLocale, formatFileSize, formatNumber, sharedMessagesFor, translate } from '@/lib/i18n'

export const ACCEPTED_FILES = PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(',')

/** The server's own message for a file type it does not read, in the interface's language. */
export function unsupportedFileMessage(): string {
  return translate('import.file.unsupported', { extensions: PREVIEW_EXTENSIONS.map((extension) => `.${extension}`).join(', ') })
}

function extensionOf(name: string): string {
  return /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''
}

export function isPackage(name: string): boolean {
  const extension = extensionOf(name)
  return extension === 'apkg' || extension === 'colpkg'
}

/**
 * The client's check of a chosen file (the server checks again): a type the preview reads, and,
 * once the server's limits are known (GET /api/imports/limits), text files (JSON, CSV and the
 * other text formats) and packages within them.
 */
export function checkChosenFile(file: { name: string; size: number }, limits: ImportLimits | null): string | null {
  if (!(PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return unsupportedFileMessage()
  if (!limits) return null
  if (isPackage(file.name)) return file.size > limits.packageBytes ? translate('import.file.tooLarge', { megabytes: megabytes(limits.packageBytes) }) : null
  return file.size > limits.textFileBytes ? sharedMessagesFor('importMessages', currentLocale()).tooLarge : null
}

const megabytes = (bytes: number) => formatNumber(Math.round(bytes / (1024 * 1024)))

/** The file field's hint, with the server's limits once known. */
export function fileHint(limits: ImportLimits | null): string {
  if (!limits) return translate('import.file.hint')
  return translate('import.file.hintWithLimits', { text: megabytes(limits.textFileBytes), package: megabytes(limits.packageBytes) })
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
  return formatFileSize(bytes)
}
