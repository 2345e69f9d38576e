import { sql } from 'kysely'
import { dialectOf, type DB } from './database'

/**
 * Taken first in an answer's transaction, before any row: queues one student's answers to one card
 * behind each other, and behind a recomputation of that card's memory (fit-job.ts takes it too).
 * SQLite runs one write transaction at a time and needs no lock. On PostgreSQL:
 * - an advisory lock on (student, card). Under it the answer reads the card prompt's memory with a
 *   plain read (findAnswerState) and writes it back: every answer and recomputation of a memory
 *   row takes this lock first, so none can change the row in between. Without it two answers
 *   would also take the progress and memory rows in opposite orders and deadlock;
 * - then the card is read `FOR SHARE` (`requireAnswerableCard`, server/access/sets.ts), before
 *   any row that cascades from the card (the order the card's deletion takes its locks in). SHARE,
 *   not the KEY SHARE a foreign key check takes: a card edit updates the card's row before it
 *   deletes the memory of a prompt the card no longer has (cards.service.ts, import-export), and
 *   SHARE makes that update wait for answers under way, and answers wait for the edit. Under KEY
 *   SHARE an answer that read the card before the edit could insert the first memory of a dropped
 *   prompt after the edit's delete had run, a memory of a prompt the card no longer asks. Answers
 *   to one card share the lock with each other.
 */
export async function lockAnswer(db: DB, userId: string, cardId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`select pg_advisory_xact_lock(hashtextextended(${`answer:${userId}:${cardId}`}, 0))`.execute(db)
}
