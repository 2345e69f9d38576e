import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Flashcard, StudySet } from '#shared/api/sets'

/*
 * loadStudySet with "Starred only": the student's stars are read first, only those cards are kept
 * (in the set's order), reading stops once all are in hand, and the limit counts starred cards.
 * The network is a stubbed fetch; auth and the device store are stand-ins.
 */

const signedIn = { current: true }
vi.mock('@/features/auth', () => ({
  authStore: { get: () => (signedIn.current ? { token: 't', user: { id: 'u1' } } : null) },
}))
const remembered: string[] = []
vi.mock('@/features/offline', () => ({
  queueAnswer: vi.fn(),
  readOfflineSet: vi.fn(),
  rememberProgress: vi.fn(),
  rememberStarred: vi.fn(),
  rememberSet: (set: StudySet) => remembered.push(set.id),
}))

const { loadStudySet, recordAnswer } = await import('./study-api')
const { queueAnswer } = await import('@/features/offline')

const CARDS: Flashcard[] = Array.from({ length: 7 }, (_, i) => ({ id: `c${i + 1}`, position: i + 1, term: `t${i + 1}`, definition: `d${i + 1}` }) as Flashcard)
const SET = { id: 's1', title: 'Set', cardCount: CARDS.length } as StudySet

let requested: string[] = []
let starred: string[] = []

beforeEach(() => {
  requested = []
  remembered.length = 0
  signedIn.current = true
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://app.test')
    requested.push(`${pathname}${searchParams.size ? `?${searchParams.toString()}` : ''}`)
    let body: unknown = SET
    if (pathname.endsWith('/stars')) body = { cardIds: starred }
    else if (pathname.endsWith('/cards')) {
      const page = Number(searchParams.get('page'))
      const perPage = Number(searchParams.get('perPage'))
      const items = CARDS.slice((page - 1) * perPage, page * perPage)
      body = { items, page, perPage, total: CARDS.length, totalPages: Math.ceil(CARDS.length / perPage) }
    }
    return new Response(JSON.stringify(body), { status: 200 })
  })
})
afterEach(() => vi.unstubAllGlobals())

const cardRequests = () => requested.filter((path) => path.includes('/cards'))

describe('loadStudySet, starred only', () => {
  it('keeps the starred cards in set order and stops reading once all are in hand', async () => {
    starred = ['c3', 'c1']
    const loaded = await loadStudySet('s1', { pageSize: 2, starredOnly: true })
    expect(loaded.cards.map((card) => card.id)).toEqual(['c1', 'c3'])
    expect(loaded.starredOnly).toBe(true)
    expect(requested[0]).toBe('/api/sets/s1/stars')
    expect(cardRequests()).toHaveLength(2)
    // Only a whole set is kept on the device for offline study.
    expect(remembered).toEqual([])
  })

  it('counts the limit in starred cards', async () => {
    starred = ['c2', 'c5', 'c7']
    const loaded = await loadStudySet('s1', { pageSize: 2, limit: 2, starredOnly: true })
    expect(loaded.cards.map((card) => card.id)).toEqual(['c2', 'c5'])
  })

  it('reads no card at all when nothing is starred', async () => {
    starred = []
    const loaded = await loadStudySet('s1', { pageSize: 2, starredOnly: true })
    expect(loaded).toMatchObject({ cards: [], starredOnly: true })
    expect(cardRequests()).toEqual([])
  })

  it('gives a visitor, who has no stars, the whole set', async () => {
    signedIn.current = false
    starred = ['c1']
    const loaded = await loadStudySet('s1', { pageSize: 5, starredOnly: true })
    expect(loaded.cards).toHaveLength(7)
    expect(loaded.starredOnly).toBeUndefined()
    expect(requested.some((path) => path.endsWith('/stars'))).toBe(false)
    expect(remembered).toEqual(['s1'])
  })
})

describe('recordAnswer', () => {
  it("sends a study item's answer as its card and prompt (issue 26)", async () => {
    await recordAnswer('s1', { cardId: 'c1:r', mode: 'write', correct: true })
    await recordAnswer('s1', { cardId: 'c2', mode: 'learn', correct: false })
    expect(vi.mocked(queueAnswer).mock.calls.slice(-2)).toEqual([
      ['answer', 's1', { cardId: 'c1', prompt: 'r', mode: 'write', correct: true }],
      ['answer', 's1', { cardId: 'c2', prompt: 'f', mode: 'learn', correct: false }],
    ])
  })
})
