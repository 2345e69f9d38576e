import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthState } from '#server/access/caller'
import { readableBy } from '#server/access/readable'
import { canRead } from '#server/access/sets'
import { newId } from '#server/db/ids'
import { type BuiltUser, buildSet, buildUser } from '#tests/support/factories'
import { startTestApp, type TestApp } from '#tests/support/test-app'

/**
 * The set reading rule is written once (server/access/readable.ts), as a SQL condition for queries
 * over many sets (due cards, stats, the review log); `canRead` asks it of one set. Both give the
 * rule for every kind of caller and set, on both databases: a set is readable when it is public,
 * the caller's own, or assigned to a class the caller is a student of.
 */

let app: TestApp
const people = {} as Record<'teacher' | 'otherTeacher' | 'student' | 'otherStudent' | 'stranger', BuiltUser>
const sets: Record<string, string> = {}

async function addClass(teacher: BuiltUser, students: BuiltUser[], assigned: string[]): Promise<void> {
  const now = app.clock.now().toISOString()
  const id = newId()
  await app.db
    .insertInto('classes')
    .values({ id, owner_id: teacher.id, name: 'Class', join_code: newId().slice(0, 8), created: now, updated: now })
    .execute()
  for (const student of students) await app.db.insertInto('class_members').values({ class_id: id, user_id: student.id, joined: now }).execute()
  for (const setId of assigned) await app.db.insertInto('class_sets').values({ class_id: id, set_id: setId, assigned: now }).execute()
}

beforeAll(async () => {
  app = await startTestApp()
  for (const name of ['teacher', 'otherTeacher', 'student', 'otherStudent', 'stranger'] as const) people[name] = await buildUser(app)
  const set = async (name: string, owner: BuiltUser, isPublic: boolean) => {
    sets[name] = (await buildSet(app, owner, { title: name, isPublic })).id
  }
  await set('public', people.teacher, true)
  await set('private', people.teacher, false)
  await set('privateAssigned', people.teacher, false)
  await set('publicAssigned', people.teacher, true)
  await set('otherPrivateAssigned', people.otherTeacher, false)
  await set('otherPrivate', people.otherTeacher, false)
  await addClass(people.teacher, [people.student], [sets.privateAssigned as string, sets.publicAssigned as string])
  await addClass(people.otherTeacher, [people.otherStudent, people.teacher], [sets.otherPrivateAssigned as string])
})

afterAll(async () => {
  await app?.close()
})

/** The ids of the sets the SQL condition lets `userId` read. */
async function readableIds(userId: string | undefined): Promise<string[]> {
  const rows = await app.db
    .selectFrom('study_sets')
    .select('id')
    .where((eb) => readableBy(eb, userId))
    .execute()
  return rows.map((row) => row.id).sort()
}

/** The ids of the sets `canRead` lets `auth` read, one set at a time. */
async function canReadIds(auth: AuthState | undefined): Promise<string[]> {
  const rows = await app.db.selectFrom('study_sets').select('id').execute()
  const readable: string[] = []
  for (const row of rows) if (await canRead(app.db, row.id, auth)) readable.push(row.id)
  return readable.sort()
}

const callerOf = (user: BuiltUser) => ({ user: { id: user.id } }) as AuthState
const ids = (...names: string[]) => names.map((name) => sets[name] as string).sort()

describe('the set reading rule: readableBy, and canRead for one set', () => {
  it.each([
    ['a visitor', undefined, ['public', 'publicAssigned']],
    ['the owner', 'teacher', ['public', 'private', 'privateAssigned', 'publicAssigned', 'otherPrivateAssigned']],
    ['a student of the class the sets are assigned to', 'student', ['public', 'privateAssigned', 'publicAssigned']],
    ['a student of another class', 'otherStudent', ['public', 'publicAssigned', 'otherPrivateAssigned']],
    ['a teacher of another class', 'otherTeacher', ['public', 'publicAssigned', 'otherPrivateAssigned', 'otherPrivate']],
    ['a stranger', 'stranger', ['public', 'publicAssigned']],
  ] as const)('for %s', async (_, who, expected) => {
    const user = who === undefined ? undefined : people[who]
    const fromSql = await readableIds(user?.id)
    expect(fromSql).toEqual(ids(...expected))
    expect(await canReadIds(user && callerOf(user))).toEqual(fromSql)
  })
})
