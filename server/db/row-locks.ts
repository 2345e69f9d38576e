import { sql } from 'kysely'
import { dialectOf, type DB } from './database'

/**
 * Taken first in an answer's transaction, before any row: queues one student's answers to one card
 * behind each other. SQLite runs one write transaction at a time and needs no lock. On PostgreSQL:
 * - an advisory lock on (student, card): without it, an answer that found the card's memory row
 *   (and locked it) and one that found none (and locked the progress row first) took the two rows
 *   in opposite orders and deadlocked;
 * - then the card is read `FOR KEY SHARE` (`requireAnswerableCard`, server/access/sets.ts): the
 *   foreign key checks take it anyway, but taking it before any row that cascades from the card
 *   keeps the order the card's deletion takes its locks in, and holds the card against deletion
 *   until the transaction ends.
 */
export async function lockAnswer(db: DB, userId: string, cardId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`select pg_advisory_xact_lock(hashtextextended(${`answer:${userId}:${cardId}`}, 0))`.execute(db)
}
