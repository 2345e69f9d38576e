import { createHash } from 'node:crypto'
import { type AudioUpload, type MediaAudioType, type MediaUpload } from '#shared/api/media'
import { isUniqueViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import type { AuthState } from '#server/access/caller'
import { pictureAccess } from '#server/access/media'
import { invalidInput, notFound, payloadTooLarge, unsupportedMediaType } from '#server/http/errors'
import { AudioRejectedError, checkAudio } from './audio'
import { ImageRejectedError, type ProcessedImage, processImage } from './image'
import { toAudioUpload, toMediaUpload } from './media.mapper'
import * as repo from './media.repo'
import { mediaMessages } from '#shared/messages'

/** A card side's picture and recording as the API shows them (for the cards' mapper). */
export { toCardAudio, toCardImage } from './media.mapper'

/** What storing a picture needs: other features (imports) pass their deps or a transaction's. */
export type MediaDeps = Pick<Deps, 'db' | 'config' | 'clock'>

/** A picture checked and re-encoded, ready to be saved: the slow part, done outside any transaction. */
export interface PreparedImage extends ProcessedImage {
  sha256: string
}

/** Unused uploads are swept once they are this old (the add-card form uploads before it saves). */
export const UNATTACHED_MAX_AGE_MS = 24 * 3600 * 1000

/**
 * Validates and re-encodes (server/features/media/image.ts). Refusals are HttpErrors: not an
 * image or a polyglot 415, too many pixels 400.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  try {
    const image = await processImage(bytes)
    return { ...image, sha256: createHash('sha256').update(image.bytes).digest('hex') }
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error
    if (error.kind === 'too_many_pixels') throw invalidInput(undefined, error.message)
    throw unsupportedMediaType(error.message)
  }
}

/**
 * Saves a media row for `ownerId`: the same bytes again are the same row (deduplicated by their
 * hash, at no quota cost); new bytes must fit the owner's quota (413), pictures and recordings
 * counted together. Pass a transaction as `deps.db` to save it together with what uses it.
 */
async function saveMedia(
  deps: MediaDeps,
  ownerId: string,
  media: { sha256: string; type: string; width: number; height: number; durationMs: number | null; bytes: Uint8Array },
  store: repo.MediaStore = 'media',
): Promise<repo.MediaInfo> {
  const existing = await repo.findMediaByHash(deps.db, ownerId, media.sha256)
  if (existing) return existing
  if (store === 'media_drafts') {
    const draft = await repo.findDraftByHash(deps.db, ownerId, media.sha256)
    if (draft) {
      await repo.touchDraft(deps.db, draft.id, deps.clock.now().toISOString())
      return draft
    }
  }
  // Drafts count too: a user's previews cannot store more than the quota allows.
  const used = (await repo.storedBytes(deps.db, ownerId)) + (await repo.storedBytes(deps.db, ownerId, 'media_drafts'))
  if (used + media.bytes.length > deps.config.mediaQuotaBytes) {
    throw payloadTooLarge((catalog) => catalog.mediaMessages.quotaFull(deps.config.mediaQuotaBytes))
  }
  const row = {
    id: newId(),
    owner_id: ownerId,
    sha256: media.sha256,
    type: media.type,
    width: media.width,
    height: media.height,
    bytes: media.bytes.length,
    duration_ms: media.durationMs,
    data: Buffer.from(media.bytes),
    created: deps.clock.now().toISOString(),
  }
  try {
    await repo.insertMedia(deps.db, row, store)
  } catch (error) {
    // The same file uploaded twice at once: the other request stored it.
    if (!isUniqueViolation(error)) throw error
    const stored = await (store === 'media' ? repo.findMediaByHash : repo.findDraftByHash)(deps.db, ownerId, media.sha256)
    if (!stored) throw error
    return stored
  }
  const { data: _data, ...info } = row
  return info
}

/** Saves a prepared picture for `ownerId` (see saveMedia: deduplicated, within the quota). */
export async function saveImage(deps: MediaDeps, ownerId: string, image: PreparedImage): Promise<MediaUpload> {
  return toMediaUpload(await saveMedia(deps, ownerId, { ...image, durationMs: null }))
}

/**
 * Stores a recording for a user as sent: its container checked and its length read
 * (./audio.ts; 415 not that container, 400 no readable length or longer than
 * MEDIA_MAX_AUDIO_SECONDS), deduplicated and within the quota (413).
 */
export async function storeAudio(
  deps: MediaDeps,
  userId: string,
  bytes: Uint8Array,
  type: MediaAudioType,
  store: repo.MediaStore = 'media',
): Promise<AudioUpload> {
  let checked: Awaited<ReturnType<typeof checkAudio>>
  try {
    checked = await checkAudio(bytes, type)
  } catch (error) {
    if (!(error instanceof AudioRejectedError)) throw error
    if (error.kind === 'unknown_duration') throw invalidInput(undefined, error.message)
    throw unsupportedMediaType(error.message)
  }
  const maxMs = deps.config.mediaMaxAudioMs
  if (checked.durationMs > maxMs) {
    throw invalidInput(undefined, mediaMessages.audioTooLong(Math.round(checked.durationMs / 100) / 10, maxMs / 1000))
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const saved = await saveMedia(deps, userId, { sha256, type, width: 0, height: 0, durationMs: checked.durationMs, bytes }, store)
  // The same bytes stored before under another type (a recording sent as a picture cannot be: it is re-encoded).
  return toAudioUpload({ ...saved, type, duration_ms: saved.duration_ms ?? checked.durationMs })
}

/**
 * Stores a picture for a user: validates it (415 not an image or a polyglot, 400 too many
 * pixels), re-encodes it, deduplicates it and checks the quota (413). The one entry point other
 * features use (POST /api/media, imports of Anki packages and JSON files).
 */
export async function storeImage(deps: MediaDeps, userId: string, bytes: Uint8Array, store: repo.MediaStore = 'media'): Promise<MediaUpload> {
  const known = await knownImage(deps, userId, bytes)
  if (known) return known
  const image = await prepareImage(bytes)
  return toMediaUpload(await saveMedia(deps, userId, { ...image, durationMs: null }, store))
}

/**
 * Issue 27: an import preview stores nothing. Its pictures and recordings are drafts (checked,
 * re-encoded and within the quota like any upload, or the user's own media when the same bytes
 * are already theirs); the confirmed import claims the drafts its cards name: each becomes one
 * of the user's media under the same id (or the media with the same bytes, if the user stored
 * them meanwhile). Drafts not claimed within a day are swept. Pass the import's transaction.
 * Returns each claimed id with the media id to save on the card.
 */
export async function claimMediaDrafts(deps: MediaDeps, ownerId: string, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
  const claimed = new Map<string, string>()
  for (const draft of await repo.findDrafts(deps.db, ownerId, wanted)) {
    const existing = await repo.findMediaByHash(deps.db, ownerId, draft.sha256)
    if (existing) {
      // Kept: another set of the same preview may name it too; the sweep removes it.
      claimed.set(draft.id, existing.id)
      continue
    }
    if ((await repo.storedBytes(deps.db, ownerId)) + draft.bytes > deps.config.mediaQuotaBytes) {
      throw payloadTooLarge(mediaMessages.quotaFull(deps.config.mediaQuotaBytes))
    }
    await repo.promoteDraft(deps.db, draft.id, deps.clock.now().toISOString())
    claimed.set(draft.id, draft.id)
  }
  return claimed
}

/**
 * Issue 27, "a copy owns its media": the pictures and recordings among `ids` that `ownerId` does
 * not own are copied for them (their own row with the same bytes, or the row they already have
 * with those bytes), so deleting the original's author or set leaves the copy whole. Within the
 * quota like any upload (413). Pass the copy's transaction. Returns each id with the one to save.
 */
export async function adoptMedia(deps: MediaDeps, ownerId: string, ids: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))]
  const adopted = new Map<string, string>()
  const now = deps.clock.now().toISOString()
  for (const id of wanted) {
    const info = await repo.findMediaInfo(deps.db, id)
    if (!info || info.owner_id === ownerId) continue
    const own = await repo.findMediaByHash(deps.db, ownerId, info.sha256)
    if (own) {
      adopted.set(id, own.id)
      continue
    }
    if ((await repo.storedBytes(deps.db, ownerId)) + info.bytes > deps.config.mediaQuotaBytes) {
      throw payloadTooLarge(mediaMessages.quotaFull(deps.config.mediaQuotaBytes))
    }
    const copy = newId()
    await repo.copyMediaRow(deps.db, id, { id: copy, ownerId, created: now })
    adopted.set(id, copy)
  }
  return adopted
}

