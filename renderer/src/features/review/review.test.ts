import { describe, expect, it } from 'vitest'
import type { DueItem } from '#shared/api/memory'
import type { Flashcard } from '#shared/api/sets'
import { answerChoice, answerTyped, askOf, choiceOptions, dueIn, overrule, reviewAnswerInput, setsShortOfOptions, storedAsk, weakestFirst } from './review'

const item = (id: string, definition: string, retrievability: number, due = '2026-11-20T10:00:00.000Z', position = 1): DueItem => ({
  card: {
    id,
    term: `term ${id}`,
    definition,
    position,
    created: '2026-11-01T00:00:00.000Z',
    termImage: null,
    definitionImage: null,
    termAudio: null,
    definitionAudio: null,
    kind: 'basic',
    reverse: false,
    prompts: ['f'],
    guid: `g-${id}`,
  },
  prompt: 'f',
  set: { id: 's1', title: 'Set', termLanguage: null, definitionLanguage: null },
  due,
  retrievability,
})

const fixed = () => 0.5

const flashcard = (id: string, term: string, definition: string): Flashcard => ({
  id,
  term,
  definition,
  position: 1,
  created: '2026-11-01T00:00:00.000Z',
  termImage: null,
  definitionImage: null,
  termAudio: null,
  definitionAudio: null,
  kind: 'basic',
  reverse: false,
  prompts: ['f'],
  guid: `g-${id}`,
})

/** A set's other cards, one per definition (terms `term c0`, `term c1`, ...). */
const setCards = (setId: string, definitions: string[]) =>
  new Map([[setId, definitions.map((definition, at) => flashcard(`c${at}`, `term c${at}`, definition))]])

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

  it('a set with few cards due takes its other options from the set’s other cards before other sets', () => {
    const inSet = (id: string, definition: string, setId: string): DueItem => ({
      ...item(id, definition, 0.5),
      set: { ...item(id, definition, 0.5).set, id: setId },
    })
    const adios = inSet('a', 'goodbye', 'es')
    const pool = [adios, inSet('x', 'powerhouse of the cell', 'bio'), inSet('y', 'builds proteins', 'bio'), inSet('z', 'stores genes', 'bio')]
    const rest = setCards('es', ['Goodbye', 'hello', 'thank you', 'please', 'good night'])
    for (const random of [fixed, () => 0, () => 0.99]) {
      const options = choiceOptions(adios, pool, random, rest)
      expect(options).toHaveLength(4)
      expect(options).toContain('goodbye')
      expect(options).not.toContain('Goodbye')
      expect(options.every((option) => ['goodbye', 'hello', 'thank you', 'please', 'good night'].includes(option))).toBe(true)
    }
    // The set has one other card: it comes first, other sets fill in.
    const thin = choiceOptions(adios, pool, fixed, setCards('es', ['hello']))
    expect(thin).toContain('hello')
    expect(thin.filter((option) => ['powerhouse of the cell', 'builds proteins', 'stores genes'].includes(option))).toHaveLength(2)
  })

  it('the set’s other cards answer as the card is asked: terms for a reverse prompt, deletions for a cloze one, never the card itself or a picture', () => {
    const reverse: DueItem = { ...item('a:r', 'adiós', 0.5), prompt: 'r', set: { ...item('a', 'x', 0.5).set, id: 'es' } }
    const cards = [
      ...setCards('es', ['goodbye', 'hello', 'thank you']).get('es')!,
      { ...flashcard('p', 'picture only', 'sunrise'), termImage: { id: 'm1', url: '/api/media/m1', width: 1, height: 1 } },
      { ...flashcard('k', '{{c1::Madrid}} is the capital', ''), kind: 'cloze' as const, prompts: ['c1'] },
    ]
    const options = choiceOptions(reverse, [reverse], fixed, new Map([['es', cards]]))
    expect([...options].sort()).toEqual(['adiós', 'term c0', 'term c1', 'term c2'])
    const cloze: DueItem = { ...item('z:c1', 'Paris', 0.5), prompt: 'c1', set: { ...item('z', 'x', 0.5).set, id: 'es' } }
    expect([...choiceOptions(cloze, [cloze], fixed, new Map([['es', cards]]))].sort()).toEqual(['Madrid', 'Paris'])
  })

  it('the sets read for more options are those with fewer than four distinct definitions in hand', () => {
    const inSet = (id: string, definition: string, setId: string): DueItem => ({
      ...item(id, definition, 0.5),
      set: { ...item(id, definition, 0.5).set, id: setId },
    })
    const items = [inSet('a', 'A', 's1'), inSet('b', 'B', 's1'), inSet('c', 'C', 's1'), inSet('d', 'D', 's1'), inSet('e', 'E', 's2'), inSet('f', 'e', 's2')]
    expect(setsShortOfOptions(items)).toEqual(['s2'])
    expect(setsShortOfOptions([])).toEqual([])
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
      prompt: 'f',
      mode: 'review',
      correct: true,
      question: 'multiple_choice',
      outcome: 'right',
    })
    expect(reviewAnswerInput(card, answerChoice(card, 'ribosome'))).toEqual({
      cardId: 'a',
      prompt: 'f',
      mode: 'review',
      correct: false,
      question: 'multiple_choice',
      outcome: 'wrong',
    })
  })

  it('names the card and the prompt of a reverse or cloze item (its id names both)', () => {
    const reversed = { ...card, card: { ...card.card, id: 'a:r' }, prompt: 'r' }
    expect(reviewAnswerInput(reversed, answerChoice(reversed, 'x'))).toMatchObject({ cardId: 'a', prompt: 'r' })
  })

  it('typed: right, almost, wrong and overruled', () => {
    expect(reviewAnswerInput(card, answerTyped(card, ' Mitochondria '))).toMatchObject({ correct: true, question: 'written', outcome: 'right' })
    expect(reviewAnswerInput(card, answerTyped(card, 'mitochondira'))).toMatchObject({ correct: true, outcome: 'almost' })
    const wrong = answerTyped(card, 'nucleus')
    expect(reviewAnswerInput(card, wrong)).toMatchObject({ correct: false, outcome: 'wrong' })
    expect(reviewAnswerInput(card, overrule(wrong))).toMatchObject({ correct: true, outcome: 'overruled' })
  })

  it("the student's own rating (Easy too) goes with a right answer; a wrong one stays Again", () => {
    expect(reviewAnswerInput(card, answerChoice(card, 'mitochondria'), 4)).toMatchObject({ correct: true, rating: 4 })
    expect(reviewAnswerInput(card, answerTyped(card, 'mitochondria'), 2)).toMatchObject({ correct: true, outcome: 'right', rating: 2 })
    expect(reviewAnswerInput(card, answerChoice(card, 'ribosome'), 4)).toMatchObject({ correct: false, rating: 1 })
    expect(reviewAnswerInput(card, answerChoice(card, 'mitochondria'))).not.toHaveProperty('rating')
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
