import { createHash } from 'node:crypto'
import { type MediaUpload, mediaMessages } from '#shared/api/media'
import { isUniqueViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { HttpError, invalidInput, notFound, payloadTooLarge, unsupportedMediaType } from '#server/http/errors'
import type { AuthState } from '#server/features/auth/auth.service'
import { readableSet } from '#server/features/sets/set-access'
import { ImageRejectedError, type ProcessedImage, processImage } from './image'
import { toMediaUpload } from './media.mapper'
import * as repo from './media.repo'

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
  // Bytes identical to a stored picture (one downloaded from /api/media and sent again) are it.
  const known = await repo.findMediaByHash(deps.db, userId, createHash('sha256').update(bytes).digest('hex'))
  if (known) return toMediaUpload(known)
  return saveImage(deps, userId, await prepareImage(bytes))
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

/** How many sets using one picture are checked for the caller's access. */
const SETS_CHECKED = 50

/**
 * The picture's bytes, for its uploader and for anyone who may read a set showing it (the sets'
 * own rule, server/features/sets/set-access.ts); anyone else gets 404 as if it did not exist.
 */
export async function readMedia(deps: Deps, id: string, auth: AuthState | undefined): Promise<ServedMedia> {
  const info = await repo.findMediaInfo(deps.db, id)
  if (!info) throw notFound(mediaMessages.notFound)
  const sets = await repo.setsUsingMedia(deps.db, id, SETS_CHECKED)
  const isPublic = sets.some((set) => set.is_public === 1)
  if (info.owner_id !== auth?.user.id && !(await mayReadAnySet(deps, sets, auth))) throw notFound(mediaMessages.notFound)
  const data = await repo.findMediaData(deps.db, id)
  if (!data) throw notFound(mediaMessages.notFound)
  return { data: Buffer.from(data), type: info.type, etag: `"${info.sha256}"`, isPublic }
}

async function mayReadAnySet(deps: Deps, sets: { id: string }[], auth: AuthState | undefined): Promise<boolean> {
  for (const set of sets) {
    try {
      await readableSet(deps, set.id, auth)
      return true
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 404) throw error
    }
  }
  return false
}

/**
 * Checks that every named picture is one `userId` uploaded (else 400 on that field) before a
 * card names it. Runs in the caller's transaction.
 */
export async function requireOwnMedia(deps: Pick<Deps, 'db'>, userId: string, images: Record<string, string | null | undefined>): Promise<void> {
  const named = Object.entries(images).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const owned = new Set(
    (
      await repo.findOwnedMedia(
        deps.db,
        userId,
        named.map(([, id]) => id),
      )
    ).map((row) => row.id),
  )
  const unknown = named.filter(([, id]) => !owned.has(id))
  if (unknown.length > 0) throw invalidInput(Object.fromEntries(unknown.map(([field]) => [field, mediaMessages.unknownImage])))
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
