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
  midBatch,
  nextLabel,
  questionType,
  type Random,
  resumeLearn,
  shuffle,
  startLearn,
  unseenCount,
  canCheck,
  isTypeable,
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
    expect(answered.lastAnswer).toEqual({ cardId: 'c1', correct: true, question: 'multiple_choice', outcome: 'right' })
  })

  it('records a wrong answer and puts the card on the missed list', () => {
    const state = startLearn(makeCards(12), seeded(1))
    const wrong = optionFor(state, false)
    const answered = step(state, { type: 'answer', option: wrong })
    expect(answered).toMatchObject({ phase: 'answered', chosen: wrong, correct: 0, incorrect: 1, batchIncorrect: 1, missed: [0] })
    expect(currentQuestion(answered)?.rightOption).not.toBe(wrong)
    expect(answered.lastAnswer).toEqual({ cardId: 'c1', correct: false, question: 'multiple_choice', outcome: 'wrong' })
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

  it('offers answers of the card’s own kind: deletions for a cloze prompt, terms for a reverse one, definitions otherwise', () => {
    const cards: LearnCard[] = [
      ...makeCards(6),
      { id: 'c1:r', term: 'definition-1', definition: 'term-1' },
      { id: 'c2:r', term: 'definition-2', definition: 'term-2' },
      { id: 'k1:c1', term: '[...] is the capital', definition: 'Madrid' },
      { id: 'k1:c2', term: 'Madrid is the [...]', definition: 'capital' },
      { id: 'k2:c1', term: '[...] freezes at 0 degrees', definition: 'Water' },
      { id: 'k3:c1', term: '[...] is a noble gas', definition: 'Neon' },
    ]
    for (let seed = 1; seed <= 20; seed++) {
      const state = startLearn(cards, seeded(seed))
      for (const question of state.batch) {
        const kind = question.card.id.includes(':c') ? 'cloze' : question.card.id.endsWith(':r') ? 'r' : 'f'
        const ofKind = cards.filter((card) => (card.id.includes(':c') ? 'cloze' : card.id.endsWith(':r') ? 'r' : 'f') === kind).map((card) => card.definition)
        expect(question.options).toContain(question.card.definition)
        if (kind === 'r') {
          // Only two reverse items: the other term, then answers of other kinds fill in to four.
          expect(question.options).toHaveLength(4)
          expect(question.options.filter((option) => ofKind.includes(option))).toHaveLength(2)
        } else {
          expect(question.options.every((option) => ofKind.includes(option))).toBe(true)
        }
      }
    }
  })

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

describe('learn: question types (issue 31)', () => {
  /** Plays every question of the batch: choices by `right`, written questions by typing `typed(card)`. */
  function playAll(state: LearnState, typed: (card: LearnCard) => string, right = true): LearnState {
    let current = state
    while (current.phase === 'question') {
      const question = currentQuestion(current) as NonNullable<ReturnType<typeof currentQuestion>>
      if (question.kind === 'written') {
        current = step(step(current, { type: 'type', text: typed(question.card) }), { type: 'check' })
      } else {
        current = step(current, { type: 'answer', option: right ? question.rightOption : optionFor(current, false) })
      }
      current = step(current, { type: 'next' })
    }
    return current
  }
  const kinds = (state: LearnState) => state.batch.map((question) => question.kind)

  it('asks every question in one of the chosen types', () => {
    for (let seed = 1; seed <= 10; seed++) {
      expect(new Set(kinds(startLearn(makeCards(10), seeded(seed), ['multiple_choice'])))).toEqual(new Set(['multiple_choice']))
      expect(new Set(kinds(startLearn(makeCards(10), seeded(seed), ['true_false'])))).toEqual(new Set(['true_false']))
      expect(new Set(kinds(startLearn(makeCards(10), seeded(seed), ['written'])))).toEqual(new Set(['written']))
    }
    // Multiple choice and True/False: both asked, at random.
    const mixed = startLearn(makeCards(10), seeded(3), ['multiple_choice', 'true_false'])
    expect(new Set(kinds(mixed))).toEqual(new Set(['multiple_choice', 'true_false']))
    // Nothing chosen reads as the default: multiple choice.
    expect(startLearn(makeCards(3), seeded(1), []).types).toEqual(['multiple_choice'])
  })

  it('true/false proposes the right answer or another card’s, about half each, and True or False is right accordingly', () => {
    const cards = makeCards(10)
    let proposedRight = 0
    let asked = 0
    for (let seed = 1; seed <= 40; seed++) {
      for (const question of startLearn(cards, seeded(seed), ['true_false']).batch) {
        asked++
        expect(question.options).toEqual(['True', 'False'])
        expect(cards.map((card) => card.definition)).toContain(question.shown)
        const isTrue = question.shown === question.card.definition
        expect(question.rightOption).toBe(isTrue ? 0 : 1)
        if (isTrue) proposedRight++
      }
    }
    expect(proposedRight / asked).toBeGreaterThan(0.35)
    expect(proposedRight / asked).toBeLessThan(0.65)
    // The proposal is an answer of the card's own kind: a reverse item's is a term.
    const withReverse = [
      ...makeCards(3),
      { id: 'c1:r', term: 'definition-1', definition: 'term-1' },
      { id: 'c2:r', term: 'definition-2', definition: 'term-2' },
    ]
    for (let seed = 1; seed <= 20; seed++) {
      const reverse = startLearn(withReverse, seeded(seed), ['true_false']).batch.filter((question) => question.card.id.endsWith(':r'))
      for (const question of reverse) expect(['term-1', 'term-2']).toContain(question.shown)
    }
  })

  it('a true/false answer is recorded as true_false; answering True when the proposal is wrong is wrong', () => {
    const state = startLearn(makeCards(4), seeded(2), ['true_false'])
    const question = currentQuestion(state) as NonNullable<ReturnType<typeof currentQuestion>>
    const answered = step(state, { type: 'answer', option: 0 })
    expect(answered.lastAnswer).toEqual({
      cardId: 'c1',
      correct: question.rightOption === 0,
      question: 'true_false',
      outcome: question.rightOption === 0 ? 'right' : 'wrong',
    })
  })

  it('written: checked with Write’s tolerance (exact, almost, wrong), recorded as written with the outcome', () => {
    const cards: LearnCard[] = [
      { id: 'a', term: 'to receive', definition: 'recevoir' },
      { id: 'b', term: 'coffee', definition: 'café' },
      { id: 'c', term: 'cat', definition: 'chat' },
    ]
    let state = startLearn(cards, seeded(1), ['written'])
    expect(canCheck(state)).toBe(false)
    expect(step(state, { type: 'check' })).toBe(state)
    // Options keys do nothing on a written question.
    expect(step(state, { type: 'answer', option: 0 })).toBe(state)
    state = step(step(state, { type: 'type', text: ' Recevoir ' }), { type: 'check' })
    expect(state).toMatchObject({ phase: 'answered', verdict: 'correct', learned: 1 })
    expect(state.lastAnswer).toEqual({ cardId: 'a', correct: true, question: 'written', outcome: 'right' })
    // Typing is locked once checked.
    expect(step(state, { type: 'type', text: 'x' }).typed).toBe(' Recevoir ')
    state = step(step(step(state, { type: 'next' }), { type: 'type', text: 'cafe' }), { type: 'check' })
    expect(state).toMatchObject({ verdict: 'almost', learned: 2, correct: 2 })
    expect(state.lastAnswer).toEqual({ cardId: 'b', correct: true, question: 'written', outcome: 'almost' })
    state = step(step(step(state, { type: 'next' }), { type: 'type', text: 'chien' }), { type: 'check' })
    expect(state).toMatchObject({ verdict: 'wrong', learned: 2, incorrect: 1, missed: [2] })
    expect(state.lastAnswer).toEqual({ cardId: 'c', correct: false, question: 'written', outcome: 'wrong' })
    state = step(state, { type: 'next' })
    expect(state).toMatchObject({ phase: 'summary', typed: '', verdict: null })
  })

  it('a card that cannot be typed is asked in another chosen type, or as multiple choice', () => {
    const picture = { id: 'p', term: 'a cat', definition: '\u0000picture:img1' }
    const recording = { id: 'r', term: 'a bark', definition: '\u0000recording:rec1' }
    const captioned = { id: 'q', term: 'a dog', definition: 'dog\u0000picture:img2' }
    expect([picture, recording].map(isTypeable)).toEqual([false, false])
    expect(isTypeable(captioned)).toBe(true)
    expect(questionType(['written'], picture, false, seeded(1))).toBe('multiple_choice')
    expect(questionType(['written', 'true_false'], recording, true, seeded(1))).toBe('true_false')
    expect(questionType(['written'], captioned, false, seeded(1))).toBe('written')
    const state = startLearn([...makeCards(3), picture, captioned], seeded(1), ['written'])
    expect(kinds(state)).toEqual(['written', 'written', 'written', 'multiple_choice', 'written'])
    // A picture with a caption is typed as its caption.
    const onCaption = { ...state, position: 4 }
    expect(step(step(onCaption, { type: 'type', text: 'dog' }), { type: 'check' })).toMatchObject({ verdict: 'correct' })
  })

  it('progression: with a choice and written chosen, a card is asked as a choice, then, once right, as written; learned when typed right', () => {
    const cards = makeCards(3)
    let state = startLearn(cards, seeded(1), ['multiple_choice', 'written'])
    expect(kinds(state)).toEqual(['multiple_choice', 'multiple_choice', 'multiple_choice'])
    // c1 right, c2 wrong, c3 right: c1 and c3 are familiar, not learned yet.
    state = step(step(state, { type: 'answer', option: optionFor(state, true) }), { type: 'next' })
    state = step(step(state, { type: 'answer', option: optionFor(state, false) }), { type: 'next' })
    state = step(state, { type: 'answer', option: optionFor(state, true) })
    expect(learnedCount(state)).toBe(0)
    expect(state.familiar).toEqual([0, 2])
    state = step(state, { type: 'next' })
    expect(state.phase).toBe('summary')
    state = step(state, { type: 'continue' })
    // Missed first (again as a choice), then the familiar cards as written.
    expect(state.batch.map((question) => [question.card.id, question.kind])).toEqual([
      ['c2', 'multiple_choice'],
      ['c1', 'written'],
      ['c3', 'written'],
    ])
    state = playAll(state, (card) => card.definition)
    expect(state).toMatchObject({ phase: 'summary', familiar: [1], learned: 2 })
    state = playAll(step(state, { type: 'continue' }), (card) => card.definition)
    expect(state).toMatchObject({ phase: 'finished', learned: 3, familiar: [] })
    expect(learnedCount(state)).toBe(3)
  })

  it('a familiar card typed wrong comes back first, still as written', () => {
    let state = startLearn(makeCards(2), seeded(1), ['true_false', 'written'])
    state = playAll(state, () => '')
    expect(state.familiar).toEqual([0, 1])
    state = playAll(step(state, { type: 'continue' }), (card) => (card.id === 'c1' ? 'nothing like it' : card.definition))
    expect(state).toMatchObject({ phase: 'summary', missed: [0], familiar: [0], learned: 1 })
    state = step(state, { type: 'continue' })
    expect(state.batch.map((question) => [question.card.id, question.kind])).toEqual([['c1', 'written']])
  })

  it('other types chosen mid-batch: the questions not yet answered change, the progress stays', () => {
    let state = startLearn(makeCards(5), seeded(1), ['multiple_choice'])
    state = step(state, { type: 'answer', option: optionFor(state, true) })
    const changed = step(state, { type: 'types', types: ['written'] })
    expect(changed.types).toEqual(['written'])
    expect(kinds(changed)).toEqual(['multiple_choice', 'written', 'written', 'written', 'written'])
    expect(changed).toMatchObject({ phase: 'answered', position: 0, learned: 1 })
    // On a question not yet answered, that one changes too; none chosen changes nothing.
    const fresh = startLearn(makeCards(2), seeded(1))
    expect(kinds(step(fresh, { type: 'types', types: ['written'] }))).toEqual(['written', 'written'])
    expect(step(fresh, { type: 'types', types: [] })).toBe(fresh)
    // Restart keeps the chosen types.
    expect(step(changed, { type: 'restart' }).types).toEqual(['written'])
  })
})

describe('learn: what the session keeps', () => {
  it('is mid-batch once a card of the batch is answered, until the batch summary', () => {
    let state = startLearn(makeCards(2), seeded(1))
    expect(midBatch(state)).toBe(false)
    state = step(state, { type: 'answer', option: optionFor(state, true) })
    expect(midBatch(state)).toBe(true)
    state = step(state, { type: 'next' })
    expect(state).toMatchObject({ phase: 'question', position: 1 })
    expect(midBatch(state)).toBe(true)
    state = answerAndGoOn(state, false)
    expect(state.phase).toBe('summary')
    expect(midBatch(state)).toBe(false)
  })

  it('resumes a kept play-through without its last answer, in the types chosen since; a place kept before question types starts afresh', () => {
    let kept = startLearn(makeCards(3), seeded(1), ['multiple_choice'])
    kept = step(kept, { type: 'answer', option: optionFor(kept, true) })
    expect(kept.lastAnswer).not.toBeNull()
    expect(resumeLearn(kept, ['multiple_choice'], seeded(2))).toEqual({ ...kept, lastAnswer: null })
    const retyped = resumeLearn(kept, ['written'], seeded(2))
    expect(retyped?.types).toEqual(['written'])
    expect(retyped?.lastAnswer).toBeNull()
    expect(retyped).toMatchObject({ phase: 'answered', position: 0, learned: 1 })
    const beforeTypes = { ...kept, types: undefined } as unknown as LearnState
    expect(resumeLearn(beforeTypes, ['multiple_choice'], seeded(2))).toBeUndefined()
  })
})
