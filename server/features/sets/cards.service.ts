import type { z } from 'zod'
import { type CardListQuery, cardProblems, type Flashcard, type ListResponse } from '#shared/api/sets'
import { cardPrompts } from '#shared/cards/prompts'
import { newGuid, newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { apiMessages } from '#shared/messages'
import type { AuthState } from '#server/access/caller'
import { requireOwnMedia } from '#server/access/media'
import { invalidInput, notFound } from '#server/http/errors'
import { limitOffset, listResponse, type PageQuery } from '#server/http/pagination'
import type { FolderCard } from '#shared/api/habits'
import { removeUnusedMedia } from '#server/features/media/media.service'
import { toFlashcard } from './cards.mapper'
import * as repo from './cards.repo'
import { lockedOwnedSet, readableSet } from './sets.service'
import type { setSchemas } from './sets.schemas'

type CreateCard = z.output<typeof setSchemas.createCard>
type UpdateCard = z.output<typeof setSchemas.updateCard>

export async function listCards(deps: Deps, setId: string, auth: AuthState | undefined, query: CardListQuery): Promise<ListResponse<Flashcard>> {
  const order = query.sort === '-position' ? 'desc' : 'asc'
  // The page and the set in one statement: the set's cardCount is the number of its cards (kept in
  // the transaction of every add and delete), so the total needs no count of its own.
  const rows = await repo.listCardsOfReadableSet(deps.db, setId, auth?.user.id, order, limitOffset(query))
  // No row (an empty set, a page past its end, or a set the caller may not read): the set says which.
  const total = rows[0]?.set_card_count ?? (await readableSet(deps, setId, auth)).card_count
  return listResponse(rows.map(toFlashcard), total, query)
}

/**
 * One page of the cards of several sets read as one (a folder, or sets studied together): each
 * set's cards in order, the sets one after another, each card with its own set's id. The page is
 * cut from the sets' card counts, so only the sets it covers are read, by position (no offset scan).
 */
export async function cardsOfSets(deps: Pick<Deps, 'db'>, sets: { id: string; cardCount: number }[], query: PageQuery): Promise<ListResponse<FolderCard>> {
  const { limit, offset } = limitOffset(query)
  const total = sets.reduce((sum, set) => sum + set.cardCount, 0)
  const items: FolderCard[] = []
  let start = 0
  for (const set of sets) {
    const end = start + set.cardCount
    if (items.length >= limit) break
    if (end > offset) {
      const after = Math.max(0, offset - start)
      const last = Math.min(set.cardCount, after + limit - items.length)
      for (const row of await repo.listCardsBetween(deps.db, set.id, after, last)) items.push({ ...toFlashcard(row), setId: set.id })
    }
    start = end
  }
  return listResponse(items, total, query)
}

/** Every card of a set, in set order, as stored (no access check: the caller has made it). */
export function allCardsOfSet(deps: Pick<Deps, 'db'>, setId: string) {
  return repo.listAllCards(deps.db, setId)
}

/** These cards as the API shows them, by id (ids of cards that are gone are left out). */
export async function cardsByIds(deps: Pick<Deps, 'db'>, cardIds: string[]): Promise<Map<string, Flashcard>> {
  return new Map((await repo.findCardsWithImages(deps.db, cardIds)).map((card) => [card.id, toFlashcard(card)]))
}

/** The card as answered, with its pictures, read in the transaction that wrote it. */
async function reloadCard(db: Deps['db'], cardId: string): Promise<Flashcard> {
  const row = await repo.findCardWithImages(db, cardId)
  if (!row) throw new Error(`card ${cardId} vanished while being written`)
  return toFlashcard(row)
}

/** Appends a card at the next position; the set's cardCount changes in the same transaction. */
export async function addCard(deps: Deps, setId: string, auth: AuthState, input: CreateCard): Promise<Flashcard> {
  const now = deps.clock.now().toISOString()
  return deps.db.transaction().execute(async (trx) => {
    // Checked inside the transaction with the set locked, so a set deleted meanwhile is a clean 404,
    // not a failed insert.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    await requireOwnMedia(trx, auth.user.id, {
      termImage: input.termImage,
      definitionImage: input.definitionImage,
      termAudio: input.termAudio,
      definitionAudio: input.definitionAudio,
    })
    const position = await repo.nextCardPosition(trx, setId, now)
    const row = {
      id: newId(),
      study_set_id: setId,
      term: input.term,
      definition: input.definition,
      position,
      created: now,
      term_image_id: input.termImage,
      definition_image_id: input.definitionImage,
      term_audio_id: input.termAudio,
      definition_audio_id: input.definitionAudio,
      kind: input.kind,
      reverse: input.reverse ? 1 : 0,
      guid: newGuid(),
    }
    await repo.insertCard(trx, row)
    return reloadCard(trx, row.id)
  })
}

