import { sql } from 'kysely'
import { dialectOf, type DB } from './database'

/**
 * Taken first in an answer's transaction, before any row: queues one student's answers to one card
 * behind each other, and behind a recomputation of that card's memory (fit-job.ts takes it too).
 * SQLite runs one write transaction at a time and needs no lock. On PostgreSQL:
 * - an advisory lock on (student, card). Under it the answer reads the card prompt's memory with a
 *   plain read (findAnswerState) and writes it back: every writer of a memory row takes this lock
 *   first, so none can change the row in between (a card edit that drops a prompt deletes that
 *   prompt's memory without it; the answer's prompt check reads the card after the lock). Without
 *   it two answers would also take the progress and memory rows in opposite orders and deadlock;
 * - then the card is read `FOR KEY SHARE` (`requireAnswerableCard`, server/access/sets.ts): the
 *   foreign key checks take it anyway, but taking it before any row that cascades from the card
 *   keeps the order the card's deletion takes its locks in, and holds the card against deletion
 *   until the transaction ends.
 */
export async function lockAnswer(db: DB, userId: string, cardId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return
  await sql`select pg_advisory_xact_lock(hashtextextended(${`answer:${userId}:${cardId}`}, 0))`.execute(db)
}
