import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { createAnswerQueue } from './answer-queue'
import { clearOfflineDb, idbQueueStore, RECENT_SETS_KEPT, readCachedSet, writeCachedRecords, writeCachedSet } from './offline-db'

const aSet = (id: string, cardCount = 2) => ({ id, title: id, cardCount }) as unknown as StudySet
const cards = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `c${index}` }) as unknown as Flashcard)

describe('the offline database (IndexedDB)', () => {
  it('keeps the 20 sets opened last and every set marked "Available offline"', async () => {
    await clearOfflineDb()
    await writeCachedSet('u1', aSet('pinned'), cards(2))
    await writeCachedRecords('u1', 'pinned', { pinned: true })
    for (let index = 0; index < RECENT_SETS_KEPT + 3; index++) await writeCachedSet('u1', aSet(`s${index}`), cards(2))
    expect(await readCachedSet('u1', 'pinned')).toBeDefined()
    expect(await readCachedSet('u1', 's0')).toBeUndefined()
    expect(await readCachedSet('u1', 's2')).toBeUndefined()
    expect(await readCachedSet('u1', 's3')).toBeDefined()
    expect(await readCachedSet('u1', `s${RECENT_SETS_KEPT + 2}`)).toBeDefined()
  })

  it("does not replace a fuller copy with a shorter read, and never gives one user another's set", async () => {
    await clearOfflineDb()
    await writeCachedSet('u1', aSet('s', 80), cards(80))
    await writeCachedSet('u1', aSet('s', 80), cards(50))
    expect((await readCachedSet('u1', 's'))?.cards).toHaveLength(80)
    expect(await readCachedSet('u2', 's')).toBeUndefined()
  })

  it('keeps queued answers in order across a new queue (a reopened tab) and clears them on sign-out', async () => {
    await clearOfflineDb()
    const sent: string[] = []
    const first = createAnswerQueue({ store: idbQueueStore, send: async () => ({ ok: false, failure: { status: 0 } }) })
    for (const id of ['a', 'b', 'c']) await first.enqueue({ owner: 'u1', kind: 'answer', setId: 's', body: { clientId: id } })
    await first.flush('u1')
    const reopened = createAnswerQueue({
      store: idbQueueStore,
      send: async (item) => {
        sent.push(item.body.clientId)
        return { ok: true }
      },
    })
    expect(await reopened.flush('u1', { ignoreBackoff: true })).toBe('empty')
    expect(sent).toEqual(['a', 'b', 'c'])
    await reopened.enqueue({ owner: 'u1', kind: 'answer', setId: 's', body: { clientId: 'd' } })
    await clearOfflineDb()
    expect(await reopened.count('u1')).toBe(0)
  })
})

describe('records kept with a set (progress, stars)', () => {
  it('are not lost when they are written while the set itself is being kept', async () => {
    for (let round = 0; round < 20; round++) {
      await clearOfflineDb()
      await Promise.all([
        writeCachedRecords('u1', 's', { starred: ['c1'] }),
        writeCachedSet('u1', aSet('s'), cards(2)),
        writeCachedRecords('u1', 's', { progress: [] }),
      ])
      const kept = await readCachedSet('u1', 's')
      expect(kept?.starred).toEqual(['c1'])
      expect(kept?.progress).toEqual([])
    }
  })

  it('are not lost when two are written at once on a kept set (progress and stars arrive together)', async () => {
    await clearOfflineDb()
    await writeCachedSet('u1', aSet('s'), cards(2))
    await Promise.all([writeCachedRecords('u1', 's', { progress: [] }), writeCachedRecords('u1', 's', { starred: ['c2'] })])
    const kept = await readCachedSet('u1', 's')
    expect(kept?.progress).toEqual([])
    expect(kept?.starred).toEqual(['c2'])
  })
})
