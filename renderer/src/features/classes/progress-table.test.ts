import { describe, expect, it } from 'vitest'
import type { ClassProgressItem } from '#shared/api/classes'
import { nextSort, sortProgress } from './progress-table'

function row(username: string, setTitle: string, values: Partial<ClassProgressItem> = {}): ClassProgressItem {
  return {
    userId: `u-${username}`,
    username,
    setId: `s-${setTitle}`,
    setTitle,
    cardCount: 10,
    studied: 0,
    mastered: 0,
    learning: 0,
    needsReview: 0,
    dueToday: 0,
    lastStudied: null,
    finishedByDue: null,
    ...values,
  }
}

const names = (items: ClassProgressItem[]) => items.map((item) => `${item.username}/${item.setTitle}`)

describe('sortProgress', () => {
  const items = [
    row('zoe', 'Verbs', { studied: 4, mastered: 2, lastStudied: '2026-11-20T10:00:00.000Z' }),
    row('adam', 'Nouns', { studied: 9, mastered: 1 }),
    row('Bea', 'Verbs', { studied: 4, mastered: 3, lastStudied: '2026-11-22T10:00:00.000Z' }),
    row('adam', 'Adjectives', { studied: 1, mastered: 1, lastStudied: '2026-11-21T10:00:00.000Z' }),
  ]

  it('sorts names without regard to case, ties by set', () => {
    expect(names(sortProgress(items, { column: 'username', direction: 'ascending' }))).toEqual(['adam/Adjectives', 'adam/Nouns', 'Bea/Verbs', 'zoe/Verbs'])
    expect(names(sortProgress(items, { column: 'username', direction: 'descending' }))).toEqual(['zoe/Verbs', 'Bea/Verbs', 'adam/Adjectives', 'adam/Nouns'])
  })

  it('sorts numbers as numbers, equal values in reading order', () => {
    expect(names(sortProgress(items, { column: 'studied', direction: 'descending' }))).toEqual(['adam/Nouns', 'Bea/Verbs', 'zoe/Verbs', 'adam/Adjectives'])
    expect(names(sortProgress(items, { column: 'mastered', direction: 'ascending' }))).toEqual(['adam/Adjectives', 'adam/Nouns', 'zoe/Verbs', 'Bea/Verbs'])
  })

  it('puts never-studied rows first when ascending by last studied, last when descending', () => {
    expect(names(sortProgress(items, { column: 'lastStudied', direction: 'ascending' }))).toEqual(['adam/Nouns', 'zoe/Verbs', 'adam/Adjectives', 'Bea/Verbs'])
    expect(names(sortProgress(items, { column: 'lastStudied', direction: 'descending' }))).toEqual(['Bea/Verbs', 'adam/Adjectives', 'zoe/Verbs', 'adam/Nouns'])
  })

  it('leaves the given rows as they were', () => {
    const before = names(items)
    sortProgress(items, { column: 'setTitle', direction: 'descending' })
    expect(names(items)).toEqual(before)
  })
})

describe('nextSort', () => {
  it('flips the direction of the same column and starts another ascending', () => {
    expect(nextSort({ column: 'studied', direction: 'ascending' }, 'studied')).toEqual({ column: 'studied', direction: 'descending' })
    expect(nextSort({ column: 'studied', direction: 'descending' }, 'studied')).toEqual({ column: 'studied', direction: 'ascending' })
    expect(nextSort({ column: 'studied', direction: 'descending' }, 'username')).toEqual({ column: 'username', direction: 'ascending' })
  })
})
