import { readAnkiPackage, type PackageLimits } from './anki/read-package'
import { PackageError } from './anki/zip'
import type { ParsedImport } from './parsed-import'
import { decodeText } from './text/decode-text'
import { parseCsvFile, parseJsonFile, parseSeparatedText, parseTextFile, type Separators, TextFormatError } from './text/parse-text'

/** One file or pasted text to read, as sent to the import worker. */
export type ParseJob =
  | {
      kind: 'file'
      name: string
      extension: 'apkg' | 'colpkg' | 'csv' | 'tsv' | 'txt' | 'json'
      bytes: Uint8Array
      separators: Separators
      limits: PackageLimits
    }
  | { kind: 'pasted'; text: string; separators: Separators }

/** The worker's answer: the parsed import, or the message for a file it refuses (null: an unexpected failure). */
export type ParseOutcome = { ok: true; result: ParsedImport } | { ok: false; message: string | null }

export async function runParseJob(job: ParseJob): Promise<ParsedImport> {
  if (job.kind === 'pasted') return parseSeparatedText(job.text, job.separators, 'Pasted cards')
  if (job.extension === 'apkg' || job.extension === 'colpkg') return readAnkiPackage(job.bytes, job.extension, job.limits)
  const { text } = decodeText(job.bytes)
  if (job.extension === 'csv') return parseCsvFile(text, job.name)
  if (job.extension === 'json') return parseJsonFile(text, job.name)
  return parseTextFile(text, job.name, job.separators)
}

/** What the worker posts back: refusals with their message; anything else without details. */
export async function settleParseJob(job: ParseJob): Promise<ParseOutcome> {
  try {
    return { ok: true, result: await runParseJob(job) }
  } catch (error) {
    if (error instanceof PackageError || error instanceof TextFormatError) return { ok: false, message: error.message }
    return { ok: false, message: null }
  }
}
