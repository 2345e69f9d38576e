import type { z } from 'zod'
import type { CardListQuery, Flashcard, ListResponse } from '../../../shared/api/sets'
import { newId } from '../../db/ids'
import type { Deps } from '../../deps'
import { notFound } from '../../http/errors'
import { limitOffset, listResponse } from '../../http/pagination'
import type { AuthState } from '../auth/sessions.service'
import { lockedOwnedSet, readableSet } from '../sets/set-access'
import type { setSchemas } from '../sets/sets.schemas'
import { toFlashcard } from './cards.mapper'
import * as repo from './cards.repo'

type CreateCard = z.output<typeof setSchemas.createCard>
type UpdateCard = z.output<typeof setSchemas.updateCard>

export const CARD_NOT_FOUND = 'Flashcard not found'

export async function listCards(deps: Deps, setId: string, auth: AuthState | undefined, query: CardListQuery): Promise<ListResponse<Flashcard>> {
  await readableSet(deps, setId, auth)
  const order = query.sort === '-position' ? 'desc' : 'asc'
  const { items, total } = await repo.listCards(deps.db, setId, order, limitOffset(query))
  return listResponse(items.map(toFlashcard), total, query)
}

/** Appends a card at the next position; the set's cardCount changes in the same transaction. */
export async function addCard(deps: Deps, setId: string, auth: AuthState, input: CreateCard): Promise<Flashcard> {
  const now = deps.clock.now().toISOString()
  const card = await deps.db.transaction().execute(async (trx) => {
    // Checked inside the transaction with the set locked, so a set deleted meanwhile is a clean 404,
    // not a failed insert.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const position = await repo.nextCardPosition(trx, setId, now)
    const row = { id: newId(), study_set_id: setId, term: input.term, definition: input.definition, position, created: now }
    await repo.insertCard(trx, row)
    return row
  })
  return toFlashcard(card)
}

export async function updateCard(deps: Deps, setId: string, cardId: string, auth: AuthState, input: UpdateCard): Promise<Flashcard> {
  const changes = {
    ...(input.term !== undefined ? { term: input.term } : {}),
    ...(input.definition !== undefined ? { definition: input.definition } : {}),
  }
  const card = await deps.db.transaction().execute(async (trx) => {
    // Read inside the transaction, the set locked: a concurrent delete may remove the card or move its position.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const found = await repo.findCard(trx, setId, cardId)
    if (!found) throw notFound(CARD_NOT_FOUND)
    // An empty PATCH changes nothing (and an UPDATE with no columns is not valid SQL).
    if (Object.keys(changes).length === 0) return found
    await repo.updateCard(trx, cardId, changes)
    await repo.touchSet(trx, setId, deps.clock.now().toISOString())
    return { ...found, ...changes }
  })
  return toFlashcard(card)
}

/** Deletes a card; later positions close the gap and cardCount drops, in one transaction. */
export async function deleteCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Read inside the transaction after the set's lock: a concurrent delete may have moved this
    // card's position, and two deletes closing gaps at once would leave positions doubled.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const card = await repo.findCard(trx, setId, cardId)
    if (!card) throw notFound(CARD_NOT_FOUND)
    await repo.deleteCardAndCloseGap(trx, card, deps.clock.now().toISOString())
  })
}
