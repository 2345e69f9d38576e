import { describe, expect, it } from 'vitest'
import {
  elapsedSeconds,
  initialMatch,
  type MatchCard,
  type MatchEvent,
  matchReducer,
  type MatchState,
  pickCards,
  type Random,
  remaining,
  shuffle,
} from './match'

/** A repeatable random source (mulberry32), so shuffles are checkable. */
function seeded(seed: number): Random {
  let value = seed >>> 0
  return () => {
    value = (value + 0x6d2b79f5) >>> 0
    let t = value
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const cardsOf = (count: number): MatchCard[] =>
  Array.from({ length: count }, (_, index) => ({ id: `c${index + 1}`, term: `Term ${index + 1}`, definition: `Definition ${index + 1}` }))

const start = (now = 1000, random: Random = seeded(1), cardCount = 10): MatchEvent => ({ type: 'start', now, random, cardCount })

function run(state: MatchState, events: MatchEvent[]): MatchState {
  return events.reduce(matchReducer, state)
}

function playing(cards: MatchCard[] = cardsOf(3), cardCount = 10): MatchState {
  return run(initialMatch(cards), [start(1000, seeded(7), cardCount)])
}

const drop = (draggedId: string, targetId: string, now = 2000): MatchEvent => ({ type: 'drop', draggedId, targetId, now })
const select = (itemId: string, now = 2000): MatchEvent => ({ type: 'select', itemId, now })
const ids = (items: { id: string }[]) => items.map((item) => item.id)

/** Every pair of a game, matched in turn by dragging each term onto its definition. */
function matchAll(state: MatchState, now: number): MatchState {
  return run(
    state,
    remaining(state.terms).map((term) => drop(term.id, `definition-${term.pairKey}`, now)),
  )
}

describe('match: dealing a game', () => {
  it('waits for Start Game with an empty board', () => {
    const state = initialMatch(cardsOf(3))
    expect(state.phase).toBe('not_started')
    expect(state.terms).toEqual([])
    expect(state.definitions).toEqual([])
  })

  it('Start Game deals one term and one definition item per card, as docs/study-rules.md names them', () => {
    const state = playing(cardsOf(3))
    expect(state.phase).toBe('playing')
    expect([...state.terms].sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'term-c1', content: 'Term 1', image: null, audio: null, pairKey: 'c1', type: 'term', matched: false },
      { id: 'term-c2', content: 'Term 2', image: null, audio: null, pairKey: 'c2', type: 'term', matched: false },
      { id: 'term-c3', content: 'Term 3', image: null, audio: null, pairKey: 'c3', type: 'term', matched: false },
    ])
    expect(state.definitions.map((item) => item.type)).toEqual(['definition', 'definition', 'definition'])
    expect(state.definitions.find((item) => item.id === 'definition-c2')).toEqual({
      id: 'definition-c2',
      content: 'Definition 2',
      image: null,
      audio: null,
      pairKey: 'c2',
      type: 'definition',
      matched: false,
    })
    expect({ correct: state.correct, incorrect: state.incorrect, feedback: state.feedback, selectedId: state.selectedId }).toEqual({
      correct: 0,
      incorrect: 0,
      feedback: null,
      selectedId: null,
    })
  })

  it('plays at most 10 cards, a random subset of a larger set', () => {
    const cards = cardsOf(12)
    const state = playing(cards, 10)
    expect(state.terms).toHaveLength(10)
    expect(state.definitions).toHaveLength(10)
    const keys = state.terms.map((item) => item.pairKey).sort()
    expect(state.definitions.map((item) => item.pairKey).sort()).toEqual(keys)
    expect(new Set(keys).size).toBe(10)
    // A different random source picks a different subset.
    const other = run(initialMatch(cards), [start(1000, seeded(99), 10)])
    expect(other.terms.map((item) => item.pairKey).sort()).not.toEqual(keys)
  })

  it('plays 6 cards when the count is 6 (phone-sized screens)', () => {
    const state = playing(cardsOf(12), 6)
    expect(remaining(state.terms)).toHaveLength(6)
    expect(remaining(state.definitions)).toHaveLength(6)
  })

  it('plays every card of a set smaller than the count', () => {
    expect(playing(cardsOf(4), 10).terms).toHaveLength(4)
    expect(playing(cardsOf(4), 6).definitions).toHaveLength(4)
    expect(pickCards(cardsOf(4), 10, () => 0)).toEqual(cardsOf(4))
  })

  it('stays before play when there is nothing to deal', () => {
    expect(run(initialMatch([]), [start()]).phase).toBe('not_started')
  })

  it('shuffles the two columns independently', () => {
    const cards = cardsOf(10)
    // With these sources, the terms come out in one order and the definitions in another.
    const state = run(initialMatch(cards), [start(1000, seeded(3), 10)])
    const termOrder = state.terms.map((item) => item.pairKey)
    const definitionOrder = state.definitions.map((item) => item.pairKey)
    expect(termOrder).not.toEqual(definitionOrder)
    expect(termOrder).not.toEqual(cards.map((card) => card.id))
  })

  it('shuffle keeps every item once and follows the random source', () => {
    const items = ['a', 'b', 'c', 'd']
    // Always picking the first slot rotates the items: d swaps with a, then c with d, then b with c.
    expect(shuffle(items, () => 0)).toEqual(['b', 'c', 'd', 'a'])
    expect(shuffle(items, () => 0.999)).toEqual(items)
    expect([...shuffle(items, seeded(5))].sort()).toEqual(items)
    expect(items).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('match: drops', () => {
  it('a term dropped on its definition removes both, counts a correct match and says so', () => {
    const state = run(playing(), [drop('term-c2', 'definition-c2')])
    expect(ids(remaining(state.terms)).sort()).toEqual(['term-c1', 'term-c3'])
    expect(ids(remaining(state.definitions)).sort()).toEqual(['definition-c1', 'definition-c3'])
    expect(state.terms.find((item) => item.id === 'term-c2')?.matched).toBe(true)
    expect(state.correct).toBe(1)
    expect(state.incorrect).toBe(0)
    expect(state.feedback).toBe('correct')
    expect(state.phase).toBe('playing')
  })

  it('a definition dropped on its term counts the same (either direction)', () => {
    const state = run(playing(), [drop('definition-c1', 'term-c1')])
    expect(ids(remaining(state.terms)).sort()).toEqual(['term-c2', 'term-c3'])
    expect(ids(remaining(state.definitions)).sort()).toEqual(['definition-c2', 'definition-c3'])
    expect(state.correct).toBe(1)
    expect(state.feedback).toBe('correct')
  })

  it('a wrong pair counts an incorrect attempt, says so and leaves both on the board', () => {
    const wrongWays = [drop('term-c1', 'definition-c2'), drop('definition-c3', 'term-c2')]
    for (const event of wrongWays) {
      const state = run(playing(), [event])
      expect(remaining(state.terms)).toHaveLength(3)
      expect(remaining(state.definitions)).toHaveLength(3)
      expect(state.incorrect).toBe(1)
      expect(state.correct).toBe(0)
      expect(state.feedback).toBe('incorrect')
    }
  })

  it('the latest drop sets the feedback', () => {
    const state = run(playing(), [drop('term-c1', 'definition-c2'), drop('term-c1', 'definition-c1')])
    expect(state.feedback).toBe('correct')
    expect(run(state, [drop('term-c2', 'definition-c3')]).feedback).toBe('incorrect')
  })

  it('counts a definition with the same text as the term’s own definition as correct (trimmed, any case)', () => {
    const cards: MatchCard[] = [
      { id: 'a', term: 'Big', definition: 'Large' },
      { id: 'b', term: 'Huge', definition: '  large ' },
      { id: 'c', term: 'Small', definition: 'Tiny' },
    ]
    const state = run(playing(cards), [drop('term-a', 'definition-b')])
    expect(state.correct).toBe(1)
    expect(state.incorrect).toBe(0)
    expect(state.feedback).toBe('correct')
    // The term and the definition that were paired leave; the other two still pair up.
    expect(ids(remaining(state.terms)).sort()).toEqual(['term-b', 'term-c'])
    expect(ids(remaining(state.definitions)).sort()).toEqual(['definition-a', 'definition-c'])
    const after = run(state, [drop('definition-a', 'term-b')])
    expect(after.correct).toBe(2)
    expect(run(after, [drop('term-c', 'definition-c', 5000)]).phase).toBe('finished')
  })

  it('applies the same-text rule in both directions, and only to equal texts', () => {
    const cards: MatchCard[] = [
      { id: 'a', term: 'Big', definition: 'Large' },
      { id: 'b', term: 'Huge', definition: 'LARGE' },
      { id: 'c', term: 'Small', definition: 'Tiny' },
    ]
    expect(run(playing(cards), [drop('definition-a', 'term-b')]).correct).toBe(1)
    expect(run(playing(cards), [drop('definition-c', 'term-a')]).incorrect).toBe(1)
  })

  it('ignores a drop on an item of the same column or on the item itself', () => {
    const state = playing()
    for (const event of [drop('term-c1', 'term-c2'), drop('definition-c1', 'definition-c2'), drop('term-c1', 'term-c1')]) {
      expect(run(state, [event])).toBe(state)
    }
  })

  it('ignores drops of or onto unknown or already matched items', () => {
    const state = run(playing(), [drop('term-c1', 'definition-c1')])
    for (const event of [drop('term-c1', 'definition-c2'), drop('term-c2', 'definition-c1'), drop('term-zz', 'definition-c2')]) {
      expect(run(state, [event])).toBe(state)
    }
  })

  it('ignores drops before the game starts and after it ends', () => {
    const before = initialMatch(cardsOf(3))
    expect(run(before, [drop('term-c1', 'definition-c1')])).toBe(before)
    const over = matchAll(playing(), 9000)
    expect(over.phase).toBe('finished')
    expect(run(over, [drop('term-c1', 'definition-c1')])).toBe(over)
  })
})

describe('match: selecting instead of dragging', () => {
  it('selects an item, and selecting it again lets it go', () => {
    const selected = run(playing(), [select('term-c1')])
    expect(selected.selectedId).toBe('term-c1')
    expect(run(selected, [select('term-c1')]).selectedId).toBeNull()
  })

  it('switches the selection to another item of the same column', () => {
    expect(run(playing(), [select('term-c1'), select('term-c2')]).selectedId).toBe('term-c2')
    expect(run(playing(), [select('definition-c1'), select('definition-c3')]).selectedId).toBe('definition-c3')
  })

  it('pairs the selection with an item of the other column, as a drop would, either way round', () => {
    const right = run(playing(), [select('term-c1'), select('definition-c1')])
    expect(right.correct).toBe(1)
    expect(right.feedback).toBe('correct')
    expect(right.selectedId).toBeNull()
    expect(ids(remaining(right.terms)).sort()).toEqual(['term-c2', 'term-c3'])

    const wrong = run(playing(), [select('definition-c2'), select('term-c1')])
    expect(wrong.incorrect).toBe(1)
    expect(wrong.feedback).toBe('incorrect')
    expect(wrong.selectedId).toBeNull()
    expect(remaining(wrong.terms)).toHaveLength(3)
  })

  it('ignores selecting a matched or unknown item, and selecting before play', () => {
    const state = run(playing(), [drop('term-c1', 'definition-c1')])
    expect(run(state, [select('term-c1')])).toBe(state)
    expect(run(state, [select('nothing')])).toBe(state)
    const before = initialMatch(cardsOf(3))
    expect(run(before, [select('term-c1')])).toBe(before)
  })

  it('a drop clears a pending selection', () => {
    const state = run(playing(), [select('term-c3'), drop('term-c1', 'definition-c2')])
    expect(state.selectedId).toBeNull()
    expect(state.incorrect).toBe(1)
  })
})

describe('match: time, finish and restart', () => {
  it('shows elapsed whole seconds, rounded down', () => {
    const state = playing()
    expect(elapsedSeconds(state)).toBe(0)
    expect(elapsedSeconds(run(state, [{ type: 'tick', now: 1999 }]))).toBe(0)
    expect(elapsedSeconds(run(state, [{ type: 'tick', now: 2000 }]))).toBe(1)
    expect(elapsedSeconds(run(state, [{ type: 'tick', now: 13_750 }]))).toBe(12)
  })

  it('ignores ticks before play and a clock that goes backwards', () => {
    const before = initialMatch(cardsOf(3))
    expect(run(before, [{ type: 'tick', now: 5000 }])).toBe(before)
    const later = run(playing(), [{ type: 'tick', now: 4000 }])
    expect(run(later, [{ type: 'tick', now: 3000 }])).toBe(later)
  })

  it('finishes when both columns are empty and freezes the time', () => {
    const state = run(playing(), [drop('term-c1', 'definition-c2', 1500)])
    const over = matchAll(state, 8400)
    expect(over.phase).toBe('finished')
    expect(remaining(over.terms)).toEqual([])
    expect(remaining(over.definitions)).toEqual([])
    expect(over.correct).toBe(3)
    expect(over.incorrect).toBe(1)
    expect(elapsedSeconds(over)).toBe(7)
    expect(elapsedSeconds(run(over, [{ type: 'tick', now: 60_000 }]))).toBe(7)
  })

  it('is still playing while one pair remains', () => {
    const state = run(playing(), [drop('term-c1', 'definition-c1'), drop('term-c2', 'definition-c2')])
    expect(state.phase).toBe('playing')
    expect(remaining(state.terms)).toHaveLength(1)
  })

  it('Restart during play resets time and counts and deals again', () => {
    const cards = cardsOf(12)
    const first = run(initialMatch(cards), [start(1000, seeded(11), 10)])
    const played = run(first, [
      drop(first.terms[0]?.id ?? '', `definition-${first.terms[0]?.pairKey}`, 3000),
      drop(first.terms[1]?.id ?? '', `definition-${first.terms[2]?.pairKey}`, 4000),
      select(first.terms[3]?.id ?? '', 4500),
      { type: 'tick', now: 6000 },
    ])
    expect([played.correct, played.incorrect, elapsedSeconds(played)]).toEqual([1, 1, 5])

    const restarted = run(played, [start(20_000, seeded(12), 10)])
    expect(restarted.phase).toBe('playing')
    expect(restarted.round).toBe(played.round + 1)
    expect([restarted.correct, restarted.incorrect, elapsedSeconds(restarted)]).toEqual([0, 0, 0])
    expect(restarted.feedback).toBeNull()
    expect(restarted.selectedId).toBeNull()
    expect(remaining(restarted.terms)).toHaveLength(10)
    expect(remaining(restarted.definitions)).toHaveLength(10)
    expect(ids(restarted.terms)).not.toEqual(ids(first.terms))
    expect(ids(restarted.definitions)).not.toEqual(ids(first.definitions))
  })

  it('Play Again after the end deals a new game', () => {
    const over = matchAll(playing(), 5000)
    const again = run(over, [start(7000, seeded(2), 10)])
    expect(again.phase).toBe('playing')
    expect([again.correct, again.incorrect, elapsedSeconds(again)]).toEqual([0, 0, 0])
    expect(remaining(again.terms)).toHaveLength(3)
  })
})

describe('match: each pair for the review log', () => {
  it('a pair found at once is right; a pair whose items were in a wrong pairing is after_miss', () => {
    let state = playing(cardsOf(3))
    expect(state.lastPair).toBeNull()
    state = run(state, [drop('term-c1', 'definition-c1')])
    expect(state.lastPair).toEqual({ cardId: 'c1', outcome: 'right' })
    state = run(state, [drop('term-c2', 'definition-c3')])
    expect(state.lastPair).toEqual({ cardId: 'c1', outcome: 'right' })
    state = run(state, [drop('term-c3', 'definition-c3')])
    expect(state.lastPair).toEqual({ cardId: 'c3', outcome: 'after_miss' })
    state = run(state, [drop('term-c2', 'definition-c2')])
    expect(state.lastPair).toEqual({ cardId: 'c2', outcome: 'after_miss' })
  })

  it('a new game forgets the misses of the last', () => {
    let state = run(playing(cardsOf(2)), [drop('term-c1', 'definition-c2')])
    state = run(state, [start(5000, seeded(3)), drop('term-c1', 'definition-c1')])
    expect(state.lastPair).toEqual({ cardId: 'c1', outcome: 'right' })
  })
})
