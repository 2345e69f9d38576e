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
