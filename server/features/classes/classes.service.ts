import Papa from 'papaparse'
import type { z } from 'zod'
import { type ClassProgressItem, type ClassProgressResponse, type ClassRole, type Classroom, type ClassroomDetail } from '#shared/api/classes'
import type { ListResponse, StudySet } from '#shared/api/sets'
import type { PageQuery } from '#server/http/pagination'
import { cardProgress } from '#shared/study/mastery'
import { type DB, isUniqueViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { AuthState } from '#server/access/caller'
import { requireClassRole, requireMayRemoveMember, requireTeacher } from '#server/access/classes'
import type { Deps } from '#server/deps'
import { notFound, rateLimited } from '#server/http/errors'
import { limitOffset, listResponse } from '#server/http/pagination'
import { retryAfterSeconds } from '#server/http/rate-limit'
import { toPublicUser } from '#server/features/accounts/account.service'
import { answerSpansOfUsers, dueTodayByUserAndSet } from '#server/features/memory/review.service'
import { progressOfUsers } from '#server/features/study/study.service'
import { contentDisposition, type ExportFile } from '#server/features/sets/import-export.service'
import { assignableSet, setsOfClass } from '#server/features/sets/sets.service'
import { toClassroom } from './classes.mapper'
import * as repo from './classes.repo'
import type { classSchemas } from './classes.schemas'
import { newJoinCode } from './join-code'
import { classMessages } from '#shared/messages'

type CreateClass = z.output<typeof classSchemas.createClass>
type UpdateClass = z.output<typeof classSchemas.updateClass>
type AssignSet = z.output<typeof classSchemas.assignSet>

/** A class and the caller's role in it. */
interface ClassAccess {
  row: repo.ClassWithCounts
  role: ClassRole
}

/**
 * The class as the caller may see it: its teacher and its students only; anyone else gets 404
 * (the rule: server/access/classes.ts).
 */
async function visibleClass(db: DB, id: string, auth: AuthState): Promise<ClassAccess> {
  return requireClassRole(db, await repo.findClassById(db, id), auth)
}

/** A class the caller teaches. A student of it gets 403 (they know it exists); anyone else 404. */
async function taughtClass(db: DB, id: string, auth: AuthState): Promise<ClassAccess> {
  const access = await visibleClass(db, id, auth)
  requireTeacher(access.role)
  return access
}

async function reload(db: DB, id: string, role: ClassRole): Promise<Classroom> {
  const row = await repo.findClassById(db, id)
  if (!row) throw notFound(classMessages.notFound)
  return toClassroom(row, role)
}

/** Join codes are random; the unique index decides in the rare case two collide. */
const JOIN_CODE_ATTEMPTS = 5

async function withFreshJoinCode(write: (code: string) => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write(newJoinCode())
      return
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= JOIN_CODE_ATTEMPTS) throw error
    }
  }
}

export async function createClass(deps: Deps, auth: AuthState, input: CreateClass): Promise<Classroom> {
  const now = deps.clock.now().toISOString()
  const id = newId()
  await withFreshJoinCode((code) => repo.insertClass(deps.db, { id, owner_id: auth.user.id, name: input.name, join_code: code, created: now, updated: now }))
  return reload(deps.db, id, 'teacher')
}

export async function listMyClasses(deps: Deps, auth: AuthState, query: PageQuery): Promise<ListResponse<Classroom>> {
  const { items, total } = await repo.listClassesOf(deps.db, auth.user.id, limitOffset(query))
  return listResponse(
    items.map((row) => toClassroom(row, row.owner_id === auth.user.id ? 'teacher' : 'student')),
    total,
    query,
  )
}

export async function getClass(deps: Deps, id: string, auth: AuthState): Promise<ClassroomDetail> {
  const { row, role } = await visibleClass(deps.db, id, auth)
  const sets = await setsOfClass(deps, id)
  if (role !== 'teacher') return { ...toClassroom(row, role), sets }
  const members = (await repo.listMembers(deps.db, id)).map(toPublicUser)
  return { ...toClassroom(row, role), sets, members }
}

/** Renames the class and/or gives it a new join code: the old code (and link) stop working at once. */
export async function updateClass(deps: Deps, id: string, auth: AuthState, input: UpdateClass): Promise<Classroom> {
  await taughtClass(deps.db, id, auth)
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    updated: deps.clock.now().toISOString(),
  }
  if (input.regenerateCode) await withFreshJoinCode((code) => repo.updateClass(deps.db, id, { ...changes, join_code: code }))
  else await repo.updateClass(deps.db, id, changes)
  return reload(deps.db, id, 'teacher')
}

