import type { ImportPreview, PreviewProblem } from '#shared/api/imports'
import { importMessages } from '#shared/messages'
import type { Deps } from '#server/deps'
import { HttpError, invalidInput } from '#server/http/errors'
import { storeAudio, storeImage } from '#server/features/media/media.service'
import type { AuthState } from '#server/access/caller'
import { compareWithSet, setsMatchingGuids } from '#server/features/sets/import-export.service'
import { parseInWorker, ParseTimeoutError, type PreviewOutcome } from './parse-in-worker'
import type { ParseJob } from './parse-job'
import type { ParsedImport } from './parsed-import'

/** The Anki writer, for the set export (sets/import-export.service.ts): the format lives here beside its reader. */
export { delimitedValue, writeAnkiPackage, writeAnkiText } from './anki/write-package'

/**
 * The preview of a file or pasted text (`ImportPreview`): parsed, built and serialised on a
 * worker thread (parse-in-worker.ts), the request thread only keeping the
 * pictures and sounds as the caller's drafts (so the confirmed import can name them;
 * media.service.ts, `claimMediaDrafts`), nothing else saved. Every card of every set is
 * returned: the dialog shows the first ones and sends them back on confirm, and a set over 500
 * cards is split or cut there (`splitForImport`, shared/api/imports.ts).
 */
/**
 * The preview as JSON bytes, ready to send one part after the other. The worker wrote them and
 * listed the cards' guids; this thread adds the caller's sets that hold those guids in front of the
 * worker's fields without reading the JSON back or copying it (bench:import: a 10,000-note preview
 * must not stall other requests). With a set to compare against, each card's action needs the
 * cards themselves: that rarer preview is read back once.
 */
export async function previewImport(deps: Deps, auth: AuthState, job: ParseJob, setId?: string): Promise<Uint8Array[]> {
  // A set named that is not the caller's is 404 before any work (and before anything is stored).
  if (setId !== undefined) await compareWithSet(deps, setId, auth, [])
  const { json, guids } = await previewJson(deps, auth, job)
  const matchingSets = await setsMatchingGuids(deps, auth, guids)
  if (setId === undefined) return withLeadingField(json, 'matchingSets', matchingSets)
  const preview = JSON.parse(new TextDecoder().decode(json)) as ImportPreview
  // Issue 27: each card marked as importing it into that set would treat it.
  const counts = { setId, add: 0, update: 0, same: 0 }
  for (const set of preview.sets) {
    const actions = await compareWithSet(deps, setId, auth, set.cards)
    set.cards = set.cards.map((card, index) => {
      const action = actions[index] ?? 'add'
      counts[action] += 1
      return { ...card, action }
    })
  }
  return [new TextEncoder().encode(JSON.stringify({ ...preview, matchingSets, actions: counts }))]
}

/**
 * A JSON object's bytes with one more field in front, as two parts: `{"name":value,` and the
 * object's own fields (a view of its bytes: a preview's megabytes are not copied on this thread).
 */
export function withLeadingField(object: Uint8Array, name: string, value: unknown): Uint8Array[] {
  const head = new TextEncoder().encode(`{${JSON.stringify(name)}:${JSON.stringify(value)}${object.length > 2 ? ',' : ''}`)
  return [head, object.subarray(1)]
}

/** The preview's JSON bytes from the worker, and its cards' guids. */
async function previewJson(deps: Deps, auth: AuthState, job: ParseJob): Promise<{ json: Uint8Array; guids: string[] }> {
  let outcome: PreviewOutcome
  try {
    outcome = await parseInWorker(job, deps.config.imports.timeoutMs, async (media) => {
      const problems: PreviewProblem[] = []
      const images = await storePictures(deps, media.images, auth, problems)
      const sounds = await storeSounds(deps, media.sounds, auth, problems)
      return { images: Object.fromEntries(images), sounds: Object.fromEntries(sounds), problems }
    })
  } catch (error) {
    if (error instanceof ParseTimeoutError) throw invalidInput(undefined, importMessages.previewTooSlow)
    // A refusal while keeping the media (the database) is the request's own error.
    if (error instanceof HttpError) throw error
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
  return { json: outcome.json, guids: outcome.guids }
}

/**
 * Each distinct recording the cards use (Anki's `[sound:]`), kept once as the caller's draft through
 * the media feature (container checked, length read and limited, within the quota); the ones
 * refused are reported and their cards kept without them.
 */
async function storeSounds(deps: Deps, sounds: ParsedImport['sounds'], auth: AuthState, problems: PreviewProblem[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const [name, sound] of Object.entries(sounds ?? {})) {
    try {
      ids.set(name, (await storeAudio(deps, auth.user.id, sound.bytes, sound.type, 'media_drafts')).id)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      problems.push({ line: null, message: `The sound "${name}" was left out: ${error.message}` })
    }
  }
  return ids
}

/**
 * Each distinct picture the cards use, kept once as the caller's draft through the pictures feature
 * (validated, re-encoded, deduplicated, within the quota); the ones refused are reported.
 */
async function storePictures(deps: Deps, images: ParsedImport['images'], auth: AuthState, problems: PreviewProblem[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (const [name, bytes] of Object.entries(images)) {
    try {
      ids.set(name, (await storeImage(deps, auth.user.id, bytes, 'media_drafts')).id)
    } catch (error) {
      // The pictures feature's refusal (not an image, too many pixels, the quota full) says why.
      if (!(error instanceof HttpError)) throw error
      problems.push({ line: null, message: `The picture "${name}" was left out: ${error.message}` })
    }
  }
  return ids
}
