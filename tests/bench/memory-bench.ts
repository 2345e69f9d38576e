/*
 * `npm run bench:memory`: the memory routes' budgets of issue 15 on SQLite.
 * - GET /api/review/due and GET /api/review/summary (the header count): p99 < 10 ms for a student
 *   with 100,000 card states (a third of them due).
 * - POST /api/sets/:id/answers: CPU per request, beside POST /api/sets/:id/match-results (one
 *   insert after the same auth and set check: the floor of a study write) measured in the same run.
 *
 * In-process (one server, one client, sequential requests): latency is the server's time plus
 * loopback fetch. A separate file from tests/bench/run.mjs so the two can change apart; BENCH_CARDS
 * sets the number of card states (default 100000), BENCH_REQUESTS the requests per route (1000).
 */
import { insertBenchSet, measure as measureRoute, startInProcessApp } from './in-process'

const CARDS = Number(process.env.BENCH_CARDS ?? 100_000)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)
const CARDS_PER_SET = 500
const DAY = 86_400_000

const { db, api, account, close } = await startInProcessApp('memory')

const student = await account('benchstudent')
const author = await account('benchauthor')

// Seed: public sets of the author's with their cards, and the student's memory of every card,
// due dates spread from 30 days ago to 60 days ahead (a third due now).
const seedStarted = performance.now()
const now = Date.now()
const T = new Date(now).toISOString()
let firstSet = ''
let firstCard = ''
for (let set = 0; set * CARDS_PER_SET < CARDS; set++) {
  const setId = `bset${set}`
  if (set === 0) firstSet = setId
  await db.transaction().execute(async (trx) => {
    const cards = await insertBenchSet(trx, {
      id: setId,
      ownerId: author.id,
      index: set,
      cardCount: Math.min(CARDS_PER_SET, CARDS - set * CARDS_PER_SET),
      cardPrefix: `b${set}`,
      at: T,
    })
    if (set === 0) firstCard = cards[0]?.id ?? ''
    const states = cards.map((card, i) => {
      const due = now + (((set * CARDS_PER_SET + i) * 7919) % (90 * DAY)) - 30 * DAY
      return {
        user_id: student.id,
        flashcard_id: card.id,
        study_set_id: setId,
        stability: 1 + (i % 50),
        difficulty: 5,
        due: new Date(due).toISOString(),
        reps: 3,
        lapses: 0,
        state: 2,
        last_review: new Date(due - 10 * DAY).toISOString(),
        learning_steps: 0,
        scheduled_days: 10,
      }
    })
    for (let i = 0; i < states.length; i += 100)
      await trx
        .insertInto('card_memory')
        .values(states.slice(i, i + 100))
        .execute()
  })
}
console.log(`seeded ${CARDS} card states in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`)

const measure = (name: string, send: (i: number) => Promise<unknown>) => measureRoute(name, REQUESTS, send)

const results = [
  await measure('GET /api/review/summary', () => api('GET', '/api/review/summary', student.token)),
  await measure('GET /api/review/due', () => api('GET', '/api/review/due', student.token)),
  await measure('GET /api/review/due?setId', () => api('GET', `/api/review/due?setId=${firstSet}`, student.token)),
  await measure('POST /api/sets/:id/match-results (floor)', () =>
    api('POST', `/api/sets/${firstSet}/match-results`, student.token, { timeTaken: 30, correctMatches: 5, incorrectMatches: 1 }),
  ),
  await measure('POST /api/sets/:id/answers', (i) =>
    api('POST', `/api/sets/${firstSet}/answers`, student.token, { cardId: `b0c${i % CARDS_PER_SET}`, mode: 'learn', correct: i % 3 !== 0 }),
  ),
  await measure('POST /api/sets/:id/answers (clientId)', (i) =>
    api('POST', `/api/sets/${firstSet}/answers`, student.token, { cardId: firstCard, mode: 'write', correct: true, clientId: `bench-${i}` }),
  ),
]
const budget = results.filter((row) => row.route.startsWith('GET')).every((row) => row.p99ms < 10)
console.log(`due list and summary p99 < 10 ms: ${budget ? 'met' : 'MISSED'}`)

await close()