/** Deletes the class; its memberships and assignments go with it (the sets stay the teacher's). */
export async function deleteClass(deps: Deps, id: string, auth: AuthState): Promise<void> {
  await taughtClass(deps.db, id, auth)
  await repo.deleteClass(deps.db, id)
}

/**
 * Counts a join attempt (with a class's or a live game's code) as failed up front and gives it
 * back when the code was right, as logins do (login-limit.ts): only unknown codes add up, so
 * guessing stops after a few tries per window (RATE_LIMIT_CLASS_JOIN_FAILURES, counted apart per
 * kind of code) while a class of students joining from one address never trips it.
 */
/** The caller's role in a class (teacher or student); 404 to anyone else. */
export async function roleInClass(deps: Pick<Deps, 'db'>, classId: string, auth: AuthState): Promise<ClassRole> {
  const { role } = await requireClassRole(deps.db, await repo.findClassById(deps.db, classId), auth)
  return role
}

export async function beginJoinAttempt(deps: Deps, kind: 'class' | 'game', address: string): Promise<{ succeeded(): Promise<void> }> {
  const { classJoinFailures: max, windowSeconds } = deps.config.rateLimits
  if (max === 0) return { succeeded: async () => {} }
  const key = `${kind}-join-failures:${address}`
  const nowMs = deps.clock.now().getTime()
  const { count, resetAtMs } = await deps.rateLimitStore.hit(key, windowSeconds * 1000, nowMs)
  if (count > max) throw rateLimited(retryAfterSeconds(resetAtMs, nowMs))
  return { succeeded: () => deps.rateLimitStore.release(key, deps.clock.now().getTime()) }
}

/** Joins the class of the code as a student. Joining again, or one's own class, changes nothing. */
export async function joinClass(deps: Deps, auth: AuthState, code: string, address: string): Promise<Classroom> {
  const attempt = await beginJoinAttempt(deps, 'class', address)
  const found = await repo.findClassByCode(deps.db, code)
  if (!found) throw notFound(classMessages.codeUnknown)
  await attempt.succeeded()
  if (found.owner_id === auth.user.id) return toClassroom(found, 'teacher')
  await repo.addMember(deps.db, { class_id: found.id, user_id: auth.user.id, joined: deps.clock.now().toISOString() })
  return reload(deps.db, found.id, 'student')
}

/**
 * Removes a student: the teacher removes anyone; a student only themselves (`me` or their own
 * id), which is leaving. Their access to the class's private sets ends with the row.
 */
export async function removeMember(deps: Deps, classId: string, userId: string, auth: AuthState): Promise<void> {
  const { role } = await visibleClass(deps.db, classId, auth)
  const self = userId === 'me' || userId === auth.user.id
  requireMayRemoveMember(role, self)
  const removed = await repo.removeMember(deps.db, classId, self ? auth.user.id : userId)
  if (!removed) throw notFound(classMessages.memberNotFound)
}

/**
 * Assigns one of the teacher's own sets. Someone else's set is 404 even when public: a teacher
 * hands out only what they own. Assigning it again changes nothing.
 */
export async function assignSet(deps: Deps, classId: string, input: AssignSet, auth: AuthState): Promise<StudySet> {
  const { setId, dueAt } = input
  return deps.db.transaction().execute(async (trx) => {
    await taughtClass(trx, classId, auth)
    const set = await assignableSet({ db: trx }, setId, auth)
    await repo.assignSet(trx, { class_id: classId, set_id: setId, assigned: deps.clock.now().toISOString(), due_at: dueAt })
    return set
  })
}

export async function unassignSet(deps: Deps, classId: string, setId: string, auth: AuthState): Promise<void> {
  await taughtClass(deps.db, classId, auth)
  if (!(await repo.unassignSet(deps.db, classId, setId))) throw notFound(classMessages.setNotAssigned)
}

const progressKey = (userId: string, setId: string) => `${userId}\u0000${setId}`

/** What each student did with each card: answered at all (any mode), first and last. */
interface CardSpan {
  firstAt: string
  lastAt: string
}

/**
 * Per student and set, the cards answered in any mode: the review log's answers, and the mastery
 * counts' rows for answers older than the log (their last answer stands for the first: a card
 * counts as done by a due date only when surely answered by then).
 */
