/*
 * `npm run bench:folders`: issue 31's budget on SQLite. GET /api/folders/:id/cards for a folder of
 * 20 sets of 500 cards (10,000 cards): p99 < 20 ms, for the first page, a page in the middle and
 * the last, at the study modes' page size (100) and the largest (500).
 *
 * In-process (one server, one client, sequential requests), as memory-bench.ts. BENCH_REQUESTS
 * sets the requests per case (default 1000).
 */
import { insertBenchSet, measure, startInProcessApp } from './in-process'

const SETS = 20
const CARDS_PER_SET = 500
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000)

const { db, api, account, close } = await startInProcessApp('folders')
const student = await account('benchstudent')
const author = await account('benchauthor')
const T = new Date().toISOString()

// The author's public sets; the student files them in one folder (half directly, half in a sub-folder).
const folder = await api('POST', '/api/folders', student.token, { name: 'Semester 1' })
const inner = await api('POST', '/api/folders', student.token, { name: 'Biology', parentId: folder.id })
for (let set = 0; set < SETS; set++) {
  const setId = `fset${set}`
  await db
    .transaction()
    .execute((trx) => insertBenchSet(trx, { id: setId, ownerId: author.id, index: set, cardCount: CARDS_PER_SET, cardPrefix: `f${set}`, at: T }))
  await api('PUT', `/api/folders/${set < SETS / 2 ? folder.id : inner.id}/sets/${setId}`, student.token)
}
const total = (await api('GET', `/api/folders/${folder.id}/cards?perPage=1`, student.token)).totalItems
if (total !== SETS * CARDS_PER_SET) throw new Error(`the folder has ${total} cards, not ${SETS * CARDS_PER_SET}`)

const cards = (query: string) => () => api('GET', `/api/folders/${folder.id}/cards?${query}`, student.token)
// The floor: one set's cards through GET /api/sets/:id/cards, the same page sizes.
const floor = [
  await measure('GET /api/sets/:id/cards (page 1 of 100, floor)', REQUESTS, () => api('GET', '/api/sets/fset0/cards?perPage=100', student.token)),
  await measure('GET /api/sets/:id/cards (page 1 of 500, floor)', REQUESTS, () => api('GET', '/api/sets/fset0/cards?perPage=500', student.token)),
]
const results = [
  await measure('GET /api/folders/:id/cards (page 1 of 100)', REQUESTS, cards('perPage=100')),
  await measure('GET /api/folders/:id/cards (page 50 of 100)', REQUESTS, cards('perPage=100&page=50')),
  await measure('GET /api/folders/:id/cards (page 100 of 100)', REQUESTS, cards('perPage=100&page=100')),
  await measure('GET /api/folders/:id/cards (page 1 of 500)', REQUESTS, cards('perPage=500')),
  await measure('GET /api/folders/:id/cards (page 11 of 500)', REQUESTS, cards('perPage=500&page=11')),
]
console.log(`floor p99: ${floor.map((row) => row.p99ms).join(' ms, ')} ms`)
console.log(`folder cards p99 < 20 ms: ${results.every((row) => row.p99ms < 20) ? 'met' : 'MISSED'}`)
await close()
