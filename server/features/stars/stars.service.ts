import type { StarsResponse } from '#shared/api/stars'
import { isForeignKeyViolation } from '#server/db/database'
import type { Deps } from '#server/deps'
import { notFound } from '#server/http/errors'
import { apiMessages } from '#shared/messages'
import type { AuthState } from '#server/access/caller'
import { assertReadableCard, assertReadableSet } from '#server/access/sets'
import * as repo from './stars.repo'

/**
 * Stars belong to the student who sets them, on any card of a set they may read (their own, a
 * public one, or one assigned to their class): the set's owner never sees them. A set the caller
 * may not read is 404, as everywhere (server/access/sets.ts).
 */

export async function starCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Checked in the transaction that writes, so a card deleted meanwhile is a clean 404.
    await assertReadableCard(trx, setId, cardId, auth)
    try {
      await repo.insertStar(trx, { user_id: auth.user.id, flashcard_id: cardId, study_set_id: setId, created: deps.clock.now().toISOString() })
    } catch (error) {
      // On PostgreSQL a delete of the card can commit between the check and the insert: the
      // foreign key refuses the star, and the answer is the one the delete would have given first.
      if (isForeignKeyViolation(error)) throw notFound(apiMessages.cardNotFound)
      throw error
    }
  })
}

export async function unstarCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await assertReadableCard(deps.db, setId, cardId, auth)
  await repo.deleteStar(deps.db, auth.user.id, cardId)
}

export async function listStars(deps: Deps, setId: string, auth: AuthState): Promise<StarsResponse> {
  await assertReadableSet(deps.db, setId, auth)
  return { cardIds: await repo.listStarredCardIds(deps.db, auth.user.id, setId) }
}
