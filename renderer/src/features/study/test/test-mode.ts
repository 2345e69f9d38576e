import { checkAnswer, type AnswerVerdict } from '#shared/study/answer-check'
import { isMediaOnly, splitAnswer } from '#shared/study/answer-text'
import { distinctDefinitions, makeQuestion, type Random, shuffle } from '@/features/study/learn/learn'
import { translate } from '@/lib/i18n'

/**
 * Test mode as pure functions: the student picks how many questions and which kinds, answers
 * all of them, submits, and sees the score and each question with its right answer. Randomness
 * comes in as `random` (like Math.random) so tests can fix it.
 *
 * Kinds: multiple choice (Learn's question: up to four definitions, True/False for a true/false
 * card; also every question on a definition that is a picture alone), true/false (a term shown with its own definition or another card's), written (type the
 * definition; checked like Write: an "almost" counts as right, shown with the difference), and matching (up to five terms of a
 * group, each given one of the group's definitions). Every card is asked at most once, so a test
 * has at most as many questions as the set has cards; a matching group counts one question per
 * term in it.
 */
export type TestKind = 'multiple_choice' | 'true_false' | 'written' | 'matching'

export const TEST_KINDS: readonly TestKind[] = ['multiple_choice', 'true_false', 'written', 'matching']

/** At most this many terms in one matching question. */
export const MATCHING_GROUP_SIZE = 5

export interface TestCard {
  id: string
  term: string
  definition: string
}

export interface TestOptions {
  /** Questions wanted, 1 to the number of cards. */
  count: number
  /** At least one kind. */
  kinds: readonly TestKind[]
}

export type TestQuestion =
  | { kind: 'multiple_choice'; card: TestCard; options: string[]; rightOption: number }
  | { kind: 'true_false'; card: TestCard; shownDefinition: string; isTrue: boolean }
  | { kind: 'written'; card: TestCard }
  | { kind: 'matching'; cards: TestCard[]; definitions: string[] }

export type TestAnswer =
  | { kind: 'multiple_choice'; option: number | null }
  | { kind: 'true_false'; value: boolean | null }
  | { kind: 'written'; text: string }
  /** For each card of the group, the index of the definition picked for it (or null). */
  | { kind: 'matching'; picks: (number | null)[] }

/** One card's outcome: what was right, what the student gave. */
export interface CardResult {
  card: TestCard
  kind: TestKind
  correct: boolean
  /** What the student answered, as text ('' when left blank). */
  given: string
  /** The right answer, as text. */
  expected: string
  /** Written questions only: the typed answer's verdict ('almost' counts as right). */
  verdict?: AnswerVerdict
}

export interface TestResult {
  results: CardResult[]
  correct: number
  total: number
  /** Whole percent of cards answered right. */
  percent: number
}

/** How many of `count` questions each kind gets: as even as possible, in the order given. */
export function splitCount(count: number, kinds: readonly TestKind[]): Map<TestKind, number> {
  const shares = new Map<TestKind, number>()
  kinds.forEach((kind, index) => shares.set(kind, Math.floor(count / kinds.length) + (index < count % kinds.length ? 1 : 0)))
  // A matching question needs two terms at least; a single one goes to another kind if there is one.
  if (shares.get('matching') === 1 && kinds.length > 1) {
    shares.set('matching', 0)
    const other = kinds.find((kind) => kind !== 'matching') as TestKind
    shares.set(other, (shares.get(other) ?? 0) + 1)
  }
  return shares
}

function trueFalseQuestion(card: TestCard, pool: readonly string[], random: Random): TestQuestion {
  const others = pool.filter((definition) => definition.trim().toLowerCase() !== card.definition.trim().toLowerCase())
  const isTrue = others.length === 0 || random() < 0.5
  const shownDefinition = isTrue ? card.definition : (others[Math.min(others.length - 1, Math.floor(random() * others.length))] as string)
  return { kind: 'true_false', card, shownDefinition, isTrue }
}

/** Cards in groups of at most five; a lone last term joins the group before it (a group needs two). */
export function matchingGroups(cards: readonly TestCard[]): TestCard[][] {
  const groups: TestCard[][] = []
  for (let start = 0; start < cards.length; start += MATCHING_GROUP_SIZE) groups.push(cards.slice(start, start + MATCHING_GROUP_SIZE))
  const last = groups.at(-1)
  if (groups.length > 1 && last?.length === 1) {
    groups.pop()
    groups.at(-1)?.push(last[0] as TestCard)
  }
  return groups
}

