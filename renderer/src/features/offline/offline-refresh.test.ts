import { describe, expect, it } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ProgressItem } from '#shared/api/study'
import type { CachedSet } from './offline-db'
import { cardsStale, keptBefore, type RefreshDeps, refreshKept, withAnswerRecord } from './offline-refresh'
import type { AnswerRecord } from '#shared/api/memory'

const card = (id: string, term = id) => ({ id, term, definition: `${term}!` }) as unknown as Flashcard
const set = (id: string, updated: string, cardCount: number) => ({ id, title: id, updated, cardCount }) as unknown as StudySet
const copy = (fresh: StudySet, cards: Flashcard[]): CachedSet => ({
  setId: fresh.id,
  owner: 'u1',
  set: fresh,
  cards,
  progress: null,
  openedAt: 1,
  pinned: false,
})

class Gone extends Error {}

/** A fake server holding `sets` (with their cards and progress), and a device recording what it was told. */
function harness(server: Map<string, { set: StudySet; cards: Flashcard[]; progress: ProgressItem[] }>, { networkDownAfter = Infinity } = {}) {
  const calls: string[] = []
  const device = { cards: new Map<string, string[]>(), progress: new Map<string, number>(), forgotten: [] as string[] }
  let answered = 0
  const reach = <T>(call: string, read: () => T): Promise<T> => {
    calls.push(call)
    if (answered++ >= networkDownAfter) return Promise.reject(new TypeError('Failed to fetch'))
    return Promise.resolve().then(read)
  }
  const entry = (id: string) => {
    const found = server.get(id)
    if (!found) throw new Gone()
    return found
  }
  const deps: RefreshDeps = {
    fetchSet: (id) => reach(`set ${id}`, () => entry(id).set),
    fetchCards: (id) => reach(`cards ${id}`, () => entry(id).cards),
    fetchProgress: (id) => reach(`progress ${id}`, () => entry(id).progress),
    replaceCards: async (fresh, cards) =>
      void device.cards.set(
        fresh.id,
        cards.map((item) => item.term),
      ),
    replaceProgress: async (id, progress) => void device.progress.set(id, progress.length),
    forget: async (id) => void device.forgotten.push(id),
    isGone: (error) => error instanceof Gone,
  }
  return { calls, device, deps }
}

const progress = (count: number) => Array.from({ length: count }, (_, index) => ({ cardId: `c${index}` }) as unknown as ProgressItem)

