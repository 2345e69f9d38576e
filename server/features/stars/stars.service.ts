import type { StarsResponse } from '#shared/api/stars'
import { isForeignKeyViolation } from '#server/db/database'
import type { Deps } from '#server/deps'
import { notFound } from '#server/http/errors'
import type { AuthState } from '#server/features/auth/sessions.service'
import { CARD_NOT_FOUND } from '#server/features/cards/cards.service'
import { canRead, readableSet, SET_NOT_FOUND } from '#server/features/sets/set-access'
import * as repo from './stars.repo'

/**
 * Stars belong to the student who sets them, on any set they may read (their own, or a public
 * one): the set's owner never sees them. A set the caller may not read is 404, as everywhere.
 */
async function starTarget(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  const target = await repo.findStarTarget(deps.db, setId, cardId)
  if (!target || !(await canRead(deps.db, setId, target, auth))) throw notFound(SET_NOT_FOUND)
  if (target.card_id === null) throw notFound(CARD_NOT_FOUND)
}

export async function starCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Checked in the transaction that writes, so a card deleted meanwhile is a clean 404.
    await starTarget({ ...deps, db: trx }, setId, cardId, auth)
    try {
      await repo.insertStar(trx, { user_id: auth.user.id, flashcard_id: cardId, study_set_id: setId, created: deps.clock.now().toISOString() })
    } catch (error) {
      // On PostgreSQL a delete of the card can commit between the check and the insert: the
      // foreign key refuses the star, and the answer is the one the delete would have given first.
      if (isForeignKeyViolation(error)) throw notFound(CARD_NOT_FOUND)
      throw error
    }
  })
}

export async function unstarCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await starTarget(deps, setId, cardId, auth)
  await repo.deleteStar(deps.db, auth.user.id, cardId)
}

export async function listStars(deps: Deps, setId: string, auth: AuthState): Promise<StarsResponse> {
  await readableSet(deps, setId, auth)
  return { cardIds: await repo.listStarredCardIds(deps.db, auth.user.id, setId) }
}
