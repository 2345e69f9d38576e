import { type FormEvent, useId, useState } from 'react'
import type { Flashcard } from '#shared/api/sets'
import { STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { AnswerContent, AnswerPictures, answerWords, EnginePicture, withPictureAnswers } from '@/features/study/card-pictures'
import { StudyEndActions, StudyLoadView, StudyPanel } from '@/features/study/StudyFrame'
import { recordAnswer, saveQuietly } from '@/features/study/study-api'
import { useStudyCards } from '@/features/study/useStudyCards'
import {
  answeredCount,
  blankAnswers,
  buildTest,
  type CardResult,
  gradeTest,
  missedCards,
  TEST_KINDS,
  type TestAnswer,
  type TestCard,
  type TestKind,
  type TestQuestion,
  type TestResult,
} from './test-mode'
import styles from './Test.module.css'

const KIND_LABELS: Record<TestKind, string> = {
  multiple_choice: 'Multiple choice',
  true_false: 'True/False',
  written: 'Written',
  matching: 'Matching',
}

/** Questions a new test asks unless the student picks another number. */
const DEFAULT_QUESTIONS = 20

/** /study-sets/:id/test: a test of chosen kinds and length, scored at the end. */
export function TestMode({ setId: id }: { setId: string }) {
  const load = useStudyCards(id, { pageSize: STUDY_CARD_PAGE_SIZE })
  return (
    <StudyLoadView title="Test Mode" setId={id} load={load} emptyAction="taking a test">
      {({ set, cards }) => <TestSession key={set.id} setId={set.id} cards={cards} />}
    </StudyLoadView>
  )
}

type Stage =
  | { kind: 'setup'; pool: TestCard[] }
  | { kind: 'answering'; questions: TestQuestion[]; answers: TestAnswer[] }
  | { kind: 'results'; questions: TestQuestion[]; result: TestResult }

function TestSession({ setId, cards: setCards }: { setId: string; cards: Flashcard[] }) {
  // Picture definitions become answer texts of their own (see card-pictures.tsx).
  const [{ cards, pictures }] = useState(() => withPictureAnswers(setCards))
  return (
    <AnswerPictures.Provider value={pictures}>
      <TestStages setId={setId} cards={cards} />
    </AnswerPictures.Provider>
  )
}

function TestStages({ setId, cards }: { setId: string; cards: Flashcard[] }) {
  const [stage, setStage] = useState<Stage>({ kind: 'setup', pool: cards })

  if (stage.kind === 'setup') {
    return (
      <TestSetup
        total={stage.pool.length}
        onStart={(count, kinds) => {
          const questions = buildTest(stage.pool, { count, kinds }, Math.random)
          setStage({ kind: 'answering', questions, answers: blankAnswers(questions) })
        }}
      />
    )
  }
  if (stage.kind === 'answering') {
    return (
      <TestSheet
        questions={stage.questions}
        answers={stage.answers}
        onChange={(answers) => setStage({ ...stage, answers })}
        onSubmit={() => {
          const result = gradeTest(stage.questions, stage.answers)
          recordTest(setId, result)
          setStage({ kind: 'results', questions: stage.questions, result })
        }}
      />
    )
  }
  const missed = missedCards(stage.result)
  return (
    <TestResults
      setId={setId}
      result={stage.result}
      onRetakeMissed={missed.length > 0 ? () => setStage({ kind: 'setup', pool: missed }) : undefined}
      onNewTest={() => setStage({ kind: 'setup', pool: cards })}
    />
  )
}

/** Each scored card goes into the student's review log (nothing is sent for a visitor). */
function recordTest(setId: string, result: TestResult): void {
  for (const item of result.results) {
    const outcome = item.verdict === 'almost' ? 'almost' : item.correct ? 'right' : 'wrong'
    void saveQuietly(() => recordAnswer(setId, { cardId: item.card.id, mode: 'test', correct: item.correct, question: item.kind, outcome }))
  }
}

function TestSetup({ total, onStart }: { total: number; onStart: (count: number, kinds: TestKind[]) => void }) {
  const [count, setCount] = useState(Math.min(DEFAULT_QUESTIONS, total))
  const [kinds, setKinds] = useState<TestKind[]>([...TEST_KINDS])
  const countId = useId()
  const valid = kinds.length > 0 && Number.isInteger(count) && count >= 1 && count <= total

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid) onStart(count, kinds)
  }
  return (
    <StudyPanel label="Set up your test">
      <form className={styles.setup} onSubmit={submit}>
        <h2 className={styles.heading}>Set up your test</h2>
        <label htmlFor={countId}>Questions (1 to {total})</label>
        <input
          id={countId}
          className={styles.count}
          type="number"
          min={1}
          max={total}
          value={Number.isNaN(count) ? '' : count}
          onChange={(event) => setCount(event.target.valueAsNumber)}
        />
        <fieldset className={styles.kinds}>
          <legend>Question types</legend>
          {TEST_KINDS.map((kind) => (
            <label key={kind} className={styles.kind}>
              <input
                type="checkbox"
                checked={kinds.includes(kind)}
                onChange={(event) =>
                  setKinds(event.target.checked ? TEST_KINDS.filter((k) => k === kind || kinds.includes(k)) : kinds.filter((k) => k !== kind))
                }
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>
        {kinds.length === 0 && (
          <p className="alert-error" role="alert">
            Choose at least one question type.
          </p>
        )}
        <button type="submit" className="button" disabled={!valid}>
          Start Test
        </button>
      </form>
    </StudyPanel>
  )
}

function TestSheet({
  questions,
  answers,
  onChange,
  onSubmit,
}: {
  questions: TestQuestion[]
  answers: TestAnswer[]
  onChange: (answers: TestAnswer[]) => void
  onSubmit: () => void
}) {
  const { answered, total } = answeredCount(answers)
  const setAnswer = (index: number, answer: TestAnswer) => onChange(answers.map((old, i) => (i === index ? answer : old)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form className={styles.sheet} onSubmit={submit} aria-label="Test">
      <p className={styles.progress} role="status">
        Answered {answered} of {total}
      </p>
      <ol className={styles.questions}>
        {questions.map((question, index) => (
          <li key={index} className={styles.question}>
            <QuestionView question={question} answer={answers[index] as TestAnswer} onAnswer={(answer) => setAnswer(index, answer)} />
          </li>
        ))}
      </ol>
      {answered < total && <p className={styles.hint}>Unanswered questions count as wrong.</p>}
      <button type="submit" className="button">
        Submit Test
      </button>
    </form>
  )
}

function QuestionView({ question, answer, onAnswer }: { question: TestQuestion; answer: TestAnswer; onAnswer: (answer: TestAnswer) => void }) {
  const name = useId()
  switch (question.kind) {
    case 'multiple_choice':
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>Multiple choice</span> {question.card.term}
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
          </legend>
          {question.options.map((option, index) => (
            <label key={index} className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={answer.kind === 'multiple_choice' && answer.option === index}
                onChange={() => onAnswer({ kind: 'multiple_choice', option: index })}
              />
              <span>
                <AnswerContent answer={option} />
              </span>
            </label>
          ))}
        </fieldset>
      )
    case 'true_false':
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>True or false</span> {question.card.term}
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
            <span className={styles.statement}> means “{answerWords(question.shownDefinition)}”</span>
            <AnswerContent answer={question.shownDefinition} pictureOnly />
          </legend>
          {[true, false].map((value) => (
            <label key={String(value)} className={styles.choice}>
              <input
                type="radio"
                name={name}
                checked={answer.kind === 'true_false' && answer.value === value}
                onChange={() => onAnswer({ kind: 'true_false', value })}
              />
              <span>{value ? 'True' : 'False'}</span>
            </label>
          ))}
        </fieldset>
      )
    case 'written':
      return (
        <div className={styles.fieldset}>
          <label htmlFor={name} className={styles.prompt}>
            <span className={styles.kindLabel}>Written</span> {question.card.term}
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
          </label>
          <input
            id={name}
            className={styles.written}
            type="text"
            autoComplete="off"
            placeholder="Type your answer here..."
            value={answer.kind === 'written' ? answer.text : ''}
            onChange={(event) => onAnswer({ kind: 'written', text: event.target.value })}
          />
        </div>
      )
    case 'matching': {
      const picks = answer.kind === 'matching' ? answer.picks : question.cards.map(() => null)
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>Matching</span> Give each term its definition
          </legend>
          {question.cards.map((card, cardIndex) => (
            <label key={card.id} className={styles.pair}>
              <span className={styles.pairTerm}>
                <EnginePicture card={card} side="term" text={card.term} size="tile" />
                {card.term}
              </span>
              <select
                value={picks[cardIndex] ?? ''}
                onChange={(event) => {
                  const pick = event.target.value === '' ? null : Number(event.target.value)
                  onAnswer({ kind: 'matching', picks: picks.map((old, i) => (i === cardIndex ? pick : old)) })
                }}
              >
                <option value="">Choose a definition</option>
                {question.definitions.map((definition, index) => (
                  <option key={index} value={index}>
                    {answerWords(definition)}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
      )
    }
  }
}

function TestResults({
  setId,
  result,
  onRetakeMissed,
  onNewTest,
}: {
  setId: string
  result: TestResult
  onRetakeMissed: (() => void) | undefined
  onNewTest: () => void
}) {
  return (
    <StudyPanel label="Test results">
      <h2 className={styles.heading} tabIndex={-1} ref={(element) => element?.focus()}>
        Your score: {result.percent}%
      </h2>
      <p>
        {result.correct} of {result.total} correct
      </p>
      <ol className={styles.results}>
        {result.results.map((item, index) => (
          <ResultRow key={`${item.card.id}-${index}`} item={item} />
        ))}
      </ol>
      <div className={styles.actions}>
        {onRetakeMissed && (
          <button type="button" className="button" onClick={onRetakeMissed}>
            Retake Missed
          </button>
        )}
      </div>
      <StudyEndActions setId={setId} restartLabel="New Test" onRestart={onNewTest} />
    </StudyPanel>
  )
}

function ResultRow({ item }: { item: CardResult }) {
  const mark = item.correct ? (item.verdict === 'almost' ? 'Almost' : 'Correct') : 'Incorrect'
  return (
    <li className={item.correct ? styles.right : styles.wrong}>
      <p className={styles.resultTerm}>
        <span aria-hidden="true">{item.correct ? '✓ ' : '✗ '}</span>
        <EnginePicture card={item.card} side="term" text={item.card.term} size="tile" />
        <strong>{item.card.term}</strong> <span className={styles.kindLabel}>{mark}</span>
      </p>
      <p>Your answer: {item.given === '' ? <em>no answer</em> : answerWords(item.given)}</p>
      {(!item.correct || item.verdict === 'almost') && <p>Correct answer: {answerWords(item.expected)}</p>}
    </li>
  )
}
