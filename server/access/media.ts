import { mediaMessages } from '#shared/api/media'
import type { DB } from '#server/db/database'
import { invalidInput } from '#server/http/errors'
import { ownedMediaIds, setsShowingMedia } from './access.repo'
import type { AuthState } from './caller'

/**
 * Who may see a picture: its uploader, and anyone who may read a set whose cards show it (the
 * reading rule, ./readable.ts). `isPublic`: it is shown on a public set, so anyone and any cache
 * may keep it.
 */
export async function pictureAccess(
  db: DB,
  picture: { id: string; owner_id: string },
  auth: AuthState | undefined,
): Promise<{ mayRead: boolean; isPublic: boolean }> {
  const shown = await setsShowingMedia(db, picture.id, auth?.user.id)
  const isPublic = shown?.is_public === 1
  return { mayRead: picture.owner_id === auth?.user.id || shown?.readable === 1, isPublic }
}

/**
 * A card may show only pictures its author uploaded: every named picture (field name to media
 * id) must be one `userId` uploaded, else 400 on that field. Runs in the caller's transaction.
 */
export async function requireOwnMedia(db: DB, userId: string, images: Record<string, string | null | undefined>): Promise<void> {
  const named = Object.entries(images).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const owned = await ownedMediaIds(
    db,
    userId,
    named.map(([, id]) => id),
  )
  const unknown = named.filter(([, id]) => !owned.has(id))
  if (unknown.length > 0) throw invalidInput(Object.fromEntries(unknown.map(([field]) => [field, mediaMessages.unknownImage])))
}
