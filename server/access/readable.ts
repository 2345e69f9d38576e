import type { ExpressionBuilder } from 'kysely'
import type { Database } from '#server/db/schema'

/**
 * The one reading rule, written once: a set is readable when it is public, the caller's own, or
 * assigned to a class the caller is a student of (issue 20). It is a condition on `study_sets`
 * rows, so one set's check (`canRead`, `requireReadableSet`, ./sets.ts), a picture's (./media.ts)
 * and queries over many sets (due cards, stats, the review log) all ask the same SQL:
 * `.where((eb) => readableBy(eb, userId))`. `userId` undefined (or '', which names no account):
 * a visitor, who reads public sets only.
 */
export function readableBy(eb: ExpressionBuilder<Database, 'study_sets'>, userId: string | undefined) {
  if (userId === undefined) return eb('study_sets.is_public', '=', 1)
  return eb.or([
    eb('study_sets.is_public', '=', 1),
    eb('study_sets.owner_id', '=', userId),
    eb.exists(
      eb
        .selectFrom('class_sets')
        .innerJoin('class_members', 'class_members.class_id', 'class_sets.class_id')
        .select('class_sets.set_id')
        .whereRef('class_sets.set_id', '=', 'study_sets.id')
        .where('class_members.user_id', '=', userId),
    ),
  ])
}

/** `readableBy` as a 0/1 column, for a query that reads a set and whether the caller may read it in one go. */
export function readableFlag(eb: ExpressionBuilder<Database, 'study_sets'>, userId: string | undefined) {
  return eb.case().when(readableBy(eb, userId)).then(1).else(0).end()
}