describe('refreshing the kept sets in the background', () => {
  it('reads again the cards of a set changed on the server only, and everyone progress', async () => {
    const changed = set('changed', '2026-11-27T10:00:00.000Z', 2)
    const same = set('same', '2026-11-20T10:00:00.000Z', 2)
    const server = new Map([
      ['changed', { set: { ...changed, updated: '2026-11-27T11:00:00.000Z' }, cards: [card('a', 'Atom'), card('c', 'Cation')], progress: progress(1) }],
      ['same', { set: same, cards: [card('x'), card('y')], progress: progress(2) }],
    ])
    const h = harness(server)
    const report = await refreshKept([copy(changed, [card('a', 'Atom'), card('b', 'Bond')]), copy(same, [card('x'), card('y')])], h.deps)
    expect(report).toEqual({ cardsRead: ['changed'], forgotten: [], stopped: false })
    expect(h.calls).toEqual(['set changed', 'cards changed', 'progress changed', 'set same', 'progress same'])
    expect(Object.fromEntries(h.device.cards)).toEqual({ changed: ['Atom', 'Cation'] })
    expect(Object.fromEntries(h.device.progress)).toEqual({ changed: 1, same: 2 })
  })

  it('removes from the device a set the server no longer shows the student, and goes on', async () => {
    const gone = set('gone', 't1', 1)
    const other = set('other', 't1', 1)
    const h = harness(new Map([['other', { set: other, cards: [card('o')], progress: [] }]]))
    const report = await refreshKept([copy(gone, [card('g')]), copy(other, [card('o')])], h.deps)
    expect(report).toEqual({ cardsRead: [], forgotten: ['gone'], stopped: false })
    expect(h.device.forgotten).toEqual(['gone'])
    expect(h.calls).toEqual(['set gone', 'set other', 'progress other'])
  })

  it('stops at a network failure, changing nothing more (the next round takes it up)', async () => {
    const first = set('first', 't2', 1)
    const second = set('second', 't2', 1)
    const server = new Map([
      ['first', { set: first, cards: [card('f')], progress: [] }],
      ['second', { set: second, cards: [card('s')], progress: [] }],
    ])
    const h = harness(server, { networkDownAfter: 1 })
    const report = await refreshKept([copy(set('first', 't1', 1), [card('f')]), copy(set('second', 't1', 1), [card('s')])], h.deps)
    expect(report).toEqual({ cardsRead: [], forgotten: [], stopped: true })
    expect(h.device).toEqual({ cards: new Map(), progress: new Map(), forgotten: [] })
  })

  it('counts a copy as stale when the time, the count or a short copy (Match kept 50 cards) says so', () => {
    const kept = copy(set('s', 't1', 3), [card('a'), card('b'), card('c')])
    expect(cardsStale(kept, { updated: 't1', cardCount: 3 })).toBe(false)
    expect(cardsStale(kept, { updated: 't2', cardCount: 3 })).toBe(true)
    expect(cardsStale(kept, { updated: 't1', cardCount: 4 })).toBe(true)
    expect(cardsStale({ ...kept, cards: [card('a')] }, { updated: 't1', cardCount: 3 })).toBe(true)
  })
})

describe('the kept progress after an answer the server took', () => {
  const memory = (due: string) => ({ due, stability: 1, difficulty: 5, retrievability: 0.9, state: 'review', reps: 1, lapses: 0, lastReview: due }) as const
  const counts = (cardId: string, prompt: string, attempts: number) =>
    ({ cardId, prompt, correct: attempts, incorrect: 0, attempts, masteryRate: 1, status: 'learning', lastReviewed: 'now' }) as const
  const record = (cardId: string, prompt: string, attempts: number | null, due: string): AnswerRecord => ({
    cardId,
    prompt,
    progress: attempts === null ? null : counts(cardId, prompt, attempts),
    memory: memory(due),
  })

  it("replaces the card prompt's item, adds a new one, and leaves the others", () => {
    const kept: ProgressItem[] = [
      { ...counts('a', 'f', 1), memory: memory('d1') },
      { ...counts('a', 'r', 1), memory: memory('d1') },
    ]
    expect(withAnswerRecord(kept, record('a', 'f', 2, 'd2'))).toEqual([{ ...counts('a', 'f', 2), memory: memory('d2') }, kept[1]])
    expect(withAnswerRecord(kept, record('b', 'f', 1, 'd3'))).toEqual([...kept, { ...counts('b', 'f', 1), memory: memory('d3') }])
  })

  it("moves only the memory on a Flashcards answer, and nothing when the copy's progress was never read", () => {
    const kept: ProgressItem[] = [{ ...counts('a', 'f', 1), memory: memory('d1') }]
    expect(withAnswerRecord(kept, record('a', 'f', null, 'd2'))).toEqual([{ ...counts('a', 'f', 1), memory: memory('d2') }])
    expect(withAnswerRecord(kept, record('b', 'f', null, 'd2'))).toEqual(kept)
    expect(withAnswerRecord(null, record('a', 'f', 1, 'd2'))).toBeNull()
  })
})

describe('keptBefore', () => {
  it('leaves out the copies read from the server after the refresh was asked for', () => {
    const kept = [
      { setId: 'old', openedAt: 1_000 },
      { setId: 'asked-at', openedAt: 2_000 },
      { setId: 'just-opened', openedAt: 2_001 },
    ]
    expect(keptBefore(kept, 2_000).map((copy) => copy.setId)).toEqual(['old'])
    expect(keptBefore(kept, 5_000)).toHaveLength(3)
  })
})
