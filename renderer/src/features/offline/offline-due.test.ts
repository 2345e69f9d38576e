import { describe, expect, it } from 'vitest'
import type { CardMemoryView } from '#shared/api/memory'
import type { Flashcard, StudySet } from '#shared/api/sets'
import type { ProgressItem } from '#shared/api/study'
import type { QueuedItem } from './answer-queue'
import type { CachedSet } from './offline-db'
import { dueFromKeptSets } from './offline-due'

const NOW = Date.parse('2026-11-24T12:00:00Z')
const card = (id: string) => ({ id, term: id, definition: `${id}!` }) as unknown as Flashcard
const memory = (due: string, retrievability = 0.8) => ({ due, retrievability }) as CardMemoryView
const progress = (cardId: string, item: CardMemoryView | null) => ({ cardId, memory: item }) as unknown as ProgressItem
const kept = (setId: string, cards: Flashcard[], items: ProgressItem[] | null): CachedSet => ({
  setId,
  owner: 'u1',
  set: { id: setId, title: `Set ${setId}` } as StudySet,
  cards,
  progress: items,
  openedAt: 0,
  pinned: false,
})
const queued = (cardId: string, kind: QueuedItem['kind'] = 'answer'): QueuedItem => ({
  owner: 'u1',
  kind,
  setId: 's1',
  body: { clientId: `q-${cardId}`, cardId },
  attempts: 0,
  notBefore: 0,
})

describe('dueFromKeptSets (Review with no network)', () => {
  const sets = [
    kept(
      's1',
      [card('a'), card('b'), card('c'), card('d')],
      [
        progress('a', memory('2026-11-24T11:00:00Z', 0.7)),
        progress('b', memory('2026-11-25T11:00:00Z')),
        progress('c', null),
        progress('d', memory('2026-11-20T00:00:00Z', 0.4)),
      ],
    ),
    kept('s2', [card('e')], [progress('e', memory('2026-11-01T00:00:00Z', 0.2))]),
    kept('s3', [card('f')], null),
  ]

  it('lists the kept cards whose memory is due by now, with their set', () => {
    const due = dueFromKeptSets(sets, [], NOW)
    expect(due.map((item) => [item.card.id, item.set.title, item.retrievability])).toEqual([
      ['a', 'Set s1', 0.7],
      ['d', 'Set s1', 0.4],
      ['e', 'Set s2', 0.2],
    ])
  })

  it('leaves out cards answered offline and not yet sent (a Match result does not count)', () => {
    expect(dueFromKeptSets(sets, [queued('a'), queued('e', 'match')], NOW).map((item) => item.card.id)).toEqual(['d', 'e'])
  })

  it("keeps to one set when asked (a set's Review link)", () => {
    expect(dueFromKeptSets(sets, [], NOW, 's2').map((item) => item.card.id)).toEqual(['e'])
  })
})
