import { createHash } from 'node:crypto'
import { type MediaUpload, mediaMessages } from '#shared/api/media'
import { isUniqueViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import type { AuthState } from '#server/access/caller'
import { pictureAccess } from '#server/access/media'
import { invalidInput, notFound, payloadTooLarge, unsupportedMediaType } from '#server/http/errors'
import { ImageRejectedError, type ProcessedImage, processImage } from './image'
import { toMediaUpload } from './media.mapper'
import * as repo from './media.repo'

/** A card side's picture as the API shows it (for the cards' mapper). */
export { toCardImage } from './media.mapper'

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
 * Saves a prepared picture for `ownerId`: the same picture again is the same row (deduplicated by
 * the hash of the stored bytes, at no quota cost); a new one must fit the owner's quota (413).
 * Pass a transaction as `deps.db` to save it together with what uses it.
 */
export async function saveImage(deps: MediaDeps, ownerId: string, image: PreparedImage): Promise<MediaUpload> {
  const existing = await repo.findMediaByHash(deps.db, ownerId, image.sha256)
  if (existing) return toMediaUpload(existing)
  const used = await repo.storedBytes(deps.db, ownerId)
  if (used + image.bytes.length > deps.config.mediaQuotaBytes) {
    throw payloadTooLarge(mediaMessages.quotaFull(deps.config.mediaQuotaBytes))
  }
  const row = {
    id: newId(),
    owner_id: ownerId,
    sha256: image.sha256,
    type: image.type,
    width: image.width,
    height: image.height,
    bytes: image.bytes.length,
    data: image.bytes,
    created: deps.clock.now().toISOString(),
  }
  try {
    await repo.insertMedia(deps.db, row)
  } catch (error) {
    // The same picture uploaded twice at once: the other request stored it.
    if (!isUniqueViolation(error)) throw error
    const stored = await repo.findMediaByHash(deps.db, ownerId, image.sha256)
    if (!stored) throw error
    return toMediaUpload(stored)
  }
  return toMediaUpload(row)
}

/**
 * Stores a picture for a user: validates it (415 not an image or a polyglot, 400 too many
 * pixels), re-encodes it, deduplicates it and checks the quota (413). The one entry point other
 * features use (POST /api/media, imports of Anki packages and JSON files).
 */
export async function storeImage(deps: MediaDeps, userId: string, bytes: Uint8Array): Promise<MediaUpload> {
  return (await knownImage(deps, userId, bytes)) ?? saveImage(deps, userId, await prepareImage(bytes))
}

/** Bytes identical to a picture the user stored (one downloaded from /api/media and sent again) are that picture. */
export async function knownImage(deps: Pick<Deps, 'db'>, userId: string, bytes: Uint8Array): Promise<MediaUpload | undefined> {
  const known = await repo.findMediaByHash(deps.db, userId, createHash('sha256').update(bytes).digest('hex'))
  return known && toMediaUpload(known)
}

/** Each of these pictures once, as a data: URL (for an export). */
export async function imageDataUrls(deps: Pick<Deps, 'db'>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((value): value is string => value !== null))]
  const urls = new Map<string, string>()
  for (const mediaId of wanted) {
    const row = await repo.findMediaFile(deps.db, mediaId)
    if (row) urls.set(mediaId, `data:${row.type};base64,${Buffer.from(row.data).toString('base64')}`)
  }
  return urls
}

/** The upload body's size limit, checked before and while the body is read. */
export function refuseOversize(deps: MediaDeps, length: number): void {
  if (length > deps.config.mediaMaxUploadBytes) {
    throw payloadTooLarge(mediaMessages.tooLarge(deps.config.mediaMaxUploadBytes))
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
  if (!info) throw notFound(mediaMessages.notFound)
  const { mayRead, isPublic } = await pictureAccess(deps.db, info, auth)
  if (!mayRead) throw notFound(mediaMessages.notFound)
  const data = await repo.findMediaData(deps.db, id)
  if (!data) throw notFound(mediaMessages.notFound)
  return { data: Buffer.from(data), type: info.type, etag: `"${info.sha256}"`, isPublic }
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
 * Deletes uploads never attached to a card within UNATTACHED_MAX_AGE_MS. One DELETE: several
 * server processes may run it at once, each deleting what is left.
 */
export async function sweepUnattachedMedia(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - UNATTACHED_MAX_AGE_MS).toISOString()
  return repo.deleteUnattachedBefore(deps.db, before)
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
