import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bundleServer, call, SOAK, type ServerProcess, signUp, spawnServer } from './server-process'

/**
 * Crash safety: the real server is killed with SIGKILL at a random moment while writes pour in
 * (new sets, cards added to them, 50-card imports) on several connections, then restarted; every
 * write that was answered 2xx must still be there, the database must pass `integrity_check` and
 * `foreign_key_check`, and every set must be whole (card_count equals its cards, positions 1..n:
 * an import or a card add is one transaction, never half there).
 *
 * Rounds alternate DB_SYNCHRONOUS=full and normal: both must survive a process crash (they differ
 * only on power loss, which a test cannot cause). `npm test` runs 5 kills; `npm run soak`, 50.
 */

const KILLS = SOAK ? 50 : 5
const LANES = 6
const IMPORT_CARDS = 50

let bundle: Awaited<ReturnType<typeof bundleServer>>
let dataDir: string
let running: ServerProcess | undefined
const agent = new http.Agent({ keepAlive: true, maxSockets: LANES })

beforeAll(async () => {
  bundle = await bundleServer()
  dataDir = mkdtempSync(path.join(tmpdir(), 'cardwise-kill-'))
}, 60_000)

afterAll(() => {
  running?.child.kill('SIGKILL')
  agent.destroy()
  bundle.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Every write the server answered 2xx, by kind. */
interface Acknowledged {
  sets: Set<string>
  /** card id -> the set it was added to */
  cards: Map<string, string>
}

const importCards = Array.from({ length: IMPORT_CARDS }, (_, i) => ({ term: `Term ${i + 1}`, definition: `Definition of term ${i + 1}` }))

/** One lane: writes until `isDead()` says the server is being killed; a failure before that fails the test. */
async function writeUntilKilled(url: string, token: string, lane: number, round: number, acked: Acknowledged, isDead: () => boolean) {
  const setIds = () => [...acked.sets]
  for (let n = 0; !isDead(); n++) {
    const pick = Math.random()
    const known = setIds()
    try {
      if (pick < 0.25 || known.length === 0) {
        const answer = await call(agent, url, 'POST', '/api/sets', { title: `R${round} L${lane} #${n}`, tags: 'crash' }, token)
        if (answer.status === 201) acked.sets.add(answer.body.id)
        else if (!isDead()) throw new Error(`create set answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      } else if (pick < 0.85) {
        const setId = known[Math.floor(Math.random() * known.length)]!
        const answer = await call(agent, url, 'POST', `/api/sets/${setId}/cards`, { term: `Term ${n}`, definition: `Lane ${lane}, round ${round}` }, token)
        if (answer.status === 201) acked.cards.set(answer.body.id, setId)
        else if (!isDead()) throw new Error(`add card answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      } else {
        const answer = await call(agent, url, 'POST', '/api/sets/import', { title: `Import R${round} L${lane} #${n}`, cards: importCards }, token)
        if (answer.status === 201) acked.sets.add(answer.body.id)
        else if (!isDead()) throw new Error(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      }
    } catch (error) {
      // Connection refused or reset: expected only once the kill has been sent.
      if (!isDead()) throw error
    }
  }
}

/** Checks the database file (read while the restarted server has it open, as WAL allows). */
function checkDatabase(acked: Acknowledged): { sets: number; cards: number } {
  const db = new SQLite(path.join(dataDir, 'cardwise.db'), { readonly: true })
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(db.pragma('foreign_key_check')).toEqual([])
    const sets = db
      .prepare(
        `SELECT s.id, s.card_count AS cardCount, COUNT(f.id) AS cards, COALESCE(MIN(f.position), 1) AS first,
                COALESCE(MAX(f.position), 0) AS last, COUNT(DISTINCT f.position) AS positions
           FROM study_sets s LEFT JOIN flashcards f ON f.study_set_id = s.id GROUP BY s.id`,
      )
      .all() as Array<{ id: string; cardCount: number; cards: number; first: number; last: number; positions: number }>
    for (const set of sets) {
      expect(set, `set ${set.id} is not whole`).toEqual({ id: set.id, cardCount: set.cards, cards: set.cards, first: 1, last: set.cards, positions: set.cards })
    }
    const stored = new Set(sets.map((set) => set.id))
    for (const id of acked.sets) expect(stored.has(id), `acknowledged set ${id} is missing`).toBe(true)
    const cardSet = db.prepare('SELECT study_set_id AS setId FROM flashcards WHERE id = ?')
    for (const [cardId, setId] of acked.cards) {
      expect((cardSet.get(cardId) as { setId: string } | undefined)?.setId, `acknowledged card ${cardId} is missing`).toBe(setId)
    }
    return { sets: sets.length, cards: sets.reduce((sum, set) => sum + set.cards, 0) }
  } finally {
    db.close()
  }
}

it(
  `keeps every acknowledged write across ${KILLS} kill -9 crashes under concurrent writes`,
  async () => {
    const acked: Acknowledged = { sets: new Set(), cards: new Map() }
    const log: string[] = []
    let token = ''
    for (let round = 0; round <= KILLS; round++) {
      const synchronous = round % 2 === 0 ? 'full' : 'normal'
      running = await spawnServer(bundle.entry, dataDir, { DB_SYNCHRONOUS: synchronous })
      const { url } = running
      if (round === 0) token = await signUp(agent, url, 'crashtester')
      else {
        // Restarted after a kill: everything acknowledged before it is there, through the API too.
        const totals = checkDatabase(acked)
        const lastSet = [...acked.sets].at(-1)!
        expect((await call(agent, url, 'GET', `/api/sets/${lastSet}`, undefined, token)).status).toBe(200)
        log.push(
          `after kill ${round}: ${acked.sets.size} sets and ${acked.cards.size} card adds acknowledged; stored ${totals.sets} sets, ${totals.cards} cards`,
        )
      }
      if (round === KILLS) break

      const server = running
      let dead = false
      const before = acked.sets.size + acked.cards.size
      let failure: unknown
      const lanes = Array.from({ length: LANES }, (_, lane) =>
        writeUntilKilled(url, token, lane, round, acked, () => dead).catch((error: unknown) => {
          failure ??= error
        }),
      )
      // Once this round has written something, kill at a random moment with writes in flight.
      const deadline = Date.now() + 10_000
      while (acked.sets.size + acked.cards.size === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5))
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 750))
      dead = true
      server.child.kill('SIGKILL')
      await server.exited
      running = undefined
      await Promise.all(lanes)
      if (failure) throw failure
      // Sockets to the dead server are useless now.
      agent.destroy()
    }
    running?.child.kill('SIGTERM')
    await running?.exited
    running = undefined
    console.log(log.join('\n'))
    expect(acked.cards.size).toBeGreaterThan(0)
  },
  SOAK ? 900_000 : 90_000,
)
