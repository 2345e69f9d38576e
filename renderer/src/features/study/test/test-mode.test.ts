import { describe, expect, it } from 'vitest'
import { answerOf, splitAnswer } from '#shared/study/answer-text'
import {
  startProblem,
  answeredCount,
  blankAnswers,
  buildTest,
  gradeTest,
  matchingGroups,
  missedCards,
  splitCount,
  type TestAnswer,
  type TestCard,
  type TestQuestion,
} from './test-mode'

/** A seeded generator (mulberry32), so each test draws the same "random" test every run. */
function seeded(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const cards: TestCard[] = Array.from({ length: 12 }, (_, index) => ({ id: `c${index + 1}`, term: `term ${index + 1}`, definition: `definition ${index + 1}` }))

/** The right answer to every question. */
function rightAnswers(questions: TestQuestion[]): TestAnswer[] {
  return questions.map((question): TestAnswer => {
    switch (question.kind) {
      case 'multiple_choice':
        return { kind: question.kind, option: question.rightOption }
      case 'true_false':
        return { kind: question.kind, value: question.isTrue }
      case 'written':
        return { kind: question.kind, text: question.card.definition }
      case 'matching':
        return { kind: question.kind, picks: question.cards.map((card) => question.definitions.indexOf(card.definition)) }
    }
  })
}

const askedCards = (questions: TestQuestion[]) => questions.flatMap((question) => (question.kind === 'matching' ? question.cards : [question.card]))

describe('splitCount', () => {
  it('shares the questions evenly among the kinds, in order', () => {
    expect([...splitCount(10, ['multiple_choice', 'true_false', 'written', 'matching'])]).toEqual([
      ['multiple_choice', 3],
      ['true_false', 3],
      ['written', 2],
      ['matching', 2],
    ])
  })

  it('a single matching question goes to another kind: a match needs two terms', () => {
    expect([...splitCount(5, ['multiple_choice', 'true_false', 'written', 'matching'])]).toEqual([
      ['multiple_choice', 3],
      ['true_false', 1],
      ['written', 1],
      ['matching', 0],
    ])
  })
})

describe('matchingGroups', () => {
  it('makes groups of five at most and never leaves a lone term', () => {
    expect(matchingGroups(cards.slice(0, 11)).map((group) => group.length)).toEqual([5, 6])
    expect(matchingGroups(cards.slice(0, 7)).map((group) => group.length)).toEqual([5, 2])
    expect(matchingGroups(cards.slice(0, 3)).map((group) => group.length)).toEqual([3])
  })
})

describe('buildTest', () => {
  it('asks the number of cards chosen, each once, in the kinds chosen', () => {
    const questions = buildTest(cards, { count: 10, kinds: ['multiple_choice', 'true_false', 'written', 'matching'] }, seeded(1))
    const asked = askedCards(questions)
    expect(asked).toHaveLength(10)
    expect(new Set(asked.map((card) => card.id)).size).toBe(10)
    expect(new Set(questions.map((question) => question.kind))).toEqual(new Set(['multiple_choice', 'true_false', 'written', 'matching']))
  })

  it('never asks more questions than there are cards', () => {
    expect(askedCards(buildTest(cards.slice(0, 3), { count: 20, kinds: ['written'] }, seeded(2)))).toHaveLength(3)
  })

  it('multiple choice offers the right definition among distinct ones', () => {
    for (const question of buildTest(cards, { count: 12, kinds: ['multiple_choice'] }, seeded(3))) {
      if (question.kind !== 'multiple_choice') throw new Error('wrong kind')
      expect(question.options[question.rightOption]).toBe(question.card.definition)
      expect(new Set(question.options).size).toBe(question.options.length)
      expect(question.options).toHaveLength(4)
    }
  })

  it("true/false shows its own definition when true and another card's when false, both happening", () => {
    const questions = buildTest(cards, { count: 12, kinds: ['true_false'] }, seeded(4))
    for (const question of questions) {
      if (question.kind !== 'true_false') throw new Error('wrong kind')
      expect(question.shownDefinition === question.card.definition).toBe(question.isTrue)
    }
    expect(new Set(questions.map((question) => question.kind === 'true_false' && question.isTrue))).toEqual(new Set([true, false]))
  })

  it('true/false with one distinct definition can only be true', () => {
    const same = [
      { id: 'a', term: 'a', definition: 'same' },
      { id: 'b', term: 'b', definition: 'Same' },
    ]
    for (const question of buildTest(same, { count: 2, kinds: ['true_false'] }, seeded(5))) expect(question).toMatchObject({ isTrue: true })
  })

  it("a matching question holds its own cards' definitions, shuffled", () => {
    const [question] = buildTest(cards.slice(0, 5), { count: 5, kinds: ['matching'] }, seeded(6))
    if (question?.kind !== 'matching') throw new Error('wrong kind')
    expect([...question.definitions].sort()).toEqual(question.cards.map((card) => card.definition).sort())
  })
})

describe('gradeTest', () => {
  const questions = buildTest(cards, { count: 12, kinds: ['multiple_choice', 'true_false', 'written', 'matching'] }, seeded(7))

  it('all right: 100 %', () => {
    expect(gradeTest(questions, rightAnswers(questions))).toMatchObject({ correct: 12, total: 12, percent: 100 })
  })

  it('blank: 0 %, every card missed with its right answer shown', () => {
    const result = gradeTest(questions, blankAnswers(questions))
    expect(result).toMatchObject({ correct: 0, total: 12, percent: 0 })
    expect(result.results.every((item) => item.given === '' && item.expected !== '')).toBe(true)
    expect(
      missedCards(result)
        .map((card) => card.id)
        .sort(),
    ).toEqual(cards.map((card) => card.id).sort())
  })

  it('a written answer that is almost right counts, and says it was almost', () => {
    const written: TestQuestion[] = [{ kind: 'written', card: { id: 'x', term: 'café', definition: 'coffee house' } }]
    const [result] = gradeTest(written, [{ kind: 'written', text: 'cofee house' }]).results
    expect(result).toMatchObject({ correct: true, verdict: 'almost', given: 'cofee house', expected: 'coffee house' })
    expect(gradeTest(written, [{ kind: 'written', text: 'tea room' }]).results[0]).toMatchObject({ correct: false, verdict: 'wrong' })
    expect(gradeTest(written, [{ kind: 'written', text: ' Coffee House ' }]).results[0]).toMatchObject({ correct: true, verdict: 'correct' })
  })

  it('a false statement answered False is right, and the right answer names the real definition', () => {
    const question: TestQuestion = { kind: 'true_false', card: { id: 'x', term: 'H2O', definition: 'water' }, shownDefinition: 'salt', isTrue: false }
    expect(gradeTest([question], [{ kind: 'true_false', value: false }]).results[0]).toMatchObject({ correct: true, expected: 'False: water' })
    expect(gradeTest([question], [{ kind: 'true_false', value: true }]).results[0]).toMatchObject({ correct: false, given: 'True' })
  })

  it('matching scores each term; a duplicate definition text is right for either card', () => {
    const question: TestQuestion = {
      kind: 'matching',
      cards: [
        { id: 'a', term: 'one', definition: 'number' },
        { id: 'b', term: 'two', definition: 'number' },
        { id: 'c', term: 'red', definition: 'colour' },
      ],
      definitions: ['number', 'colour', 'number'],
    }
    const result = gradeTest([question], [{ kind: 'matching', picks: [2, 0, null] }])
    expect(result.results.map((item) => item.correct)).toEqual([true, true, false])
    expect(result).toMatchObject({ correct: 2, total: 3, percent: 67 })
  })

  it('Retake missed asks exactly the missed cards', () => {
    const answers = rightAnswers(questions)
    answers[0] = blankAnswers(questions)[0] as TestAnswer
    const missed = missedCards(gradeTest(questions, answers))
    const retake = buildTest(missed, { count: missed.length, kinds: ['written'] }, seeded(8))
    expect(
      askedCards(retake)
        .map((card) => card.id)
        .sort(),
    ).toEqual(missed.map((card) => card.id).sort())
  })
})

describe('answeredCount', () => {
  it('counts filled answers, matching by term', () => {
    const questions = buildTest(cards.slice(0, 6), { count: 6, kinds: ['written', 'matching'] }, seeded(9))
    const answers = blankAnswers(questions)
    expect(answeredCount(answers)).toEqual({ answered: 0, total: 6 })
    expect(answeredCount(rightAnswers(questions))).toEqual({ answered: 6, total: 6 })
  })
})

describe('definitions with pictures (the answers carry a picture marker, card-pictures.tsx)', () => {
  const withPicture = (card: TestCard, id: string) => ({
    ...card,
    definition: answerOf({ definition: card.definition, definitionImage: { id, url: '', width: 1, height: 1 } }),
  })
  const pictured = cards.slice(0, 6).map((card, index) => (index < 3 ? withPicture(card, `p${index}`) : card))

  it('a typed answer equal to the text beside a picture is right (it was marked wrong)', () => {
    const questions = buildTest(pictured.slice(0, 3), { count: 3, kinds: ['written'] }, seeded(5))
    expect(questions.every((question) => question.kind === 'written')).toBe(true)
    const answers: TestAnswer[] = questions.map((question) => ({
      kind: 'written',
      text: question.kind === 'written' ? splitAnswer(question.card.definition).text : '',
    }))
    expect(gradeTest(questions, answers)).toMatchObject({ correct: 3, total: 3, percent: 100 })
  })

  it('a definition that is a picture alone is asked as a choice, never as typing', () => {
    const pictureOnly = pictured.map((card, index) => (index < 3 ? withPicture({ ...card, definition: '' }, `q${index}`) : card))
    for (let seed = 1; seed <= 20; seed++) {
      const questions = buildTest(pictureOnly, { count: 6, kinds: ['written'] }, seeded(seed))
      const kinds = questions.map((question) => ('card' in question ? [question.card.id, question.kind] : []))
      expect(kinds.filter(([id]) => ['c1', 'c2', 'c3'].includes(id as string)).every(([, kind]) => kind === 'multiple_choice')).toBe(true)
      expect(kinds.filter(([id]) => ['c4', 'c5', 'c6'].includes(id as string)).every(([, kind]) => kind === 'written')).toBe(true)
    }
  })
})

describe('why Start is disabled', () => {
  it('names the problem, or none', () => {
    expect(startProblem(5, 10, ['written'])).toBeNull()
    expect(startProblem(5, 10, [])).toBe('Choose at least one question type.')
    expect(startProblem(0, 10, ['written'])).toBe('Enter a whole number of questions from 1 to 10.')
    expect(startProblem(11, 10, ['written'])).toBe('Enter a whole number of questions from 1 to 10.')
    expect(startProblem(Number.NaN, 10, ['written'])).toBe('Enter a whole number of questions from 1 to 10.')
  })
})
