import type { DB } from '#server/db/database'
import { invalidInput } from '#server/http/errors'
import { ownedMediaIds, setsShowingMedia } from './access.repo'
import type { AuthState } from './caller'
import { mediaMessages } from '#shared/messages'

/**
 * Who may see a picture or a recording: its uploader, and anyone who may read a set whose cards show it (the
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
 * A card may show only pictures and recordings its author uploaded: every named media id (field
 * name to id) must be one `userId` uploaded, of the field's kind (a field ending in `Audio` names
 * a recording, any other a picture), else 400 on that field. Runs in the caller's transaction.
 */
export async function requireOwnMedia(db: DB, userId: string, media: Record<string, string | null | undefined>): Promise<void> {
  const named = Object.entries(media).filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  const owned = await ownedMediaIds(
    db,
    userId,
    named.map(([, id]) => id),
  )
  const wantsAudio = (field: string) => field.endsWith('Audio')
  const unknown = named.filter(([field, id]) => owned.get(id)?.isAudio !== wantsAudio(field))
  if (unknown.length > 0) {
    throw invalidInput(Object.fromEntries(unknown.map(([field]) => [field, wantsAudio(field) ? mediaMessages.unknownAudio : mediaMessages.unknownImage])))
  }
}
