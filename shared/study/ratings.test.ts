import { describe, expect, it } from 'vitest'
import { answerProblem, type ModeAnswer, MODE_QUESTIONS, OUTCOMES, QUESTION_KINDS, RATING, rateAnswer, STUDY_MODES } from './ratings'

const { again, hard, good, easy } = RATING

describe('rateAnswer: each mode’s outcome to an FSRS rating', () => {
  it.each([
    // Learn: recognition among options, right is weaker than a typed right answer.
    [{ mode: 'learn', correct: true }, hard, 'multiple_choice', 'right'],
    [{ mode: 'learn', correct: false }, again, 'multiple_choice', 'wrong'],
    [{ mode: 'learn', correct: true, question: 'true_false' }, hard, 'true_false', 'right'],
    [{ mode: 'learn', correct: false, question: 'true_false' }, again, 'true_false', 'wrong'],
    // Write: typed recall.
    [{ mode: 'write', correct: true }, good, 'written', 'right'],
    [{ mode: 'write', correct: false }, again, 'written', 'wrong'],
    [{ mode: 'write', correct: true, outcome: 'almost' }, hard, 'written', 'almost'],
    [{ mode: 'write', correct: true, outcome: 'overruled' }, good, 'written', 'overruled'],
    // Match: a pair found at once, after a wrong drop.
    [{ mode: 'match', correct: true }, hard, 'matching', 'right'],
    [{ mode: 'match', correct: false, outcome: 'after_miss' }, again, 'matching', 'after_miss'],
    [{ mode: 'match', correct: false }, again, 'matching', 'wrong'],
    // Flashcards: "Know it" and "Still learning".
    [{ mode: 'flashcards', correct: true }, good, 'self_graded', 'right'],
    [{ mode: 'flashcards', correct: false }, again, 'self_graded', 'wrong'],
    // Review: multiple choice by default, or typed, or self-graded.
    [{ mode: 'review', correct: true }, hard, 'multiple_choice', 'right'],
    [{ mode: 'review', correct: true, question: 'written' }, good, 'written', 'right'],
    [{ mode: 'review', correct: false, question: 'written' }, again, 'written', 'wrong'],
    [{ mode: 'review', correct: true, question: 'self_graded' }, good, 'self_graded', 'right'],
    // Test: per question kind.
    [{ mode: 'test', correct: true, question: 'written' }, good, 'written', 'right'],
    [{ mode: 'test', correct: true, question: 'multiple_choice' }, hard, 'multiple_choice', 'right'],
    [{ mode: 'test', correct: true, question: 'true_false' }, hard, 'true_false', 'right'],
    [{ mode: 'test', correct: true, question: 'matching' }, hard, 'matching', 'right'],
    [{ mode: 'test', correct: false, question: 'matching' }, again, 'matching', 'wrong'],
  ] as [ModeAnswer, number, string, string][])('%o is rated %i', (answer, rating, question, outcome) => {
    expect(rateAnswer(answer)).toEqual({ mode: answer.mode, correct: answer.correct, question, outcome, rating })
  })

  it('a given rating wins over the mapping, Easy included', () => {
    expect(rateAnswer({ mode: 'learn', correct: true, rating: easy }).rating).toBe(easy)
    expect(rateAnswer({ mode: 'write', correct: false, rating: hard }).rating).toBe(hard)
    expect(rateAnswer({ mode: 'flashcards', correct: true, rating: again }).rating).toBe(again)
  })

  it('every wrong answer is Again, and no mapping gives Easy', () => {
    for (const mode of STUDY_MODES) {
      for (const question of MODE_QUESTIONS[mode]) {
        for (const outcome of OUTCOMES) {
          for (const correct of [true, false]) {
            const answer = { mode, question, outcome, correct }
            if (answerProblem(answer)) continue
            const { rating } = rateAnswer(answer)
            expect(rating).not.toBe(easy)
            if (!correct) expect(rating).toBe(again)
            else expect(rating).toBeGreaterThan(again)
          }
        }
      }
    }
  })

  it('a right typed answer is stronger evidence than a right choice, a near miss or a late Match pair', () => {
    const typed = rateAnswer({ mode: 'write', correct: true }).rating
    expect(rateAnswer({ mode: 'learn', correct: true }).rating).toBeLessThan(typed)
    expect(rateAnswer({ mode: 'write', correct: true, outcome: 'almost' }).rating).toBeLessThan(typed)
    const atOnce = rateAnswer({ mode: 'match', correct: true }).rating
    expect(rateAnswer({ mode: 'match', correct: false, outcome: 'after_miss' }).rating).toBeLessThan(atOnce)
  })
})

describe('answerProblem: what a mode cannot report', () => {
  it.each([
    [{ mode: 'learn', correct: true, question: 'matching' }, 'question', "learn asks 'multiple_choice' or 'true_false' or 'written' questions."],
    [{ mode: 'write', correct: true, question: 'multiple_choice' }, 'question', "write asks 'written' questions."],
    [{ mode: 'learn', correct: true, outcome: 'almost' }, 'outcome', "'almost' is not an outcome of a multiple choice question."],
    [{ mode: 'match', correct: true, outcome: 'overruled' }, 'outcome', "'overruled' is not an outcome of a matching question."],
    [{ mode: 'write', correct: false, outcome: 'almost' }, 'outcome', "'almost' goes with correct: true."],
    [{ mode: 'match', correct: true, outcome: 'after_miss' }, 'outcome', "'after_miss' goes with correct: false."],
    [{ mode: 'learn', correct: true, outcome: 'wrong' }, 'outcome', "'wrong' goes with correct: false."],
  ] as [ModeAnswer, string, string][])('%o: %s', (answer, field, message) => {
    expect(answerProblem(answer)).toEqual({ field, message })
    expect(() => rateAnswer(answer)).toThrow(message)
  })

  it('every mode’s default question is one it asks, and every kind is asked by some mode', () => {
    for (const mode of STUDY_MODES) expect(answerProblem({ mode, correct: true })).toBeUndefined()
    expect(new Set(STUDY_MODES.flatMap((mode) => MODE_QUESTIONS[mode]))).toEqual(new Set(QUESTION_KINDS))
  })
})