/** Bytes identical to a picture the user stored (one downloaded from /api/media and sent again) are that picture. */
export async function knownImage(deps: Pick<Deps, 'db'>, userId: string, bytes: Uint8Array): Promise<MediaUpload | undefined> {
  const known = await repo.findMediaByHash(deps.db, userId, createHash('sha256').update(bytes).digest('hex'))
  // Only a picture: the bytes of a recording sent again as a picture are refused as one.
  return known && known.duration_ms === null ? toMediaUpload(known) : undefined
}

/** Each of these pictures or recordings once, with its type and bytes (for an export). */
export async function mediaFiles(deps: Pick<Deps, 'db'>, ids: (string | null)[]): Promise<Map<string, { type: string; bytes: Uint8Array }>> {
  const wanted = [...new Set(ids.filter((value): value is string => value !== null))]
  const files = new Map<string, { type: string; bytes: Uint8Array }>()
  for (const mediaId of wanted) {
    const row = await repo.findMediaFile(deps.db, mediaId)
    if (row) files.set(mediaId, { type: row.type, bytes: new Uint8Array(row.data) })
  }
  return files
}

/** Each of these pictures or recordings once, as a data: URL (for a JSON export). */
export async function imageDataUrls(deps: Pick<Deps, 'db'>, ids: (string | null)[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>()
  for (const [mediaId, file] of await mediaFiles(deps, ids)) urls.set(mediaId, `data:${file.type};base64,${Buffer.from(file.bytes).toString('base64')}`)
  return urls
}

/** The upload body's size limit, checked before and while the body is read. */
export function refuseOversize(deps: MediaDeps, length: number): void {
  if (length > deps.config.mediaMaxUploadBytes) {
    throw payloadTooLarge((catalog) => catalog.mediaMessages.tooLarge(deps.config.mediaMaxUploadBytes))
  }
}

export interface ServedMedia {
  data: Buffer
  type: string
  etag: string
  /** Shown on a public set: anyone, and any cache, may keep it. */
  isPublic: boolean
}

/**
 * The picture's bytes, for its uploader and for anyone who may read a set showing it (the rule:
 * server/access/media.ts); anyone else gets 404 as if it did not exist.
 */
export async function readMedia(deps: Deps, id: string, auth: AuthState | undefined): Promise<ServedMedia> {
  const info = await repo.findMediaInfo(deps.db, id)
  if (!info) return readDraft(deps, id, auth)
  const { mayRead, isPublic } = await pictureAccess(deps.db, info, auth)
  if (!mayRead) throw notFound(mediaMessages.notFound)
  const data = await repo.findMediaData(deps.db, id)
  if (!data) throw notFound(mediaMessages.notFound)
  return { data: Buffer.from(data), type: info.type, etag: `"${info.sha256}"`, isPublic }
}

/** A preview's draft: for its owner only (the import dialog shows it); anyone else gets 404. */
async function readDraft(deps: Deps, id: string, auth: AuthState | undefined): Promise<ServedMedia> {
  const info = await repo.findDraftInfo(deps.db, id)
  if (!info || info.owner_id !== auth?.user.id) throw notFound(mediaMessages.notFound)
  const data = await repo.findDraftData(deps.db, id)
  if (!data) throw notFound(mediaMessages.notFound)
  return { data: Buffer.from(data), type: info.type, etag: `"${info.sha256}"`, isPublic: false }
}

/** Deletes those of these pictures no card shows any more (after a card or set changed or went). */
export async function removeUnusedMedia(deps: Pick<Deps, 'db'>, ids: (string | null | undefined)[]): Promise<void> {
  await repo.deleteUnusedMedia(deps.db, ids)
}

/** The pictures a set's cards show, read before the set is deleted. */
export function mediaOfSet(deps: Pick<Deps, 'db'>, setId: string): Promise<string[]> {
  return repo.mediaOfSet(deps.db, setId)
}

/**
 * Deletes uploads never attached to a card, and import previews' drafts never claimed, within
 * UNATTACHED_MAX_AGE_MS. One DELETE each: several server processes may run it at once, each
 * deleting what is left.
 */
export async function sweepUnattachedMedia(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - UNATTACHED_MAX_AGE_MS).toISOString()
  return (await repo.deleteUnattachedBefore(deps.db, before)) + (await repo.deleteDraftsBefore(deps.db, before))
}

/** Runs the sweep every `intervalMs` (hourly by default) until `stop()`; a failed sweep is logged and retried next time. */
export function startMediaSweep(deps: Pick<Deps, 'db' | 'clock' | 'logger'>, intervalMs = 3600 * 1000): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = sweepUnattachedMedia(deps).then(
      (removed) => {
        if (removed > 0) deps.logger.info(`media: removed ${removed} unattached upload(s)`)
      },
      (error: unknown) => deps.logger.error('media: the sweep of unattached uploads failed', error),
    )
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