/** A new test over `cards`: the cards are drawn at random, each asked once. */
export function buildTest(cards: readonly TestCard[], options: TestOptions, random: Random): TestQuestion[] {
  const kinds = options.kinds.length > 0 ? options.kinds : TEST_KINDS
  const count = Math.max(1, Math.min(options.count, cards.length))
  const drawn = shuffle(cards, random).slice(0, count)
  const pool = distinctDefinitions(cards)
  const questions: TestQuestion[] = []
  let next = 0
  for (const [kind, share] of splitCount(count, kinds)) {
    const mine = drawn.slice(next, next + share)
    next += share
    if (kind === 'matching') {
      for (const group of matchingGroups(mine)) {
        questions.push({
          kind: 'matching',
          cards: group,
          definitions: shuffle(
            group.map((card) => card.definition),
            random,
          ),
        })
      }
    } else {
      for (const card of mine) {
        // A definition that is a picture alone has nothing to type: it is asked as a choice.
        if (kind === 'multiple_choice' || (kind === 'written' && isMediaOnly(card.definition))) {
          questions.push({ kind: 'multiple_choice', ...makeQuestion(card, pool, random) })
        } else if (kind === 'true_false') questions.push(trueFalseQuestion(card, pool, random))
        else questions.push({ kind: 'written', card })
      }
    }
  }
  return questions
}

/** A blank answer sheet for the questions. */
export function blankAnswers(questions: readonly TestQuestion[]): TestAnswer[] {
  return questions.map((question): TestAnswer => {
    switch (question.kind) {
      case 'multiple_choice':
        return { kind: 'multiple_choice', option: null }
      case 'true_false':
        return { kind: 'true_false', value: null }
      case 'written':
        return { kind: 'written', text: '' }
      case 'matching':
        return { kind: 'matching', picks: question.cards.map(() => null) }
    }
  })
}

/** How many answers are filled in (a matching question counts its picked terms). */
export function answeredCount(answers: readonly TestAnswer[]): { answered: number; total: number } {
  let answered = 0
  let total = 0
  for (const answer of answers) {
    if (answer.kind === 'matching') {
      total += answer.picks.length
      answered += answer.picks.filter((pick) => pick !== null).length
    } else {
      total += 1
      if (answer.kind === 'written' ? answer.text.trim() !== '' : answer.kind === 'true_false' ? answer.value !== null : answer.option !== null) answered += 1
    }
  }
  return { answered, total }
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function gradeQuestion(question: TestQuestion, answer: TestAnswer | undefined): CardResult[] {
  switch (question.kind) {
    case 'multiple_choice': {
      const option = answer?.kind === 'multiple_choice' ? answer.option : null
      const given = option === null ? '' : (question.options[option] ?? '')
      return [
        { card: question.card, kind: question.kind, correct: option === question.rightOption, given, expected: question.options[question.rightOption] ?? '' },
      ]
    }
    case 'true_false': {
      const value = answer?.kind === 'true_false' ? answer.value : null
      return [
        {
          card: question.card,
          kind: question.kind,
          correct: value === question.isTrue,
          given: value === null ? '' : translate(value ? 'test.true' : 'test.false'),
          expected: question.isTrue ? translate('test.true') : translate('test.falseWith', { definition: question.card.definition }),
        },
      ]
    }
    case 'written': {
      const text = answer?.kind === 'written' ? answer.text : ''
      // The definition's text is what is typed: a picture beside it is not part of the answer.
      const { verdict } = checkAnswer(text, splitAnswer(question.card.definition).text)
      return [{ card: question.card, kind: question.kind, correct: verdict !== 'wrong', given: text.trim(), expected: question.card.definition, verdict }]
    }
    case 'matching': {
      const picks = answer?.kind === 'matching' ? answer.picks : []
      return question.cards.map((card, index) => {
        const pick = picks[index] ?? null
        const given = pick === null ? '' : (question.definitions[pick] ?? '')
        // Two cards with the same definition text: either copy of it is right (as in Match).
        return { card, kind: question.kind, correct: pick !== null && sameText(given, card.definition), given, expected: card.definition }
      })
    }
  }
}

/** Scores the answer sheet: one result per card asked. */
export function gradeTest(questions: readonly TestQuestion[], answers: readonly TestAnswer[]): TestResult {
  const results = questions.flatMap((question, index) => gradeQuestion(question, answers[index]))
  const correct = results.filter((result) => result.correct).length
  const total = results.length
  return { results, correct, total, percent: total === 0 ? 0 : Math.round((correct / total) * 100) }
}

/** The cards answered wrong, for "Retake missed". */
export function missedCards(result: TestResult): TestCard[] {
  return result.results.filter((item) => !item.correct).map((item) => item.card)
}

/** Why Start is disabled (shown beside it), or null when the test can start. */
export function startProblem(count: number, total: number, kinds: readonly TestKind[]): string | null {
  if (kinds.length === 0) return translate('test.problem.noKinds')
  if (!Number.isInteger(count) || count < 1 || count > total) return translate('test.problem.count', { total })
  return null
}
