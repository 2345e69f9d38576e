import type { Insertable, Selectable } from 'kysely'
import type { DB } from '#server/db/database'
import type { FlashcardsTable } from '#server/db/schema'
import { readableBy } from '#server/access/readable'

export type FlashcardRow = Selectable<FlashcardsTable>
/** A card with its pictures' sizes (null where a side has no picture). */
export type FlashcardWithImages = FlashcardRow & {
  term_image_width: number | null
  term_image_height: number | null
  definition_image_width: number | null
  definition_image_height: number | null
  term_audio_duration_ms: number | null
  definition_audio_duration_ms: number | null
}

function selectCardsWithImages(db: DB) {
  return db
    .selectFrom('flashcards')
    .leftJoin('media as term_media', 'term_media.id', 'flashcards.term_image_id')
    .leftJoin('media as definition_media', 'definition_media.id', 'flashcards.definition_image_id')
    .leftJoin('media as term_audio', 'term_audio.id', 'flashcards.term_audio_id')
    .leftJoin('media as definition_audio', 'definition_audio.id', 'flashcards.definition_audio_id')
    .selectAll('flashcards')
    .select([
      'term_media.width as term_image_width',
      'term_media.height as term_image_height',
      'definition_media.width as definition_image_width',
      'definition_media.height as definition_image_height',
      'term_audio.duration_ms as term_audio_duration_ms',
      'definition_audio.duration_ms as definition_audio_duration_ms',
    ])
}

export async function findCardWithImages(db: DB, cardId: string): Promise<FlashcardWithImages | undefined> {
  return selectCardsWithImages(db).where('flashcards.id', '=', cardId).executeTakeFirst()
}

/** These cards with their pictures' sizes, in no particular order (missing ids are left out). */
export async function findCardsWithImages(db: DB, cardIds: string[]): Promise<FlashcardWithImages[]> {
  if (cardIds.length === 0) return []
  return selectCardsWithImages(db).where('flashcards.id', 'in', cardIds).execute()
}

/**
 * A page of a set's cards, with their pictures, in position order, when the caller may read the set
 * (the one reading rule, `readableBy`; `userId` undefined for a visitor), each row carrying the
 * set's `card_count` (the list's total): the set and its page in one statement. No row: the set is
 * empty, the page is past its end, or the set is missing or not the caller's to read.
 */
export async function listCardsOfReadableSet(
  db: DB,
  setId: string,
  userId: string | undefined,
  order: 'asc' | 'desc',
  page: { limit: number; offset: number },
) {
  return selectCardsWithImages(db)
    .innerJoin('study_sets', 'study_sets.id', 'flashcards.study_set_id')
    .select('study_sets.card_count as set_card_count')
    .where('flashcards.study_set_id', '=', setId)
    .where((eb) => readableBy(eb, userId))
    .orderBy('flashcards.position', order)
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

/** A set's cards at positions after `after` up to `last` (positions are dense, 1 to cardCount), in order. */
export async function listCardsBetween(db: DB, setId: string, after: number, last: number): Promise<FlashcardWithImages[]> {
  return selectCardsWithImages(db)
    .where('flashcards.study_set_id', '=', setId)
    .where('flashcards.position', '>', after)
    .where('flashcards.position', '<=', last)
    .orderBy('flashcards.position')
    .execute()
}

export async function findCard(db: DB, setId: string, cardId: string): Promise<FlashcardRow | undefined> {
  return db.selectFrom('flashcards').selectAll().where('id', '=', cardId).where('study_set_id', '=', setId).executeTakeFirst()
}

/**
 * Counts one more card on the set and returns the new count, which is the next position since
 * positions are dense. The update locks the set's row, so concurrent adds queue up.
 */
export async function nextCardPosition(db: DB, setId: string, now: string): Promise<number> {
  const { card_count } = await db
    .updateTable('study_sets')
    .set((eb) => ({ card_count: eb('card_count', '+', 1), updated: now }))
    .where('id', '=', setId)
    .returning('card_count')
    .executeTakeFirstOrThrow()
  return card_count
}

export async function insertCard(db: DB, card: FlashcardRow): Promise<void> {
  await db.insertInto('flashcards').values(card).execute()
}

/** Rows per INSERT: 6 columns each stays far below SQLite's and PostgreSQL's bound-variable limits. */
const CARD_INSERT_CHUNK = 100

/** Inserts many cards (an import, a copy) in chunks, in the caller's transaction. */
export async function insertCards(db: DB, cards: Insertable<FlashcardsTable>[]): Promise<void> {
  for (let start = 0; start < cards.length; start += CARD_INSERT_CHUNK) {
    await db
      .insertInto('flashcards')
      .values(cards.slice(start, start + CARD_INSERT_CHUNK))
      .execute()
  }
}

/** Every card of a set in position order. */
export async function listAllCards(db: DB, setId: string): Promise<FlashcardRow[]> {
  return db.selectFrom('flashcards').selectAll().where('study_set_id', '=', setId).orderBy('position').execute()
}

export async function updateCard(
  db: DB,
  cardId: string,
  changes: Partial<
    Pick<FlashcardRow, 'term' | 'definition' | 'term_image_id' | 'definition_image_id' | 'term_audio_id' | 'definition_audio_id' | 'kind' | 'reverse'>
  >,
): Promise<void> {
  await db.updateTable('flashcards').set(changes).where('id', '=', cardId).execute()
}

/** Every student's memory and progress of these prompts of a card (ones it no longer has). */
export async function forgetPrompts(db: DB, cardId: string, prompts: string[]): Promise<void> {
  if (prompts.length === 0) return
  await db.deleteFrom('card_memory').where('flashcard_id', '=', cardId).where('prompt', 'in', prompts).execute()
  await db.deleteFrom('study_progress').where('flashcard_id', '=', cardId).where('prompt', 'in', prompts).execute()
}

/** Deletes a card, closes the gap in positions behind it and counts one card less, in the caller's transaction. */
export async function deleteCardAndCloseGap(db: DB, card: FlashcardRow, now: string): Promise<void> {
  await db.deleteFrom('flashcards').where('id', '=', card.id).execute()
  await db
    .updateTable('flashcards')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('study_set_id', '=', card.study_set_id)
    .where('position', '>', card.position)
    .execute()
  await db
    .updateTable('study_sets')
    .set((eb) => ({ card_count: eb('card_count', '-', 1), updated: now }))
    .where('id', '=', card.study_set_id)
    .execute()
}

/** Counts `added` more cards on the set (appended by an import into it) and marks it changed. */
export async function countAddedCards(db: DB, setId: string, added: number, now: string): Promise<void> {
  await db
    .updateTable('study_sets')
    .set((eb) => ({ card_count: eb('card_count', '+', added), updated: now }))
    .where('id', '=', setId)
    .execute()
}

export async function touchSet(db: DB, setId: string, now: string): Promise<void> {
  await db.updateTable('study_sets').set({ updated: now }).where('id', '=', setId).execute()
}