function answeredCards(spanRows: Awaited<ReturnType<typeof answerSpansOfUsers>>, progressRows: Awaited<ReturnType<typeof progressOfUsers>>) {
  const spans = new Map<string, Map<string, CardSpan>>()
  const add = (userId: string, setId: string, cardId: string, firstAt: string, lastAt: string) => {
    const key = progressKey(userId, setId)
    const cards = spans.get(key) ?? new Map<string, CardSpan>()
    const known = cards.get(cardId)
    cards.set(
      cardId,
      known ? { firstAt: firstAt < known.firstAt ? firstAt : known.firstAt, lastAt: lastAt > known.lastAt ? lastAt : known.lastAt } : { firstAt, lastAt },
    )
    spans.set(key, cards)
  }
  for (const row of spanRows) add(row.user_id, row.study_set_id, row.flashcard_id, String(row.first_at), String(row.last_at))
  for (const row of progressRows) add(row.user_id, row.study_set_id, row.flashcard_id, row.last_reviewed, row.last_reviewed)
  return spans
}

/**
 * One row per student and assigned set (students by username, sets as GET /api/classes/:id lists
 * them): cards studied in any mode, card counts by the spec's mastery rule (from the modes that
 * count toward it), and with a due date whether every card was answered by then. Only for the teacher.
 */
export async function classProgress(deps: Deps, classId: string, auth: AuthState): Promise<ClassProgressResponse & { className: string }> {
  const { row } = await taughtClass(deps.db, classId, auth)
  const [members, sets] = await Promise.all([repo.listMembers(deps.db, classId), setsOfClass(deps, classId)])
  const userIds = members.map((member) => member.id)
  const setIds = sets.map((set) => set.id)
  const [answers, dueRows, spans] = await Promise.all([
    progressOfUsers(deps, userIds, setIds),
    dueTodayByUserAndSet(deps, userIds, setIds),
    answerSpansOfUsers(deps, userIds, setIds),
  ])
  const due = new Map(dueRows.map((row) => [progressKey(row.userId, row.setId), row.due]))
  const totals = new Map<string, { mastered: number; learning: number; needsReview: number }>()
  for (const answer of answers) {
    const key = progressKey(answer.user_id, answer.study_set_id)
    const total = totals.get(key) ?? { mastered: 0, learning: 0, needsReview: 0 }
    const { status } = cardProgress(answer.study_set_id, answer.correct_count, answer.incorrect_count, answer.last_reviewed)
    if (status === 'mastered') total.mastered += 1
    else if (status === 'learning') total.learning += 1
    else total.needsReview += 1
    totals.set(key, total)
  }
  const answered = answeredCards(spans, answers)
  const items = members.flatMap((member) =>
    sets.map((set): ClassProgressItem => {
      const key = progressKey(member.id, set.id)
      const total = totals.get(key) ?? { mastered: 0, learning: 0, needsReview: 0 }
      const cards = [...(answered.get(key)?.values() ?? [])]
      const lastStudied = cards.reduce<string | null>((last, card) => (last === null || card.lastAt > last ? card.lastAt : last), null)
      const doneByDue = set.dueAt === null ? 0 : cards.filter((card) => card.firstAt <= (set.dueAt as string)).length
      return {
        userId: member.id,
        username: member.username,
        setId: set.id,
        setTitle: set.title,
        cardCount: set.cardCount,
        studied: cards.length,
        mastered: total.mastered,
        learning: total.learning,
        needsReview: total.needsReview,
        dueToday: due.get(key) ?? 0,
        lastStudied,
        finishedByDue: set.dueAt === null ? null : set.cardCount > 0 && doneByDue >= set.cardCount,
      }
    }),
  )
  return { items, className: row.name }
}

/** The class progress as a CSV attachment named after the class. Cells that start like a formula are escaped. */
export function progressCsv(className: string, items: ClassProgressItem[]): ExportFile {
  const body = Papa.unparse(
    {
      fields: ['Student', 'Set', 'Cards', 'Studied', 'Mastered', 'Learning', 'Needs review', 'Due today', 'Last studied', 'Finished by due date'],
      data: items.map((item) => [
        item.username,
        item.setTitle,
        item.cardCount,
        item.studied,
        item.mastered,
        item.learning,
        item.needsReview,
        item.dueToday,
        item.lastStudied ?? '',
        item.finishedByDue === null ? '' : item.finishedByDue ? 'yes' : 'no',
      ]),
    },
    { escapeFormulae: true, newline: '\r\n' },
  )
  return {
    contentType: 'text/csv; charset=utf-8',
    contentDisposition: contentDisposition(`${className} progress`, 'csv'),
    body: `${body}\r\n`,
  }
}
