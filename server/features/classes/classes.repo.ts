import type { Insertable, Selectable, Updateable } from 'kysely'
import type { DB } from '#server/db/database'
import type { ClassesTable } from '#server/db/schema'

export type ClassRow = Selectable<ClassesTable>
/** A class with what its API shape needs: the teacher's username and the number of students. */
export type ClassWithCounts = ClassRow & { owner_username: string; member_count: number }

function selectClasses(db: DB) {
  return db
    .selectFrom('classes')
    .innerJoin('users as owner', 'owner.id', 'classes.owner_id')
    .selectAll('classes')
    .select('owner.username as owner_username')
    .select((eb) =>
      eb
        .selectFrom('class_members')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('class_members.class_id', '=', 'classes.id')
        .as('member_count'),
    )
}

/** PostgreSQL's count() is a bigint, which pg hands over as a string. */
function withNumberCount<T extends { member_count: unknown }>(row: T): T & { member_count: number } {
  return { ...row, member_count: Number(row.member_count ?? 0) }
}

export async function findClassById(db: DB, id: string): Promise<ClassWithCounts | undefined> {
  const row = await selectClasses(db).where('classes.id', '=', id).executeTakeFirst()
  return row && withNumberCount(row)
}

export async function findClassByCode(db: DB, joinCode: string): Promise<ClassWithCounts | undefined> {
  const row = await selectClasses(db).where('classes.join_code', '=', joinCode).executeTakeFirst()
  return row && withNumberCount(row)
}

/** The classes a user teaches or is a student of. */
function classesOf(db: DB, userId: string) {
  return selectClasses(db).where((eb) =>
    eb.or([
      eb('classes.owner_id', '=', userId),
      eb.exists(
        eb
          .selectFrom('class_members')
          .select('class_members.class_id')
          .whereRef('class_members.class_id', '=', 'classes.id')
          .where('class_members.user_id', '=', userId),
      ),
    ]),
  )
}

/** One page of the user's classes, newest first, and how many there are. */
export async function listClassesOf(db: DB, userId: string, page: { limit: number; offset: number }) {
  const counted = await db
    .selectFrom('classes')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) =>
      eb.or([
        eb('classes.owner_id', '=', userId),
        eb('classes.id', 'in', eb.selectFrom('class_members').select('class_members.class_id').where('class_members.user_id', '=', userId)),
      ]),
    )
    .executeTakeFirst()
  const rows = await classesOf(db, userId).orderBy('classes.created', 'desc').orderBy('classes.id', 'desc').limit(page.limit).offset(page.offset).execute()
  return { items: rows.map(withNumberCount), total: Number(counted?.total ?? 0) }
}

export async function insertClass(db: DB, row: Insertable<ClassesTable>): Promise<void> {
  await db.insertInto('classes').values(row).execute()
}

export async function updateClass(db: DB, id: string, changes: Updateable<ClassesTable>): Promise<void> {
  await db.updateTable('classes').set(changes).where('id', '=', id).execute()
}

export async function deleteClass(db: DB, id: string): Promise<void> {
  await db.deleteFrom('classes').where('id', '=', id).execute()
}

/** Adds a student; joining again changes nothing (not even the joined time). */
export async function addMember(db: DB, row: { class_id: string; user_id: string; joined: string }): Promise<void> {
  await db
    .insertInto('class_members')
    .values(row)
    .onConflict((oc) => oc.columns(['class_id', 'user_id']).doNothing())
    .execute()
}

/** Removes a student; true when they were one. */
export async function removeMember(db: DB, classId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('class_members').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The students of a class, by username: id and username only (never an email). */
export async function listMembers(db: DB, classId: string): Promise<{ id: string; username: string }[]> {
  return db
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['users.id', 'users.username'])
    .where('class_members.class_id', '=', classId)
    .orderBy('users.username')
    .execute()
}

/** Assigns a set; assigning it again changes nothing but the due date, when one (or null) is given. */
export async function assignSet(db: DB, row: { class_id: string; set_id: string; assigned: string; due_at?: string | null }): Promise<void> {
  const { due_at } = row
  await db
    .insertInto('class_sets')
    .values({ ...row, due_at: due_at ?? null })
    .onConflict((oc) => (due_at === undefined ? oc.columns(['class_id', 'set_id']).doNothing() : oc.columns(['class_id', 'set_id']).doUpdateSet({ due_at })))
    .execute()
}

/** Takes a set back from the class; true when it was assigned. */
export async function unassignSet(db: DB, classId: string, setId: string): Promise<boolean> {
  const result = await db.deleteFrom('class_sets').where('class_id', '=', classId).where('set_id', '=', setId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Per student and assigned set: the student's cards of that set due by `until` (card_memory, the memory schedule). */
export async function countDueByStudentAndSet(db: DB, classId: string, until: string) {
  const rows = await db
    .selectFrom('card_memory')
    .innerJoin('class_sets', 'class_sets.set_id', 'card_memory.study_set_id')
    .innerJoin('class_members', (join) =>
      join.onRef('class_members.class_id', '=', 'class_sets.class_id').onRef('class_members.user_id', '=', 'card_memory.user_id'),
    )
    .select(['card_memory.user_id', 'card_memory.study_set_id', (eb) => eb.fn.countAll<number | string>().as('due')])
    .where('class_sets.class_id', '=', classId)
    .where('card_memory.due', '<=', until)
    .groupBy(['card_memory.user_id', 'card_memory.study_set_id'])
    .execute()
  return rows.map((row) => ({ userId: row.user_id, setId: row.study_set_id, due: Number(row.due) }))
}

/**
 * Every card of the class's assigned sets each student answered in any mode (the review log holds
 * every answer, Flashcards and Match included): when first and last.
 */
export async function listClassAnswerSpans(db: DB, classId: string) {
  return db
    .selectFrom('review_log')
    .innerJoin('class_members', 'class_members.user_id', 'review_log.user_id')
    .innerJoin('class_sets', (join) =>
      join.onRef('class_sets.set_id', '=', 'review_log.study_set_id').onRef('class_sets.class_id', '=', 'class_members.class_id'),
    )
    .select((eb) => [
      'review_log.user_id',
      'review_log.study_set_id',
      'review_log.flashcard_id',
      eb.fn.min('review_log.answered_at').as('first_at'),
      eb.fn.max('review_log.answered_at').as('last_at'),
    ])
    .where('class_members.class_id', '=', classId)
    .groupBy(['review_log.user_id', 'review_log.study_set_id', 'review_log.flashcard_id'])
    .execute()
}

/**
 * The answer counts behind the class progress: every study_progress row of the class's students
 * on the class's assigned sets. A class is tens of students and a few sets of up to hundreds of
 * cards, so the rows are few enough to sum with the shared mastery rule in the service.
 */
export async function listClassProgressRows(db: DB, classId: string) {
  return db
    .selectFrom('study_progress')
    .innerJoin('class_members', 'class_members.user_id', 'study_progress.user_id')
    .innerJoin('class_sets', (join) =>
      join.onRef('class_sets.set_id', '=', 'study_progress.study_set_id').onRef('class_sets.class_id', '=', 'class_members.class_id'),
    )
    .select([
      'study_progress.user_id',
      'study_progress.study_set_id',
      'study_progress.flashcard_id',
      'study_progress.correct_count',
      'study_progress.incorrect_count',
      'study_progress.last_reviewed',
    ])
    .where('class_members.class_id', '=', classId)
    .execute()
}
