import type { ImportPreview, PreviewProblem, PreviewSet } from '#shared/api/imports'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import { HttpError, invalidInput } from '#server/http/errors'
import { storeImage } from '#server/features/media/media.service'
import type { AuthState } from '#server/access/caller'
import { parseInWorker, ParseTimeoutError } from './parse-in-worker'
import type { ParseJob } from './parse-job'
import type { ParsedImport } from './parsed-import'

/** The Anki writer, for the set export (sets/import-export.service.ts): the format lives here beside its reader. */
export { writeAnkiPackage, writeAnkiText } from './anki/write-package'

/**
 * The preview of a file or pasted text: parsed on a worker thread, the pictures stored for the
 * caller (so the confirmed import can name them), nothing else saved. Every card of every set
 * is returned: the dialog shows the first ones and sends them back on confirm, and a set over
 * 500 cards is split or cut there (`splitForImport`, shared/api/imports.ts).
 */
export async function previewImport(deps: Deps, auth: AuthState, job: ParseJob): Promise<ImportPreview> {
  const parsed = await parse(deps, job)
  const problems: PreviewProblem[] = [...parsed.problems]
  const mediaIds = await storePictures(deps, parsed, auth, problems)
  const sets: PreviewSet[] = []
  for (const set of parsed.sets) {
    const cards = set.cards.flatMap((card) => {
      const termImage = card.termImage ? (mediaIds.get(card.termImage) ?? null) : null
      const definitionImage = card.definitionImage ? (mediaIds.get(card.definitionImage) ?? null) : null
      // A side that was only a picture is empty once the picture is left out.
      if ((!card.term && !termImage) || (!card.definition && !definitionImage)) {
        problems.push({
          line: card.line,
          message: `${job.kind === 'file' && (job.extension === 'apkg' || job.extension === 'colpkg') ? 'note' : 'line'} ${card.line}: one side is only a picture, which could not be imported; skipped`,
        })
        return []
      }
      return [{ term: card.term, definition: card.definition, termImage, definitionImage }]
    })
    if (cards.length > 0) sets.push({ title: set.title, tags: set.tags, total: cards.length, cards })
  }
  if (sets.length === 0) problems.push({ line: null, message: importMessages.noValidCards })
  return { format: parsed.format, sets, problems }
}

async function parse(deps: Deps, job: ParseJob): Promise<ParsedImport> {
  let outcome
  try {
    outcome = await parseInWorker(job, deps.config.imports.timeoutMs)
  } catch (error) {
    if (error instanceof ParseTimeoutError) throw invalidInput(undefined, importMessages.previewTooSlow)
    deps.logger.error('import worker failed', error)
    throw invalidInput(undefined, importMessages.previewUnreadable)
  }
  if (!outcome.ok) {
    if (outcome.message === null) deps.logger.error('import worker could not read a file')
    throw invalidInput(
      job.kind === 'file' ? { file: outcome.message ?? importMessages.previewUnreadable } : undefined,
      outcome.message ?? importMessages.previewUnreadable,
    )
  }
  return outcome.result
}

/**
 * Each distinct picture the cards use, stored once for the caller through the pictures feature
 * (validated, re-encoded, deduplicated, within the quota); the ones refused are reported.
 */
async function storePictures(deps: Deps, parsed: ParsedImport, auth: AuthState, problems: PreviewProblem[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const name of Object.keys(parsed.images)) {
    try {
      ids.set(name, (await storeImage(deps, auth.user.id, parsed.images[name] as Uint8Array)).id)
    } catch (error) {
      // The pictures feature's refusal (not an image, too many pixels, the quota full) says why.
      if (!(error instanceof HttpError)) throw error
      problems.push({ line: null, message: `The picture "${name}" was left out: ${error.message}` })
    }
  }
  return ids
}
