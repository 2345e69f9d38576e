import type { Selectable, Updateable } from 'kysely'
import type { DB } from '#server/db/database'
import type { UsersTable } from '#server/db/schema'
import { lowerCased } from '#server/db/text-search'

export type UserRow = Selectable<UsersTable>
export type UserWithPlan = UserRow & { plan_name: string }

function selectUsersWithPlan(db: DB) {
  return db.selectFrom('users').innerJoin('plans', 'plans.id', 'users.plan_id').selectAll('users').select('plans.name as plan_name')
}

export async function findUserById(db: DB, id: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where('users.id', '=', id).executeTakeFirst()
}

export async function findUserByEmail(db: DB, email: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where('users.email', '=', email.toLowerCase()).executeTakeFirst()
}

/** Usernames match whatever their case (an index on lower(username) serves this). */
export async function findUserByUsername(db: DB, username: string): Promise<UserWithPlan | undefined> {
  return selectUsersWithPlan(db).where(lowerCased('users.username'), '=', username.toLowerCase()).executeTakeFirst()
}

export async function findPlanByName(db: DB, name: string) {
  return db.selectFrom('plans').selectAll().where('name', '=', name).executeTakeFirst()
}

export async function insertUser(db: DB, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute()
}

export async function updateUser(db: DB, id: string, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute()
}

export async function deleteUser(db: DB, id: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute()
}
