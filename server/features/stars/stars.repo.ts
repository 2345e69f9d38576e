import type { DB } from '#server/db/database'

/** Stars a card; starring it again changes nothing (also when two requests race). */
export async function insertStar(db: DB, star: { user_id: string; flashcard_id: string; study_set_id: string; created: string }): Promise<void> {
  await db
    .insertInto('card_stars')
    .values(star)
    .onConflict((conflict) => conflict.columns(['user_id', 'flashcard_id']).doNothing())
    .execute()
}

export async function deleteStar(db: DB, userId: string, cardId: string): Promise<void> {
  await db.deleteFrom('card_stars').where('user_id', '=', userId).where('flashcard_id', '=', cardId).execute()
}

export async function listStarredCardIds(db: DB, userId: string, setId: string): Promise<string[]> {
  const rows = await db.selectFrom('card_stars').select('flashcard_id').where('user_id', '=', userId).where('study_set_id', '=', setId).execute()
  return rows.map((row) => row.flashcard_id)
}