export async function updateCard(deps: Deps, setId: string, cardId: string, auth: AuthState, input: UpdateCard): Promise<Flashcard> {
  const changes = {
    ...(input.term !== undefined ? { term: input.term } : {}),
    ...(input.definition !== undefined ? { definition: input.definition } : {}),
    ...(input.termImage !== undefined ? { term_image_id: input.termImage } : {}),
    ...(input.definitionImage !== undefined ? { definition_image_id: input.definitionImage } : {}),
    ...(input.termAudio !== undefined ? { term_audio_id: input.termAudio } : {}),
    ...(input.definitionAudio !== undefined ? { definition_audio_id: input.definitionAudio } : {}),
    ...(input.kind !== undefined ? { kind: input.kind } : {}),
    ...(input.reverse !== undefined ? { reverse: input.reverse ? 1 : 0 } : {}),
  }
  return deps.db.transaction().execute(async (trx) => {
    // Read inside the transaction, the set locked: a concurrent delete may remove the card or move its position.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const found = await repo.findCard(trx, setId, cardId)
    if (!found) throw notFound(apiMessages.cardNotFound)
    // An empty PATCH changes nothing (and an UPDATE with no columns is not valid SQL).
    if (Object.keys(changes).length === 0) return reloadCard(trx, cardId)
    // A card turned into a cloze card stops being asked in reverse, unless reverse is asked for in the same change.
    if (changes.kind === 'cloze' && input.reverse === undefined) changes.reverse = 0
    const merged = { ...found, ...changes }
    const problems = cardProblems({
      term: merged.term,
      definition: merged.definition,
      termImage: merged.term_image_id,
      definitionImage: merged.definition_image_id,
      termAudio: merged.term_audio_id,
      definitionAudio: merged.definition_audio_id,
      kind: merged.kind,
      reverse: merged.reverse === 1,
    })
    if (problems.length > 0) throw invalidInput(Object.fromEntries(problems.map((issue) => [issue.path[0], issue.message])))
    // A new picture must be the caller's upload; one the card already shows may stay as it is
    // (a saved copy's cards show pictures that the original's owner uploaded).
    await requireOwnMedia(trx, auth.user.id, {
      termImage: input.termImage === found.term_image_id ? undefined : input.termImage,
      definitionImage: input.definitionImage === found.definition_image_id ? undefined : input.definitionImage,
      termAudio: input.termAudio === found.term_audio_id ? undefined : input.termAudio,
      definitionAudio: input.definitionAudio === found.definition_audio_id ? undefined : input.definitionAudio,
    })
    await repo.updateCard(trx, cardId, changes)
    // Memory and progress of a prompt the card no longer has (a deletion removed, reverse turned off) go; the review
    // log keeps its answers.
    const before = cardPrompts({ kind: found.kind, reverse: found.reverse === 1, term: found.term })
    const after = new Set(cardPrompts({ kind: merged.kind, reverse: merged.reverse === 1, term: merged.term }))
    await repo.forgetPrompts(
      trx,
      cardId,
      before.filter((prompt) => !after.has(prompt)),
    )
    await repo.touchSet(trx, setId, deps.clock.now().toISOString())
    // A replaced or removed picture or recording that no other card shows goes.
    await removeUnusedMedia({ db: trx }, [found.term_image_id, found.definition_image_id, found.term_audio_id, found.definition_audio_id])
    return reloadCard(trx, cardId)
  })
}

/** Deletes a card; later positions close the gap and cardCount drops, in one transaction. */
export async function deleteCard(deps: Deps, setId: string, cardId: string, auth: AuthState): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Read inside the transaction after the set's lock: a concurrent delete may have moved this
    // card's position, and two deletes closing gaps at once would leave positions doubled.
    await lockedOwnedSet({ ...deps, db: trx }, setId, auth)
    const card = await repo.findCard(trx, setId, cardId)
    if (!card) throw notFound(apiMessages.cardNotFound)
    await repo.deleteCardAndCloseGap(trx, card, deps.clock.now().toISOString())
    await removeUnusedMedia({ db: trx }, [card.term_image_id, card.definition_image_id, card.term_audio_id, card.definition_audio_id])
  })
}
