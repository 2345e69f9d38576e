import { describe, expect, it } from 'vitest'
import type { DueItem } from '#shared/api/memory'
import { answerChoice, answerTyped, askOf, choiceOptions, dueIn, overrule, reviewAnswerInput, storedAsk, weakestFirst } from './review'

const item = (id: string, definition: string, retrievability: number, due = '2026-11-20T10:00:00.000Z', position = 1): DueItem => ({
  card: { id, term: `term ${id}`, definition, position, created: '2026-11-01T00:00:00.000Z', termImage: null, definitionImage: null },
  set: { id: 's1', title: 'Set', termLanguage: null, definitionLanguage: null },
  due,
  retrievability,
})

const fixed = () => 0.5

describe('review: order', () => {
  it('lowest predicted recall first, then the longest overdue', () => {
    const items = [item('a', 'A', 0.8), item('b', 'B', 0.4), item('c', 'C', 0.8, '2026-11-19T00:00:00.000Z'), item('d', 'D', 0.95)]
    expect(weakestFirst(items).map((entry) => entry.card.id)).toEqual(['b', 'c', 'a', 'd'])
  })
})

describe('review: options', () => {
  it('the right definition and up to three others, each text once', () => {
    const pool = [
      item('a', 'Apple', 0.5),
      item('b', 'Banana', 0.5),
      item('c', 'apple', 0.5),
      item('d', 'Cherry', 0.5),
      item('e', 'Date', 0.5),
      item('f', 'Fig', 0.5),
    ]
    const options = choiceOptions(pool[0] as DueItem, pool, fixed)
    expect(options).toHaveLength(4)
    expect(options).toContain('Apple')
    expect(options).not.toContain('apple')
    expect(new Set(options).size).toBe(4)
  })

  it('the other options come from the card’s own set; other sets fill in only when it has too few', () => {
    const inSet = (id: string, definition: string, setId: string): DueItem => ({
      ...item(id, definition, 0.5),
      set: { ...item(id, definition, 0.5).set, id: setId },
    })
    const spanish = [inSet('a', 'goodbye', 'es'), inSet('b', 'hello', 'es'), inSet('c', 'thank you', 'es'), inSet('d', 'please', 'es')]
    const biology = [inSet('x', 'powerhouse of the cell', 'bio'), inSet('y', 'builds proteins', 'bio')]
    const pool = [biology[0], spanish[0], biology[1], spanish[1], spanish[2], spanish[3]] as DueItem[]
    for (const random of [fixed, () => 0, () => 0.99]) {
      expect([...choiceOptions(spanish[0] as DueItem, pool, random)].sort()).toEqual(['goodbye', 'hello', 'please', 'thank you'])
    }
    // Two Spanish cards in hand: both, and one from another set to make four.
    const few = choiceOptions(spanish[0] as DueItem, [spanish[0], spanish[1], biology[0]] as DueItem[], fixed)
    expect([...few].sort()).toEqual(['goodbye', 'hello', 'powerhouse of the cell'])
  })

  it('one card alone is asked typed even when choice is preferred', () => {
    const only = item('a', 'Apple', 0.5)
    const options = choiceOptions(only, [only], fixed)
    expect(askOf('choice', options)).toBe('typed')
    expect(askOf('choice', ['Apple', 'Pear'])).toBe('choice')
    expect(askOf('typed', ['Apple', 'Pear'])).toBe('typed')
  })
})

describe('review: answers for the review log', () => {
  const card = item('a', 'mitochondria', 0.5)

  it('multiple choice: right or wrong', () => {
    expect(reviewAnswerInput(card, answerChoice(card, 'mitochondria'))).toEqual({
      cardId: 'a',
      mode: 'review',
      correct: true,
      question: 'multiple_choice',
      outcome: 'right',
    })
    expect(reviewAnswerInput(card, answerChoice(card, 'ribosome'))).toEqual({
      cardId: 'a',
      mode: 'review',
      correct: false,
      question: 'multiple_choice',
      outcome: 'wrong',
    })
  })

  it('typed: right, almost, wrong and overruled', () => {
    expect(reviewAnswerInput(card, answerTyped(card, ' Mitochondria '))).toMatchObject({ correct: true, question: 'written', outcome: 'right' })
    expect(reviewAnswerInput(card, answerTyped(card, 'mitochondira'))).toMatchObject({ correct: true, outcome: 'almost' })
    const wrong = answerTyped(card, 'nucleus')
    expect(reviewAnswerInput(card, wrong)).toMatchObject({ correct: false, outcome: 'wrong' })
    expect(reviewAnswerInput(card, overrule(wrong))).toMatchObject({ correct: true, outcome: 'overruled' })
  })

  it('only a wrong typed answer can be overruled', () => {
    const right = answerTyped(card, 'mitochondria')
    expect(overrule(right)).toBe(right)
    const chosen = answerChoice(card, 'x')
    expect(overrule(chosen)).toBe(chosen)
  })
})

describe('review: the stored preference and the next due time', () => {
  it('typed only when stored as typed', () => {
    expect(storedAsk({ getItem: () => 'typed' })).toBe('typed')
    expect(storedAsk({ getItem: () => null })).toBe('choice')
    expect(storedAsk(undefined)).toBe('choice')
    expect(
      storedAsk({
        getItem: () => {
          throw new Error('blocked')
        },
      }),
    ).toBe('choice')
  })

  it('minutes, hours, tomorrow, days', () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z')
    expect(dueIn('2026-11-24T12:05:00.000Z', now)).toBe('in 5 minutes')
    expect(dueIn('2026-11-24T15:00:00.000Z', now)).toBe('in 3 hours')
    expect(dueIn('2026-11-25T12:00:00.000Z', now)).toBe('tomorrow')
    expect(dueIn('2026-11-29T12:00:00.000Z', now)).toBe('in 5 days')
  })
})
