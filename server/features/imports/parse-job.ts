import type { ImportPreview, PreviewProblem, PreviewSet, TextEncodingName } from '#shared/api/imports'
import type { MediaAudioType } from '#shared/api/media-kinds'
import { importMessages } from '#shared/messages'
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
      /** The encoding the student chose for a text file; detected when absent. */
      encoding?: TextEncodingName
      /** "Fields contain HTML" as the student set it; detected when absent. */
      html?: boolean
    }
  | { kind: 'pasted'; text: string; separators: Separators; html?: boolean }

/** The worker's answer: the parsed import, or the message for a file it refuses (null: an unexpected failure). */
export type ParseOutcome = { ok: true; result: ParsedImport } | { ok: false; message: string | null }

/**
 * What the worker posts, in turn (issue 27: the preview is built and written off the request
 * thread): first the pictures and sounds the cards name, for the request thread to keep as the
 * caller's drafts; then, once told their ids (`StoredMedia`), the preview as JSON bytes with its
 * cards' distinct guids beside it (the request thread looks them up without reading the JSON back).
 * A file it refuses is one message with its reason (null: an unexpected failure).
 */
export type WorkerMessage =
  | { stage: 'media'; images: Record<string, Uint8Array>; sounds: Record<string, { bytes: Uint8Array; type: MediaAudioType }> }
  | { stage: 'preview'; json: Uint8Array; guids: string[] }
  | { stage: 'refused'; message: string | null }

/** The media ids of the pictures and sounds by their names in the file, and the ones left out (with why). */
export interface StoredMedia {
  images: Record<string, string>
  sounds: Record<string, string>
  problems: PreviewProblem[]
}

/**
 * The preview the student sees: the parsed cards with their media ids; a card whose side was
 * only a picture or a sound that could not be kept is skipped, and said so.
 */
export function previewOf(job: ParseJob, parsed: ParsedImport, media: StoredMedia): ImportPreview {
  const problems: PreviewProblem[] = [...parsed.problems, ...media.problems]
  const unit = job.kind === 'file' && (job.extension === 'apkg' || job.extension === 'colpkg') ? 'note' : 'line'
  const idOf = (ids: Record<string, string>, name: string | null | undefined) => (name ? (ids[name] ?? null) : null)
  const sets: PreviewSet[] = []
  for (const set of parsed.sets) {
    const cards = set.cards.flatMap((card) => {
      const termImage = idOf(media.images, card.termImage)
      const definitionImage = idOf(media.images, card.definitionImage)
      const termAudio = idOf(media.sounds, card.termAudio)
      const definitionAudio = idOf(media.sounds, card.definitionAudio)
      // A side that was only a picture or a sound is empty once it is left out.
      if ((!card.term && !termImage && !termAudio) || (!card.definition && !definitionImage && !definitionAudio && card.kind !== 'cloze')) {
        problems.push({ line: card.line, message: `${unit} ${card.line}: one side is only a picture or a sound, which could not be imported; skipped` })
        return []
      }
      const kind = card.kind ?? 'basic'
      return [
        {
          term: card.term,
          definition: card.definition,
          termImage,
          definitionImage,
          termAudio,
          definitionAudio,
          kind,
          reverse: card.reverse ?? false,
          guid: card.guid ?? null,
        },
      ]
    })
    if (cards.length > 0) sets.push({ title: set.title, tags: set.tags, total: cards.length, cards })
  }
  if (sets.length === 0) problems.push({ line: null, message: importMessages.noValidCards })
  return { format: parsed.format, sets, problems, encoding: parsed.encoding ?? null, html: parsed.html ?? null }
}

/** The preview's distinct card guids, in order. */
export function previewGuids(preview: ImportPreview): string[] {
  const guids = new Set<string>()
  for (const set of preview.sets) for (const card of set.cards) if (card.guid) guids.add(card.guid)
  return [...guids]
}

export async function runParseJob(job: ParseJob): Promise<ParsedImport> {
  if (job.kind === 'pasted') return parseSeparatedText(job.text, job.separators, 'Pasted cards', job.html)
  if (job.extension === 'apkg' || job.extension === 'colpkg') return readAnkiPackage(job.bytes, job.extension, job.limits)
  const { text, encoding } = decodeText(job.bytes, job.encoding)
  if (job.extension === 'json') return { ...parseJsonFile(text, job.name), encoding }
  if (job.extension === 'csv') return { ...parseCsvFile(text, job.name, job.html), encoding }
  return { ...parseTextFile(text, job.name, job.separators, job.html), encoding }
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
