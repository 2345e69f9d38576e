import { type ExpressionBuilder, type Insertable, type QueryCreator, type Selectable, type SqlBool, sql, type Updateable } from 'kysely'
import { compiledQuery, compiledWrite } from '#server/db/compiled-query'
import type { DB } from '#server/db/database'
import type { CardMemoryTable, Database, ReviewLogTable, UserSettingsTable } from '#server/db/schema'
import { readableBy, readableFlag } from '#server/access/readable'

/*
 * The memory model's queries, with Kysely's builder only: they run unchanged on SQLite and
 * PostgreSQL. Times are ISO-8601 text in UTC, so comparing them as text compares them as times.
 */

export type CardMemoryRow = Selectable<CardMemoryTable>
export type ReviewLogRow = Selectable<ReviewLogTable>
export type UserSettingsRow = Selectable<UserSettingsTable>

export async function findSettings(db: DB, userId: string): Promise<UserSettingsRow | undefined> {
  return db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** The settings a PATCH may change, as columns; a field left out is left as it is. */
export type SettingsChange = Pick<Updateable<UserSettingsTable>, 'desired_retention' | 'daily_goal' | 'time_zone' | 'reminder_hour' | 'reminder_token'>

/** Changes some of a student's settings, creating their row (with the default retention) when they have none. */
export async function upsertSettings(db: DB, userId: string, change: SettingsChange, defaultRetention: number, at: string): Promise<void> {
  const changes = { ...change, updated: at }
  await db
    .insertInto('user_settings')
    .values({
      user_id: userId,
      desired_retention: defaultRetention,
      parameters: null,
      parameters_fitted_at: null,
      parameters_review_count: null,
      fit_claimed_at: null,
      ...changes,
      updated: at,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute()
}

/**
 * The minutes (`YYYY-MM-DDTHH:MM`, UTC) the user ever answered in, with the answers in each: what days in any time zone are counted from (every zone's
 * offset is whole minutes), in far fewer rows than the answers.
 */
export async function answerMinutes(db: DB, userId: string) {
  const minute = sql<string>`substr(answered_at, 1, 16)`
  const rows = await db
    .selectFrom('review_log')
    .select([minute.as('minute'), (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_id', '=', userId)
    .groupBy(minute)
    .execute()
  return rows.map((row) => ({ minute: row.minute, answers: Number(row.n) }))
}

/**
 * The card's memory, read with a no-op update so that on PostgreSQL the row stays locked until the
 * transaction ends: two answers to one card then follow each other instead of both starting from
 * the same state. (SQLite runs one write transaction at a time anyway; `FOR UPDATE` does not
 * exist there, and this works on both.)
 */
/** Every column of a settings row and of a memory row: the answer's read names each, prefixed, since both tables have `user_id`. */
const SETTINGS_COLUMNS = [
  'user_id',
  'desired_retention',
  'parameters',
  'parameters_fitted_at',
  'parameters_review_count',
  'fit_claimed_at',
  'updated',
  'daily_goal',
  'time_zone',
  'reminder_hour',
  'reminder_token',
] as const satisfies readonly (keyof UserSettingsRow)[]
const MEMORY_COLUMNS = [
  'user_id',
  'flashcard_id',
  'prompt',
  'study_set_id',
  'stability',
  'difficulty',
  'due',
  'reps',
  'lapses',
  'state',
  'last_review',
  'learning_steps',
  'scheduled_days',
] as const satisfies readonly (keyof CardMemoryRow)[]
// A column added to either table must be added above (the build fails until it is).
const allSettingsColumns: Exclude<keyof UserSettingsRow, (typeof SETTINGS_COLUMNS)[number]> extends never ? true : never = true
const allMemoryColumns: Exclude<keyof CardMemoryRow, (typeof MEMORY_COLUMNS)[number]> extends never ? true : never = true
void allSettingsColumns
void allMemoryColumns

type Prefixed<Row, Prefix extends string> = { [Column in keyof Row & string as `${Prefix}${Column}`]: Row[Column] | null }

/** The columns of `row` that start with `prefix`, without it; undefined when the left join found no row (its key is null). */
function unprefixed<Row>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Row | undefined {
  if (row[`${prefix}user_id`] === null) return undefined
  return Object.fromEntries(columns.map((column) => [column, row[`${prefix}${column}`]])) as Row
}

/**
 * What an answer reads before it writes, in one statement: the student's settings row, their
 * memory of the card prompt and the answer already sent under `clientId` (each null when there is
 * none; a client id is never empty, so '' finds none). Read after the answer's lock
 * (server/db/row-locks.ts), which every writer of a card's memory takes first.
 */
const answerStateQuery = compiledQuery((db: DB, userId: string, cardId: string, prompt: string, clientId: string) =>
  db
    .selectFrom(db.selectNoFrom(sql<number>`1`.as('one')).as('one'))
    .leftJoin('user_settings', (join) => join.on('user_settings.user_id', '=', userId))
    .leftJoin('card_memory', (join) =>
      join.on('card_memory.user_id', '=', userId).on('card_memory.flashcard_id', '=', cardId).on('card_memory.prompt', '=', prompt),
    )
    .leftJoin('review_log', (join) => join.on('review_log.user_id', '=', userId).on('review_log.client_id', '=', clientId))
    .select([
      ...SETTINGS_COLUMNS.map((column) => `user_settings.${column} as settings_${column}` as const),
      ...MEMORY_COLUMNS.map((column) => `card_memory.${column} as memory_${column}` as const),
      'review_log.id as sent_id',
      'review_log.response as sent_response',
    ])
    .$castTo<Prefixed<UserSettingsRow, 'settings_'> & Prefixed<CardMemoryRow, 'memory_'> & { sent_id: string | null; sent_response: string | null }>(),
)

export async function findAnswerState(db: DB, userId: string, cardId: string, prompt: string, clientId: string | undefined) {
  const row = await answerStateQuery.first(db, userId, cardId, prompt, clientId ?? '')
  if (!row) throw new Error('a select from one row returned none')
  return {
    settingsRow: unprefixed<UserSettingsRow>(row, 'settings_', SETTINGS_COLUMNS),
    memoryRow: unprefixed<CardMemoryRow>(row, 'memory_', MEMORY_COLUMNS),
    sent: row.sent_id === null ? undefined : { response: row.sent_response },
  }
}

export async function lockCardMemory(db: DB, userId: string, cardId: string, prompt: string): Promise<CardMemoryRow | undefined> {
  return db
    .updateTable('card_memory')
    .set((eb) => ({ reps: eb.ref('reps') }))
    .where('user_id', '=', userId)
    .where('flashcard_id', '=', cardId)
    .where('prompt', '=', prompt)
    .returningAll()
    .executeTakeFirst()
}

const cardMemoryUpsert = compiledWrite((db: DB, row: Insertable<CardMemoryTable>) => {
  const { user_id: _user, flashcard_id: _card, prompt: _prompt, ...changes } = row
  return db
    .insertInto('card_memory')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'flashcard_id', 'prompt']).doUpdateSet(changes))
})

export async function upsertCardMemory(db: DB, row: Insertable<CardMemoryTable>): Promise<void> {
  await cardMemoryUpsert.all(db, row)
}

const reviewInsert = compiledWrite((db: DB, row: Insertable<ReviewLogTable>) =>
  db
    .insertInto('review_log')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing())
    .returning('id'),
)

/** Inserts a log row; false when the user already sent this client id (the row is not inserted). */
export async function insertReview(db: DB, row: Insertable<ReviewLogTable>): Promise<boolean> {
  return (await reviewInsert.first(db, row)) !== undefined
}

export async function findReviewByClientId(db: DB, userId: string, clientId: string) {
  return db.selectFrom('review_log').select(['id', 'response']).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst()
}

/** A card prompt's reviews by one student, oldest first: what its memory is replayed from. */
export async function listCardReviews(db: DB, userId: string, cardId: string, prompt: string) {
  return db
    .selectFrom('review_log')
    .select(['id', 'rating', 'answered_at'])
    .where('user_id', '=', userId)
    .where('flashcard_id', '=', cardId)
    .where('prompt', '=', prompt)
    .orderBy('answered_at')
    .orderBy('received_at')
    .execute()
}

export async function updateReviewFields(
  db: DB,
  id: string,
  fields: Pick<ReviewLogRow, 'state' | 'elapsed_days' | 'scheduled_days' | 'stability' | 'difficulty' | 'due'>,
) {
  await db.updateTable('review_log').set(fields).where('id', '=', id).execute()
}

/** The caller's memory of a set's cards. */
/**
 * The user's memory rows of a set while they may read it (none otherwise), each with the settings
 * that shape their view (`settings_*`, null without a settings row): one statement.
 */
export async function listReadableSetMemory(
  db: DB,
  userId: string,
  setId: string,
): Promise<(CardMemoryRow & { settings_desired_retention: number | null; settings_parameters: string | null })[]> {
  return readableMemory(db, userId)
    .leftJoin('user_settings', 'user_settings.user_id', 'card_memory.user_id')
    .selectAll('card_memory')
    .select(['user_settings.desired_retention as settings_desired_retention', 'user_settings.parameters as settings_parameters'])
    .where('card_memory.study_set_id', '=', setId)
    .execute()
}

/** Where a query starts: the database, or a statement it is a subquery of. */
type Source = Pick<QueryCreator<Database>, 'selectFrom'>

/** The cards of one set (`=`) or of some (`IN`; an empty list matches nothing). */
function inScope(eb: ExpressionBuilder<Database, 'card_memory'>, scope: string | string[]) {
  return typeof scope === 'string' ? eb('card_memory.study_set_id', '=', scope) : eb('card_memory.study_set_id', 'in', scope.length > 0 ? scope : [''])
}

/** Memory rows of cards in sets the user may read. */
function readableMemory(db: Source, userId: string) {
  return db
    .selectFrom('card_memory')
    .innerJoin('study_sets', 'study_sets.id', 'card_memory.study_set_id')
    .where('card_memory.user_id', '=', userId)
    .where((eb) => readableBy(eb as unknown as ExpressionBuilder<Database, 'study_sets'>, userId))
}

/**
 * How many of the user's cards are due at or before `now` and at or before `until` (later), in
 * every set, one or some: each a count over a range of the (user_id, due, ...) indexes, without
 * touching the rows (measured 3 ms for 33,000 due of 100,000; grouping by set cost 20 ms).
 * `until` is compared as text, as the ISO times are stored.
 */
export async function countDue(db: DB, userId: string, now: string, until: string, scope?: string | string[]) {
  return dueTotals(await db.selectNoFrom((eb) => dueColumns(eb, userId, now, until, scope)).executeTakeFirstOrThrow())
}

/**
 * The due counts as two columns of one statement: due by `now`, and due after it by `until` (0 when
 * `until` is not later). The cards falling due between the two are few: counted on their own short
 * range (two scalar subqueries, each a range of the index).
 */
function dueColumns(db: Source, userId: string, now: string, until: string, scope: string | string[] | undefined) {
  const later = until > now ? dueCount(db, userId, now, until, scope) : sql<number>`0`
  return [dueCount(db, userId, undefined, now, scope).as('due_now'), later.as('due_later')] as const
}

/** What `dueColumns` read: due now, and due by `until` in all. */
function dueTotals(row: { due_now: unknown; due_later: unknown }) {
  const dueNow = Number(row.due_now)
  return { dueNow, dueUntil: dueNow + Number(row.due_later) }
}

/** How many of the user's cards of the scope fall due after `after` (when given) and by `before`: a range of the (user_id, due) index. */
function dueCount(db: Source, userId: string, after: string | undefined, before: string, scope?: string | string[]) {
  let query = db
    .selectFrom('card_memory')
    .select((count) => count.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('due', '<=', before)
  if (after !== undefined) query = query.where('due', '>', after)
  return scope === undefined ? query : query.where((eb) => inScope(eb, scope))
}

/** How many answers the user gave from `from` (included) until `to` (excluded, when given): a range of the (user_id, answered_at) index. */
function answerCount(db: Source, userId: string, from: string, to?: string) {
  const query = db
    .selectFrom('review_log')
    .select((count) => count.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('answered_at', '>=', from)
  return to === undefined ? query : query.where('answered_at', '<', to)
}

/** The first due time after `after` of the user's cards of the scope in sets they may read. */
function firstDueAfter(db: Source, userId: string, after: string, scope?: string | string[]) {
  const query = readableMemory(db, userId)
    .where('card_memory.due', '>', after)
    .select((eb) => eb.fn.min<string | null>('card_memory.due').as('next'))
  return scope === undefined ? query : query.where((eb) => inScope(eb, scope))
}

/** The times a summary counts within: due by `now`, then by `until`; answers since `reviewedSince` and within `goal`. */
export interface SummaryTimes {
  now: string
  until: string
  reviewedSince: string
  goal: { from: string; to: string }
}

/** What a summary statement read, as numbers. */
function summaryTotals(row: { due_now: unknown; due_later: unknown; reviewed: unknown; done: unknown; next_due: unknown }) {
  return { ...dueTotals(row), reviewedToday: Number(row.reviewed), doneToday: Number(row.done), nextDue: (row.next_due as string | null) ?? null }
}

/**
 * The header's and the Review page's numbers in one statement, each a scalar subquery over a range
 * of an index: the cards due by `now` and those due after it by `until`, the answers since
 * `reviewedSince` (the UTC day) and within `goal` (the student's own day), and the first due time
 * after `now` of a card the user may read. Scope: one set or some (a folder's), readable already;
 * every set is `summaryOfEverySet`.
 */
export async function summaryCounts(db: DB, userId: string, at: SummaryTimes & { scope: string | string[] }) {
  const row = await db
    .selectNoFrom((eb) => [
      ...dueColumns(eb, userId, at.now, at.until, at.scope),
      answerCount(eb, userId, at.reviewedSince).as('reviewed'),
      answerCount(eb, userId, at.goal.from, at.goal.to).as('done'),
      firstDueAfter(eb, userId, at.now, at.scope).as('next_due'),
    ])
    .executeTakeFirstOrThrow()
  return summaryTotals(row)
}

/**
 * `summaryCounts` over every set the user may read, in one statement built once: the header's
 * count after every answer. The due counts are over all the user's cards, less those of the studied
 * sets they may no longer read (`unreadableStudied`, few or none: a count per such set, over its
 * range of the (user_id, study_set_id, due) index, so the common case never joins a card state to
 * its set). `until` is not before `now`, so the later count is empty when they are equal.
 */
const everySetSummary = compiledQuery((db: DB, userId: string, now: string, until: string, reviewedSince: string, goalFrom: string, goalTo: string) =>
  unreadableStudied(db, userId).selectNoFrom((eb) => {
    // The counts are built over `card_memory` alone; the statement around them also has the `unreadable` table.
    const source = eb as unknown as Source
    const ofUnreadableSet = sql<SqlBool>`${sql.ref('card_memory.study_set_id')} = ${sql.ref('unreadable.id')}`
    const goneBy = (after: string | undefined, before: string) =>
      eb.fn.coalesce(
        eb.selectFrom('unreadable').select((gone) => gone.fn.sum<number | string>(dueCount(source, userId, after, before).where(ofUnreadableSet)).as('n')),
        sql<number>`0`,
      )
    return [
      eb(dueCount(source, userId, undefined, now), '-', goneBy(undefined, now)).as('due_now'),
      eb(dueCount(source, userId, now, until), '-', goneBy(now, until)).as('due_later'),
      answerCount(source, userId, reviewedSince).as('reviewed'),
      answerCount(source, userId, goalFrom, goalTo).as('done'),
      firstDueAfter(source, userId, now).as('next_due'),
    ]
  }),
)

export async function summaryOfEverySet(db: DB, userId: string, at: SummaryTimes) {
  const row = await everySetSummary.first(db, userId, at.now, at.until, at.reviewedSince, at.goal.from, at.goal.to)
  if (!row) throw new Error('a select without from returned no row')
  return summaryTotals(row)
}

/**
 * Of the sets the user has a memory of any card in, those they may no longer read (made private
 * since, or taken off their class): few or none. The studied sets are found by a loose scan of the
 * (user_id, study_set_id, due) index, one seek per set (a recursive query asking for the next set
 * id each time), instead of reading every card state; the reading rule is asked of them in the
 * same statement.
 */
export async function unreadableStudiedSetIds(db: DB, userId: string): Promise<string[]> {
  const rows = await unreadableStudied(db, userId).selectFrom('unreadable').select('unreadable.id').execute()
  return rows.map((row) => row.id)
}

/** `unreadableStudiedSetIds` as a common table expression, `unreadable(id)`, for a statement to build on. */
function unreadableStudied(db: DB, userId: string) {
  return db
    .withRecursive('studied(id)', (cte) =>
      cte
        .selectFrom('card_memory')
        .select((eb) => eb.fn.min<string | null>('study_set_id').as('id'))
        .where('user_id', '=', userId)
        .unionAll((union) =>
          union
            .selectFrom('studied')
            .select((eb) =>
              eb
                .selectFrom('card_memory')
                .select((inner) => inner.fn.min<string | null>('card_memory.study_set_id').as('next'))
                .where('card_memory.user_id', '=', userId)
                .whereRef('card_memory.study_set_id', '>', 'studied.id')
                .as('id'),
            )
            .where('studied.id', 'is not', null),
        ),
    )
    .with('unreadable(id)', (cte) =>
      cte
        .selectFrom('studied')
        .innerJoin('study_sets', 'study_sets.id', 'studied.id')
        .select('study_sets.id')
        .where((eb) => eb.not(readableBy(eb as unknown as ExpressionBuilder<Database, 'study_sets'>, userId))),
    )
}

/** The user's answers from `from` (included) to `to` (excluded): a range of the (user_id, answered_at) index. */
export async function countReviewsBetween(db: DB, userId: string, from: string, to: string): Promise<number> {
  return Number((await answerCount(db, userId, from, to).executeTakeFirstOrThrow()).n)
}

export async function countReviews(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom('review_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Due cards (due at or before `before`), most overdue first, then the least stable: the
 * (user_id, due) index gives the order. Only cards of sets the user may still read.
 */
export async function listDue(db: DB, userId: string, before: string, setIds: string | string[] | undefined, limit: number, offset: number) {
  let query = readableMemory(db, userId).innerJoin('flashcards', 'flashcards.id', 'card_memory.flashcard_id').where('card_memory.due', '<=', before)
  if (setIds !== undefined) query = query.where((eb) => inScope(eb, setIds))
  return query
    .select([
      'flashcards.id',
      'card_memory.prompt',
      'study_sets.id as set_id',
      'study_sets.title as set_title',
      'study_sets.term_language as set_term_language',
      'study_sets.definition_language as set_definition_language',
      'card_memory.due',
      'card_memory.stability',
      'card_memory.last_review',
    ])
    .orderBy('card_memory.due')
    .orderBy('card_memory.stability')
    .orderBy('card_memory.flashcard_id')
    .orderBy('card_memory.prompt')
    .limit(limit)
    .offset(offset)
    .execute()
}

/** The user's reviews since a time, for the per-day chart (grouped by day in the service). */
export async function listReviewTimesSince(db: DB, userId: string, since: string) {
  return db.selectFrom('review_log').select(['answered_at', 'correct']).where('user_id', '=', userId).where('answered_at', '>=', since).execute()
}

/** Due times and stability of the user's readable cards, for the forecast and the retention. */
export async function listReadableMemory(db: DB, userId: string) {
  return readableMemory(db, userId).select(['card_memory.due', 'card_memory.stability', 'card_memory.last_review']).execute()
}

/** The whole log of a user for the CSV, oldest first, with each card's term and set title and whether the user may still read the set. */
export async function listLogForExport(db: DB, userId: string) {
  return db
    .selectFrom('review_log')
    .innerJoin('flashcards', 'flashcards.id', 'review_log.flashcard_id')
    .innerJoin('study_sets', 'study_sets.id', 'review_log.study_set_id')
    .select([
      'review_log.answered_at',
      'review_log.flashcard_id',
      'review_log.prompt',
      'review_log.study_set_id',
      'study_sets.title',
      'flashcards.term',
      'review_log.mode',
      'review_log.question',
      'review_log.outcome',
      'review_log.correct',
      'review_log.rating',
      'review_log.state',
      'review_log.elapsed_days',
      'review_log.scheduled_days',
      'review_log.stability',
      'review_log.difficulty',
      'review_log.due',
      'review_log.duration_ms',
    ])
    .select((eb) => readableFlag(eb, userId).as('readable'))
    .where('review_log.user_id', '=', userId)
    .orderBy('review_log.answered_at')
    .orderBy('review_log.received_at')
    .execute()
}

/** Per user and set, of these users and sets: the user's cards of that set due by `until`. */
export async function countDueByUserAndSet(db: DB, userIds: string[], setIds: string[], until: string) {
  if (userIds.length === 0 || setIds.length === 0) return []
  const rows = await db
    .selectFrom('card_memory')
    .select(['user_id', 'study_set_id', (eb) => eb.fn.countAll<number | string>().as('due')])
    .where('user_id', 'in', userIds)
    .where('study_set_id', 'in', setIds)
    .where('due', '<=', until)
    .groupBy(['user_id', 'study_set_id'])
    .execute()
  return rows.map((row) => ({ userId: row.user_id, setId: row.study_set_id, due: Number(row.due) }))
}

/**
 * Per user and card of these users and sets, the first and last answer in any mode (the review
 * log holds every answer, Flashcards and Match included). A class's progress asks it.
 */
export async function listAnswerSpans(db: DB, userIds: string[], setIds: string[]) {
  if (userIds.length === 0 || setIds.length === 0) return []
  return db
    .selectFrom('review_log')
    .select((eb) => ['user_id', 'study_set_id', 'flashcard_id', eb.fn.min('answered_at').as('first_at'), eb.fn.max('answered_at').as('last_at')])
    .where('user_id', 'in', userIds)
    .where('study_set_id', 'in', setIds)
    .groupBy(['user_id', 'study_set_id', 'flashcard_id'])
    .execute()
}
