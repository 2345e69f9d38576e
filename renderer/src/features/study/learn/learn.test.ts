import { describe, expect, it } from 'vitest'
import {
  accuracyPercent,
  currentQuestion,
  distinctDefinitions,
  type LearnCard,
  type LearnEvent,
  learnedCount,
  learnReducer,
  type LearnState,
  makeQuestion,
  nextLabel,
  type Random,
  shuffle,
  startLearn,
  unseenCount,
} from './learn'

/** Cards term-1/definition-1 ... term-n/definition-n, all different. */
function makeCards(count: number): LearnCard[] {
  return Array.from({ length: count }, (_, i) => ({ id: `c${i + 1}`, term: `term-${i + 1}`, definition: `definition-${i + 1}` }))
}

/** A repeatable pseudo-random sequence (mulberry32), so the shuffles differ but tests are stable. */
function seeded(seed: number): Random {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const step = (state: LearnState, event: LearnEvent, random: Random = seeded(1)) => learnReducer(state, event, random)

/** The option index that is right (or, with `right` false, one that is wrong) for the card on show. */
function optionFor(state: LearnState, right: boolean): number {
  const question = currentQuestion(state)
  if (!question) throw new Error(`no question in phase ${state.phase}`)
  if (right) return question.rightOption
  const wrong = question.options.findIndex((_, index) => index !== question.rightOption)
  if (wrong < 0) throw new Error('no wrong option')
  return wrong
}

/** Answers the card on show (right or wrong) and moves on with Next Card or Finish Batch. */
function answerAndGoOn(state: LearnState, right: boolean): LearnState {
  return step(step(state, { type: 'answer', option: optionFor(state, right) }), { type: 'next' })
}

/** Plays the whole batch on show, answering wrong the cards whose terms are in `wrongTerms`. */
function playBatch(state: LearnState, wrongTerms: string[] = []): LearnState {
  let current = state
  while (current.phase === 'question') {
    const term = currentQuestion(current)?.card.term ?? ''
    current = answerAndGoOn(current, !wrongTerms.includes(term))
  }
  return current
}

const terms = (state: LearnState) => state.batch.map((question) => question.card.term)

describe('learn: batches', () => {
  it('starts with the first 10 cards in position order, on the first card, options open', () => {
    const state = startLearn(makeCards(12), seeded(1))
    expect(terms(state)).toEqual(makeCards(10).map((card) => card.term))
    expect(state).toMatchObject({ batchNumber: 1, position: 0, phase: 'question', chosen: null, nextUnseen: 10, missed: [], attempt: 1 })
    expect(currentQuestion(state)?.card.term).toBe('term-1')
    expect(unseenCount(state)).toBe(2)
  })

  it('puts every card of a small set in one batch', () => {
    expect(terms(startLearn(makeCards(3), seeded(1)))).toEqual(['term-1', 'term-2', 'term-3'])
  })

  it('moves through the batch with Next Card', () => {
    const state = startLearn(makeCards(12), seeded(1))
    const second = answerAndGoOn(state, true)
    expect(second).toMatchObject({ phase: 'question', position: 1, chosen: null })
    expect(currentQuestion(second)?.card.term).toBe('term-2')
  })

  it('labels the way on Next Card, and Finish Batch on the last card of a batch', () => {
    let state = startLearn(makeCards(12), seeded(1))
    for (let i = 0; i < 9; i++) {
      expect(nextLabel(state)).toBe('Next Card')
      state = answerAndGoOn(state, true)
    }
    expect(state.position).toBe(9)
    expect(nextLabel(state)).toBe('Finish Batch')
  })

  it("shows the batch summary after Finish Batch, with this batch's counts and the overall progress", () => {
    const summary = playBatch(startLearn(makeCards(12), seeded(1)), ['term-2', 'term-5'])
    expect(summary).toMatchObject({ phase: 'summary', batchCorrect: 8, batchIncorrect: 2, correct: 8, incorrect: 2, chosen: null })
    expect(currentQuestion(summary)).toBeUndefined()
    expect(learnedCount(summary)).toBe(8)
    expect(unseenCount(summary)).toBe(2)
    expect(summary.missed).toHaveLength(2)
  })

  it('plays the missed cards first, in the order missed, then unseen cards, up to 10', () => {
    const summary = playBatch(startLearn(makeCards(12), seeded(1)), ['term-7', 'term-3'])
    const second = step(summary, { type: 'continue' })
    expect(terms(second)).toEqual(['term-3', 'term-7', 'term-11', 'term-12'])
    expect(second).toMatchObject({ batchNumber: 2, position: 0, phase: 'question', batchCorrect: 0, batchIncorrect: 0, correct: 8, incorrect: 2 })
  })

  it('fills a batch with unseen cards after the missed ones, up to 10', () => {
    const summary = playBatch(startLearn(makeCards(25), seeded(1)), ['term-4', 'term-9'])
    const second = step(summary, { type: 'continue' })
    expect(terms(second)).toEqual(['term-4', 'term-9', 'term-11', 'term-12', 'term-13', 'term-14', 'term-15', 'term-16', 'term-17', 'term-18'])
    expect(unseenCount(second)).toBe(7)
  })

  it('replays a whole batch of missed cards before any unseen card', () => {
    const cards = makeCards(20)
    const firstTen = cards.slice(0, 10).map((card) => card.term)
    const second = step(playBatch(startLearn(cards, seeded(1)), firstTen), { type: 'continue' })
    expect(terms(second)).toEqual(firstTen)
    expect(unseenCount(second)).toBe(10)
    const third = step(playBatch(second), { type: 'continue' })
    expect(terms(third)).toEqual(cards.slice(10).map((card) => card.term))
  })

  it('ignores Continue outside the summary and Next before an answer', () => {
    const state = startLearn(makeCards(12), seeded(1))
    expect(step(state, { type: 'continue' })).toBe(state)
    expect(step(state, { type: 'next' })).toBe(state)
  })
})

describe('learn: answers and the missed list', () => {
  it('records a right answer: options locked, which was chosen and which is right', () => {
    const state = startLearn(makeCards(12), seeded(1))
    const right = optionFor(state, true)
    const answered = step(state, { type: 'answer', option: right })
    expect(answered).toMatchObject({ phase: 'answered', chosen: right, correct: 1, incorrect: 0, batchCorrect: 1, missed: [] })
    expect(currentQuestion(answered)?.rightOption).toBe(right)
    expect(answered.lastAnswer).toEqual({ cardId: 'c1', correct: true, question: 'multiple_choice' })
  })

  it('records a wrong answer and puts the card on the missed list', () => {
    const state = startLearn(makeCards(12), seeded(1))
    const wrong = optionFor(state, false)
    const answered = step(state, { type: 'answer', option: wrong })
    expect(answered).toMatchObject({ phase: 'answered', chosen: wrong, correct: 0, incorrect: 1, batchIncorrect: 1, missed: [0] })
    expect(currentQuestion(answered)?.rightOption).not.toBe(wrong)
    expect(answered.lastAnswer).toEqual({ cardId: 'c1', correct: false, question: 'multiple_choice' })
  })

  it('ignores a second answer to the same card (the options are locked)', () => {
    const state = startLearn(makeCards(12), seeded(1))
    const answered = step(state, { type: 'answer', option: optionFor(state, false) })
    expect(step(answered, { type: 'answer', option: currentQuestion(answered)?.rightOption ?? 0 })).toBe(answered)
  })

  it('ignores an option that does not exist', () => {
    const state = startLearn(makeCards(12), seeded(1))
    for (const option of [-1, 4, 1.5, Number.NaN]) expect(step(state, { type: 'answer', option })).toBe(state)
  })

  it('keeps a card missed again once on the list, in its first place', () => {
    const cards = makeCards(3)
    const first = playBatch(startLearn(cards, seeded(1)), ['term-1', 'term-2'])
    expect(first.missed).toEqual([0, 1])
    const second = playBatch(step(first, { type: 'continue' }), ['term-1', 'term-2'])
    expect(second.missed).toEqual([0, 1])
    expect(second).toMatchObject({ phase: 'summary', correct: 1, incorrect: 4, batchIncorrect: 2 })
  })

  it('takes a card off the missed list when it is answered right', () => {
    const first = playBatch(startLearn(makeCards(3), seeded(1)), ['term-1', 'term-3'])
    const second = playBatch(step(first, { type: 'continue' }), ['term-3'])
    expect(second.missed).toEqual([2])
    expect(learnedCount(second)).toBe(2)
    const third = step(second, { type: 'continue' })
    expect(terms(third)).toEqual(['term-3'])
  })
})

describe('learn: the end and restart', () => {
  it('finishes after Finish Batch when no unseen or missed card is left', () => {
    const finished = playBatch(startLearn(makeCards(10), seeded(1)))
    expect(finished).toMatchObject({ phase: 'finished', correct: 10, incorrect: 0, batchNumber: 1 })
    expect(currentQuestion(finished)).toBeUndefined()
    expect(accuracyPercent(finished)).toBe(100)
  })

  it('plays a 12-card set with two misses to the end in two batches', () => {
    const summary = playBatch(startLearn(makeCards(12), seeded(1)), ['term-2', 'term-6'])
    const finished = playBatch(step(summary, { type: 'continue' }))
    expect(finished).toMatchObject({ phase: 'finished', batchNumber: 2, correct: 12, incorrect: 2, batchCorrect: 4, batchIncorrect: 0, missed: [] })
    expect(learnedCount(finished)).toBe(12)
    expect(accuracyPercent(finished)).toBe(86)
  })

  it('does not finish while a missed card is left, even when no unseen card is', () => {
    const state = playBatch(startLearn(makeCards(2), seeded(1)), ['term-2'])
    expect(state.phase).toBe('summary')
    expect(playBatch(step(state, { type: 'continue' })).phase).toBe('finished')
  })

  it('ignores answers and Next after the end', () => {
    const finished = playBatch(startLearn(makeCards(2), seeded(1)))
    for (const event of [{ type: 'answer', option: 0 }, { type: 'next' }, { type: 'continue' }] as const) {
      expect(step(finished, event)).toBe(finished)
    }
  })

  it('restarts everything: all cards, batch 1, no counts, a new play-through', () => {
    const cards = makeCards(12)
    const midway = answerAndGoOn(step(playBatch(startLearn(cards, seeded(1)), ['term-1']), { type: 'continue' }), false)
    const restarted = step(midway, { type: 'restart' })
    expect(restarted).toMatchObject({
      batchNumber: 1,
      position: 0,
      phase: 'question',
      chosen: null,
      missed: [],
      nextUnseen: 10,
      correct: 0,
      incorrect: 0,
      batchCorrect: 0,
      batchIncorrect: 0,
      lastAnswer: null,
      attempt: 2,
    })
    expect(terms(restarted)).toEqual(cards.slice(0, 10).map((card) => card.term))
    const finished = playBatch(startLearn(makeCards(2), seeded(1)))
    expect(step(finished, { type: 'restart' })).toMatchObject({ phase: 'question', attempt: 2, correct: 0 })
  })

  it('has nothing to play for a set without cards', () => {
    expect(startLearn([], seeded(1))).toMatchObject({ phase: 'finished', batch: [] })
  })
})

describe('learn: options', () => {
  const pool = (cards: LearnCard[]) => distinctDefinitions(cards)

  it('offers the right definition and 3 others, each once, shuffled', () => {
    const cards = makeCards(12)
    const seen = new Set<string>()
    for (let seed = 1; seed <= 40; seed++) {
      const question = makeQuestion(cards[0] as LearnCard, pool(cards), seeded(seed))
      expect(question.options).toHaveLength(4)
      expect(new Set(question.options).size).toBe(4)
      expect(question.options[question.rightOption]).toBe('definition-1')
      expect(question.options.filter((text) => text === 'definition-1')).toHaveLength(1)
      for (const text of question.options) expect(cards.some((card) => card.definition === text)).toBe(true)
      seen.add(`${question.rightOption}`)
      for (const text of question.options) seen.add(text)
    }
    // The right answer lands in every place, and the distractors come from the whole set.
    for (const place of ['0', '1', '2', '3']) expect(seen.has(place)).toBe(true)
    expect(cards.every((card) => seen.has(card.definition))).toBe(true)
  })

  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [5, 4],
    [500, 4],
  ])('offers as many options as the set allows: %i cards give %i', (count, options) => {
    const cards = makeCards(count)
    const question = makeQuestion(cards[0] as LearnCard, pool(cards), seeded(count))
    expect(question.options).toHaveLength(options)
    expect(question.options[question.rightOption]).toBe('definition-1')
  })

  it('never repeats a definition nor offers a copy of the right one (trimmed, any case)', () => {
    const cards: LearnCard[] = [
      { id: 'a', term: 'A', definition: 'Paris' },
      { id: 'b', term: 'B', definition: ' paris ' },
      { id: 'c', term: 'C', definition: 'London' },
      { id: 'd', term: 'D', definition: 'LONDON' },
      { id: 'e', term: 'E', definition: 'Rome' },
    ]
    expect(pool(cards)).toEqual(['Paris', 'London', 'Rome'])
    for (let seed = 1; seed <= 20; seed++) {
      const question = makeQuestion(cards[1] as LearnCard, pool(cards), seeded(seed))
      expect(question.options).toHaveLength(3)
      expect([...question.options].sort()).toEqual([' paris ', 'London', 'Rome'])
      expect(question.options[question.rightOption]).toBe(' paris ')
    }
  })

  it('gives only the right option when every card has the same definition', () => {
    const cards: LearnCard[] = [
      { id: 'a', term: 'A', definition: 'Same' },
      { id: 'b', term: 'B', definition: 'same' },
    ]
    expect(makeQuestion(cards[1] as LearnCard, pool(cards), seeded(1))).toEqual({ card: cards[1], options: ['same'], rightOption: 0 })
  })

  it('offers exactly True and False for a true or false definition (trimmed, any case)', () => {
    const cards: LearnCard[] = [
      { id: 'a', term: 'The sky is blue', definition: ' TRUE ' },
      { id: 'b', term: 'Fish can fly', definition: 'false' },
      ...makeCards(6),
    ]
    expect(makeQuestion(cards[0] as LearnCard, pool(cards), seeded(1))).toEqual({ card: cards[0], options: ['True', 'False'], rightOption: 0 })
    expect(makeQuestion(cards[1] as LearnCard, pool(cards), seeded(2))).toEqual({ card: cards[1], options: ['True', 'False'], rightOption: 1 })
    // A one-card true/false set still gets both.
    expect(makeQuestion(cards[0] as LearnCard, pool([cards[0] as LearnCard]), seeded(1)).options).toEqual(['True', 'False'])
  })

  it('answers a True/False card through its options like any other', () => {
    const state = startLearn([{ id: 'a', term: 'Water is wet', definition: 'True' }], seeded(1))
    const wrong = step(state, { type: 'answer', option: 1 })
    expect(wrong).toMatchObject({ incorrect: 1, missed: [0] })
  })

  it('stays sound when the random source returns its extremes', () => {
    const cards = makeCards(6)
    for (const value of [0, 0.999999, 1]) {
      const question = makeQuestion(cards[2] as LearnCard, pool(cards), () => value)
      expect(question.options).toHaveLength(4)
      expect(new Set(question.options).size).toBe(4)
      expect(question.options[question.rightOption]).toBe('definition-3')
    }
  })

  it('shuffles without losing or adding items', () => {
    const items = [1, 2, 3, 4, 5]
    const shuffled = shuffle(items, seeded(3))
    expect([...shuffled].sort()).toEqual(items)
    expect(items).toEqual([1, 2, 3, 4, 5])
  })

  it('makes options only for the batch on show, cheaply, for a set of 500 cards', () => {
    const cards = makeCards(500)
    const started = performance.now()
    let state = startLearn(cards, seeded(9))
    while (state.phase !== 'finished') state = state.phase === 'summary' ? step(state, { type: 'continue' }) : answerAndGoOn(state, true)
    expect(state).toMatchObject({ batchNumber: 50, correct: 500 })
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('learn: the question kind of each answer', () => {
  it('a True/False card is answered as true_false', () => {
    const cards = [
      { id: 't1', term: 'The sky is blue', definition: 'True' },
      { id: 't2', term: 'Fish fly', definition: 'False' },
    ]
    const state = startLearn(cards, seeded(1))
    const answered = step(state, { type: 'answer', option: 0 })
    expect(answered.lastAnswer?.question).toBe('true_false')
  })
})
