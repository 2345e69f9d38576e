import { type FormEvent, useId, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { AnswerPictures, withPictureAnswers } from '@/components/card-pictures'
import { useSideLanguages } from '@/features/read-aloud'
import { StudyLoadView, StudyPanel } from '@/features/study/StudyFrame'
import { StudySession } from '@/features/study/StudySession'
import { recordStudyAnswer } from '@/features/study/study-api'
import { useStudyCards } from '@/features/study/useStudyCards'
import { useStudyOptions } from '@/features/study/useStudyOptions'
import {
  answeredCount,
  blankAnswers,
  buildTest,
  gradeTest,
  missedCards,
  startProblem,
  TEST_KINDS,
  type TestAnswer,
  type TestCard,
  type TestKind,
  type TestQuestion,
  type TestResult,
} from './test-mode'
import styles from './Test.module.css'
import { useT } from '@/lib/i18n'
import { QuestionTypesField, SetupProblem } from '@/features/study/QuestionTypes'
import { QuestionView, SpokenLanguages } from './TestQuestion'
import { TestResults } from './TestResults'

/** Questions a new test asks unless the student picks another number. */
const DEFAULT_QUESTIONS = 20

/** /study-sets/:id/test: a test of chosen kinds and length, scored at the end. */
export function TestMode({ setId: id }: { setId: string }) {
  const t = useT()
  const load = useStudyCards(id, { pageSize: STUDY_CARD_PAGE_SIZE })
  return (
    <StudyLoadView title={t('test.title')} setId={id} load={load} emptyAction={t('test.emptyAction')}>
      {({ set, cards }) => <TestSession key={set.id} set={set} cards={cards} />}
    </StudyLoadView>
  )
}

type Stage =
  | { kind: 'setup'; pool: TestCard[] }
  | { kind: 'answering'; questions: TestQuestion[]; answers: TestAnswer[] }
  | { kind: 'results'; questions: TestQuestion[]; result: TestResult }

function TestSession({ set, cards: setCards }: { set: StudySet; cards: Flashcard[] }) {
  // Picture definitions become answer texts of their own (see card-pictures.tsx).
  const [{ cards, pictures }] = useState(() => withPictureAnswers(setCards))
  const spoken = useSideLanguages(set, cards)
  return (
    <AnswerPictures.Provider value={pictures}>
      <SpokenLanguages.Provider value={spoken}>
        <TestStages setId={set.id} cards={cards} />
      </SpokenLanguages.Provider>
    </AnswerPictures.Provider>
  )
}

/** The test's stages drawn in the study shell: the results' heading takes the focus when they show. */
function TestStages({ setId, cards }: { setId: string; cards: Flashcard[] }) {
  const [stage, setStage] = useState<Stage>({ kind: 'setup', pool: cards })
  return (
    <StudySession view={stage.kind}>
      <TestStage setId={setId} cards={cards} stage={stage} setStage={setStage} />
    </StudySession>
  )
}

function TestStage({ setId, cards, stage, setStage }: { setId: string; cards: Flashcard[]; stage: Stage; setStage: (stage: Stage) => void }) {
  if (stage.kind === 'setup') {
    return (
      <TestSetup
        setId={setId}
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
    void recordStudyAnswer(setId, { cardId: item.card.id, mode: 'test', correct: item.correct, question: item.kind, outcome })
  }
}

function TestSetup({ setId, total, onStart }: { setId: string; total: number; onStart: (count: number, kinds: TestKind[]) => void }) {
  const t = useT()
  const [count, setCount] = useState(Math.min(DEFAULT_QUESTIONS, total))
  // The question types start from the student's kept options of this set (issue 31).
  const { options, loaded, save } = useStudyOptions(setId)
  const [chosen, setKinds] = useState<TestKind[] | null>(null)
  const kinds = chosen ?? options.testQuestionTypes
  const countId = useId()
  const problemId = useId()
  const problem = startProblem(count, total, kinds)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (problem) return
    if (chosen) save({ testQuestionTypes: chosen })
    onStart(count, kinds)
  }
  return (
    <StudyPanel label={t('test.setup')}>
      <form className={styles.setup} onSubmit={submit}>
        <h2 className={styles.heading}>{t('test.setup')}</h2>
        <label htmlFor={countId}>{t('test.questionCount', { total })}</label>
        <input
          id={countId}
          className={styles.count}
          type="number"
          min={1}
          max={total}
          value={Number.isNaN(count) ? '' : count}
          onChange={(event) => setCount(event.target.valueAsNumber)}
        />
        <QuestionTypesField offered={TEST_KINDS} value={kinds} onChange={setKinds} />
        <SetupProblem id={problemId} problem={problem} />
        <button type="submit" className="button" disabled={problem !== null || !loaded} aria-describedby={problem ? problemId : undefined}>
          {t('test.start')}
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
  const t = useT()
  const { answered, total } = answeredCount(answers)
  const setAnswer = (index: number, answer: TestAnswer) => onChange(answers.map((old, i) => (i === index ? answer : old)))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form className={styles.sheet} onSubmit={submit} aria-label={t('test.sheet')}>
      <p className={styles.progress} role="status">
        {t('test.answered', { answered, total })}
      </p>
      <ol className={styles.questions}>
        {questions.map((question, index) => (
          <li key={index} className={styles.question}>
            <QuestionView question={question} answer={answers[index] as TestAnswer} onAnswer={(answer) => setAnswer(index, answer)} />
          </li>
        ))}
      </ol>
      {answered < total && <p className={styles.hint}>{t('test.unansweredHint')}</p>}
      <button type="submit" className="button">
        {t('test.submit')}
      </button>
    </form>
  )
}
