import { sql } from 'kysely'
import { dialectOf, type DB } from './database'

/**
 * Taken first in an answer's transaction: queues one student's answers to one card behind each
 * other, holds the card against deletion until the transaction ends, and reads what the card asks
 * (its kind, reverse and term: its prompts), or undefined once it is gone. SQLite runs one write transaction at a time and needs no lock. On PostgreSQL:
 * - an advisory lock on (student, card): without it, an answer that found the card's memory row
 *   (and locked it) and one that found none (and locked the progress row first) took the two rows
 *   in opposite orders and deadlocked;
 * - `FOR KEY SHARE` on the card: the foreign key checks take it anyway, but taking it before any
 *   row that cascades from the card keeps the order the card's deletion takes its locks in.
 */
export async function lockAnswerTarget(
  db: DB,
  userId: string,
  cardId: string,
): Promise<{ kind: 'basic' | 'cloze'; reverse: number; term: string } | undefined> {
  let query = db.selectFrom('flashcards').select(['kind', 'reverse', 'term']).where('id', '=', cardId)
  if (dialectOf(db) === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`answer:${userId}:${cardId}`}, 0))`.execute(db)
    query = query.forKeyShare()
  }
  return query.executeTakeFirst()
}
