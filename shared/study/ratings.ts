/*
 * From a study mode's answer to an FSRS rating: the one place that decides how much an answer
 * from each mode tells the memory model (issue 15, "One review log, every mode").
 *
 * FSRS knows four ratings. Again means the student failed to recall the card; Hard, Good and Easy
 * are passes, from "recalled with effort" to "recalled at once". The model moves a card's
 * stability and difficulty by the rating, so a rating says how strong the evidence of recall is:
 *
 * - Any first attempt that is wrong is Again, in every mode. FSRS has no "half failed": an answer
 *   that was wrong first and found later (a Match pair after a wrong drop) still showed that the
 *   card was not recalled.
 * - Typing the answer (Write, typed Review, written Test questions) is recall: a right one is Good.
 * - Picking it among options (Learn's multiple choice and True/False, multiple-choice Review and
 *   Test, Match pairs) is recognition, which is easier than recall and can be guessed (one in four
 *   for four options, one in two for True/False, better and better in Match as pairs leave the
 *   board): a right one is Hard, weaker evidence than a right typed answer.
 * - A typed answer accepted as a near miss ('almost': a typo, a missing accent) was recalled, but
 *   not cleanly: Hard.
 * - A typed answer the app marked wrong and the student overruled ("I was right") is trusted as the
 *   recall it claims to be: Good. Overruling is a deliberate act, and a wrong overrule only costs
 *   the student an early lapse later.
 * - Flashcards' "Know it" / "Still learning" is the student's own verdict after trying to recall
 *   the back, which is exactly Anki's review: Good and Again.
 * - Easy never comes from a mapping: only the student can say recall was effortless, by giving the
 *   rating themselves (a Review screen's four buttons), and a given rating always wins.
 *
 * The cost of Hard for recognition: in FSRS-6 Hard raises a card's difficulty, so a student who
 * only ever uses Learn sees shorter intervals than one who types. That is the point (recognising a
 * definition does not show it can be recalled), and once a student has enough reviews their own
 * fitted parameters (w6, w15) learn how much Hard means for them.
 */

/** Every study mode that records answers. */
export const STUDY_MODES = ['learn', 'write', 'match', 'flashcards', 'review', 'test'] as const
export type StudyMode = (typeof STUDY_MODES)[number]

/** FSRS ratings (ts-fsrs `Rating`): 1 Again, 2 Hard, 3 Good, 4 Easy. */
export const RATING = { again: 1, hard: 2, good: 3, easy: 4 } as const
export type FsrsRating = (typeof RATING)[keyof typeof RATING]

/**
 * How the card was asked. Learn asks multiple choice, True/False or a typed answer (the student's
 * question types, issue 31); Write asks for a typed answer;
 * Match pairs; Flashcards asks the student to grade themselves; Review and Test ask either way.
 */
export const QUESTION_KINDS = ['multiple_choice', 'true_false', 'written', 'matching', 'self_graded'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]

/**
 * What happened, beyond right or wrong: `right` and `wrong` for every kind; for written questions
 * also `almost` (accepted near miss) and `overruled` ("I was right"); for matching `after_miss`
 * (found, but only after a wrong drop). Kept in the review log as given.
 */
export const OUTCOMES = ['right', 'wrong', 'almost', 'overruled', 'after_miss'] as const
export type AnswerOutcome = (typeof OUTCOMES)[number]

/** The kinds each mode may ask; the first is what the mode asks when the answer does not say. */
export const MODE_QUESTIONS: Record<StudyMode, readonly QuestionKind[]> = {
  learn: ['multiple_choice', 'true_false', 'written'],
  write: ['written'],
  match: ['matching'],
  flashcards: ['self_graded'],
  review: ['multiple_choice', 'written', 'true_false', 'self_graded'],
  test: ['multiple_choice', 'written', 'true_false', 'matching'],
}

/** The outcomes each kind of question can have, besides `right` and `wrong`. */
const EXTRA_OUTCOMES: Record<QuestionKind, readonly AnswerOutcome[]> = {
  multiple_choice: [],
  true_false: [],
  written: ['almost', 'overruled'],
  matching: ['after_miss'],
  self_graded: [],
}

/** Outcomes that count as a right answer (for `correct`); the others are wrong answers. */
const RIGHT_OUTCOMES: readonly AnswerOutcome[] = ['right', 'almost', 'overruled']

/** The rating of each outcome of each kind of question, with the reasons above. */
const RATINGS: Record<QuestionKind, Partial<Record<AnswerOutcome, FsrsRating>>> = {
  written: { right: RATING.good, almost: RATING.hard, overruled: RATING.good, wrong: RATING.again },
  multiple_choice: { right: RATING.hard, wrong: RATING.again },
  true_false: { right: RATING.hard, wrong: RATING.again },
  matching: { right: RATING.hard, after_miss: RATING.again, wrong: RATING.again },
  self_graded: { right: RATING.good, wrong: RATING.again },
}

/** One answer as a study mode reports it. */
export interface ModeAnswer {
  mode: StudyMode
  correct: boolean
  question?: QuestionKind
  outcome?: AnswerOutcome
  /** The student's own rating: wins over the mapping. */
  rating?: FsrsRating
}

/** An answer with its question kind and outcome filled in, and the rating it maps to. */
export interface RatedAnswer {
  mode: StudyMode
  correct: boolean
  question: QuestionKind
  outcome: AnswerOutcome
  rating: FsrsRating
}

/** Why an answer cannot be rated, per field (the API answers these as 400s). */
export type AnswerProblem = { field: 'question' | 'outcome'; message: string }

export function questionProblem(mode: StudyMode, question: QuestionKind): AnswerProblem | undefined {
  const allowed = MODE_QUESTIONS[mode]
  if (allowed.includes(question)) return undefined
  return { field: 'question', message: `${mode} asks ${allowed.map((kind) => `'${kind}'`).join(' or ')} questions.` }
}

export function outcomeProblem(question: QuestionKind, outcome: AnswerOutcome, correct: boolean): AnswerProblem | undefined {
  if (outcome !== 'right' && outcome !== 'wrong' && !EXTRA_OUTCOMES[question].includes(outcome)) {
    return { field: 'outcome', message: `'${outcome}' is not an outcome of a ${question.replace('_', ' ')} question.` }
  }
  if (RIGHT_OUTCOMES.includes(outcome) !== correct) {
    return { field: 'outcome', message: `'${outcome}' goes with correct: ${!correct}.` }
  }
  return undefined
}

/** The first problem with an answer's mode, question and outcome, if any. */
export function answerProblem(answer: ModeAnswer): AnswerProblem | undefined {
  const question = answer.question ?? (MODE_QUESTIONS[answer.mode][0] as QuestionKind)
  return questionProblem(answer.mode, question) ?? outcomeProblem(question, answer.outcome ?? (answer.correct ? 'right' : 'wrong'), answer.correct)
}

/**
 * The FSRS rating of an answer: the given rating when there is one, else the mapping above. An
 * answer with a problem (see `answerProblem`) throws: validate first.
 */
export function rateAnswer(answer: ModeAnswer): RatedAnswer {
  const question = answer.question ?? (MODE_QUESTIONS[answer.mode][0] as QuestionKind)
  const outcome = answer.outcome ?? (answer.correct ? 'right' : 'wrong')
  const problem = answerProblem({ ...answer, question, outcome })
  if (problem) throw new Error(problem.message)
  const rating = answer.rating ?? (RATINGS[question][outcome] as FsrsRating)
  return { mode: answer.mode, correct: answer.correct, question, outcome, rating }
}
