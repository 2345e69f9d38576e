import type { z } from 'zod'
import type { SetMastery } from '#shared/api/memory'
import type { BestMatchTime, LearningSession, ProgressResponse, studySchemas } from '#shared/api/study'
import { cardStatus } from '#shared/study/mastery'
import { isForeignKeyViolation } from '#server/db/database'
import { newId } from '#server/db/ids'
import type { Deps } from '#server/deps'
import { conflict, notFound } from '#server/http/errors'
import { apiMessages } from '#shared/messages'
import type { AuthState } from '#server/access/caller'
import { assertReadableSet } from '#server/access/sets'
import { answerTime, progressWithMemory } from './answers.service'
import { toLearningSession } from './study.mapper'
import * as repo from './study.repo'

type CreateSession = z.output<typeof studySchemas.createSession>
type UpdateSession = z.output<typeof studySchemas.updateSession>
type MatchResult = z.output<typeof studySchemas.matchResult>

/**
 * A write whose set or card was deleted after the check (on PostgreSQL a delete can commit in
 * between; the foreign key refuses the row) answers as if the delete had come first: 404.
 */
async function insertUnlessGone<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(message)
    throw error
  }
}

export async function createSession(deps: Deps, setId: string, auth: AuthState, input: CreateSession): Promise<LearningSession> {
  await assertReadableSet(deps.db, setId, auth)
  const row = {
    id: newId(),
    user_id: auth.user.id,
    study_set_id: setId,
    start_time: deps.clock.now().toISOString(),
    end_time: null,
    total_cards: input.totalCards,
    correct_count: 0,
    incorrect_count: 0,
    status: 'in_progress' as const,
  }
  await insertUnlessGone(repo.insertSession(deps.db, row), apiMessages.setNotFound)
  return toLearningSession(row)
}

/**
 * Updates the caller's session. Completing it stamps its end time once; a completed session is
 * closed (restart opens a new one), so later changes are a 409. A session whose set the caller can
 * no longer read (made private, or deleted) is not found.
 */
export async function updateSession(deps: Deps, sessionId: string, auth: AuthState, input: UpdateSession): Promise<LearningSession> {
  return deps.db.transaction().execute(async (trx) => {
    const session = await repo.findSession(trx, auth.user.id, sessionId)
    if (!session) throw notFound(apiMessages.sessionNotFound)
    await assertReadableSet(trx, session.study_set_id, auth)
    if (session.status === 'completed') throw conflict(undefined, apiMessages.sessionCompleted)
    const changes = {
      ...(input.correctCount !== undefined ? { correct_count: input.correctCount } : {}),
      ...(input.incorrectCount !== undefined ? { incorrect_count: input.incorrectCount } : {}),
      ...(input.status === 'completed' ? { status: 'completed' as const, end_time: deps.clock.now().toISOString() } : {}),
    }
    if (Object.keys(changes).length === 0) return toLearningSession(session)
    if (!(await repo.updateSession(trx, sessionId, changes))) throw conflict(undefined, apiMessages.sessionCompleted)
    return toLearningSession({ ...session, ...changes })
  })
}

export async function getProgress(deps: Deps, setId: string, auth: AuthState): Promise<ProgressResponse> {
  // Its queries read only a set the caller may read: nothing back is a set never studied, or one
  // they may not read (404), which the set alone then tells.
  const items = await progressWithMemory(deps, auth.user.id, setId)
  if (items.length === 0) await assertReadableSet(deps.db, setId, auth)
  return { items }
}

/**
 * Stores a finished Match game. The same client id sent again by the same user (the offline
 * queue's resend) stores nothing and answers with the first result (200).
 */
export async function recordMatchResult(deps: Deps, setId: string, auth: AuthState, input: MatchResult): Promise<{ status: 200 | 201; body: MatchResultView }> {
  const created = answerTime(input.answeredAt, deps.clock.now()).toISOString()
  await assertReadableSet(deps.db, setId, auth)
  const row = {
    id: newId(),
    user_id: auth.user.id,
    study_set_id: setId,
    time_taken: input.timeTaken,
    correct_matches: input.correctMatches,
    incorrect_matches: input.incorrectMatches,
    created,
    client_id: input.clientId ?? null,
  }
  if (await insertUnlessGone(repo.insertMatchResult(deps.db, row), apiMessages.setNotFound)) return { status: 201, body: toMatchResult(row) }
  const sent = input.clientId === undefined ? undefined : await repo.findMatchResultByClientId(deps.db, auth.user.id, input.clientId)
  if (!sent) throw new Error('A Match result was neither inserted nor found by its client id')
  return { status: 200, body: toMatchResult(sent) }
}

type MatchResultView = { id: string; timeTaken: number; correctMatches: number; incorrectMatches: number; created: string }

function toMatchResult(row: { id: string; time_taken: number; correct_matches: number; incorrect_matches: number; created: string }): MatchResultView {
  return { id: row.id, timeTaken: row.time_taken, correctMatches: row.correct_matches, incorrectMatches: row.incorrect_matches, created: row.created }
}

/** The caller's best Match time on a set (only their own games count). */
export async function getBestMatchTime(deps: Deps, setId: string, auth: AuthState): Promise<BestMatchTime> {
  await assertReadableSet(deps.db, setId, auth)
  return { bestTime: await repo.bestMatchTime(deps.db, auth.user.id, setId) }
}

/** The caller's cards of each set they may read by mastery status (the rule of shared/study/mastery.ts), sets by title. */
export async function masteryBySet(deps: Deps, auth: AuthState): Promise<SetMastery[]> {
  const bySet = new Map<string, SetMastery>()
  for (const row of await repo.listReadableProgress(deps.db, auth.user.id)) {
    const set = bySet.get(row.id) ?? { setId: row.id, title: row.title, cardCount: row.card_count, mastered: 0, learning: 0, needsReview: 0 }
    bySet.set(row.id, set)
    const attempts = row.correct_count + row.incorrect_count
    if (attempts === 0) continue
    const status = cardStatus(row.correct_count / attempts)
    if (status === 'mastered') set.mastered += 1
    else if (status === 'learning') set.learning += 1
    else set.needsReview += 1
  }
  return [...bySet.values()].sort((a, b) => a.title.localeCompare(b.title) || a.setId.localeCompare(b.setId))
}

/**
 * The answer counts of these users on these sets' cards, one row per user and card: a class's
 * progress (its students on its assigned sets, tens by a few) sums them with the mastery rule.
 */
export function progressOfUsers(deps: Pick<Deps, 'db'>, userIds: string[], setIds: string[]) {
  return repo.listProgressOf(deps.db, userIds, setIds)
}
