import { createContext, type FormEvent, useContext, useId, useState } from 'react'
import type { Flashcard, StudySet } from '#shared/api/sets'
import { STUDY_CARD_PAGE_SIZE } from '#shared/limits'
import { FormulaText } from '@/components/card-side'
import { AnswerContent, AnswerPictures, answerWords, audioOf, EnginePicture, withPictureAnswers } from '@/features/study/card-pictures'
import { itemLanguages, type SideLanguages, SpeakButton, useSideLanguages } from '@/features/read-aloud'
import { StudyEndActions, StudyLoadView, StudyPanel } from '@/features/study/StudyFrame'
import { recordAnswer, saveQuietly } from '@/features/study/study-api'
import { useStudyCards } from '@/features/study/useStudyCards'
import { useStudyOptions } from '@/features/study/useStudyOptions'
import {
  answeredCount,
  blankAnswers,
  buildTest,
  type CardResult,
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
import { PromptExtra } from '@/features/study/prompts/ClozeBack'
import { T, useT } from '@/lib/i18n'
import { QuestionTypesField, SetupProblem } from '@/features/study/QuestionTypes'

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

function TestStages({ setId, cards }: { setId: string; cards: Flashcard[] }) {
  const [stage, setStage] = useState<Stage>({ kind: 'setup', pool: cards })

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
    void saveQuietly(() => recordAnswer(setId, { cardId: item.card.id, mode: 'test', correct: item.correct, question: item.kind, outcome }))
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

/** The languages the set's sides are read aloud in, for the questions deep in the sheet. */
const SpokenLanguages = createContext<SideLanguages>({ term: null, definition: null })

/** A question's term read aloud (or its recording played), as in the other modes. */
function TermSound({ card }: { card: TestCard }) {
  const spoken = useContext(SpokenLanguages)
  return <SpeakButton text={card.term} language={itemLanguages(spoken, card.id).term} side="term" audio={audioOf(card, 'term')} />
}

function QuestionView({ question, answer, onAnswer }: { question: TestQuestion; answer: TestAnswer; onAnswer: (answer: TestAnswer) => void }) {
  const t = useT()
  const name = useId()
  switch (question.kind) {
    case 'multiple_choice':
      return (
        <fieldset className={styles.fieldset}>
          <legend className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.kind.multipleChoice')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
            <TermSound card={question.card} />
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
            <span className={styles.kindLabel}>{t('test.trueOrFalse')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
            <TermSound card={question.card} />
            <span className={styles.statement}>
              {' '}
              <T id="test.means" components={{ 0: <FormulaText text={answerWords(question.shownDefinition)} /> }} />
            </span>
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
              <span>{value ? t('test.true') : t('test.false')}</span>
            </label>
          ))}
        </fieldset>
      )
    case 'written':
      return (
        <div className={styles.fieldset}>
          <label htmlFor={name} className={styles.prompt}>
            <span className={styles.kindLabel}>{t('test.kind.written')}</span> <FormulaText text={question.card.term} />
            <EnginePicture card={question.card} side="term" text={question.card.term} size="small" />
          </label>
          <TermSound card={question.card} />
          <input
            id={name}
            className={styles.written}
            type="text"
            autoComplete="off"
            placeholder={t('study.typeAnswer')}
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
            <span className={styles.kindLabel}>{t('test.kind.matching')}</span> {t('test.matchingPrompt')}
          </legend>
          {question.cards.map((card, cardIndex) => (
            <label key={card.id} className={styles.pair}>
              <span className={styles.pairTerm}>
                <EnginePicture card={card} side="term" text={card.term} size="tile" />
                <FormulaText text={card.term} />
              </span>
              <TermSound card={card} />
              <select
                value={picks[cardIndex] ?? ''}
                onChange={(event) => {
                  const pick = event.target.value === '' ? null : Number(event.target.value)
                  onAnswer({ kind: 'matching', picks: picks.map((old, i) => (i === cardIndex ? pick : old)) })
                }}
              >
                <option value="">{t('test.chooseDefinition')}</option>
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
  const t = useT()
  return (
    <StudyPanel label={t('test.results')}>
      <h2 className={styles.heading} tabIndex={-1} ref={(element) => element?.focus()}>
        {t('test.score', { percent: result.percent })}
      </h2>
      <p>{t('test.correctOf', { correct: result.correct, total: result.total })}</p>
      <ol className={styles.results}>
        {result.results.map((item, index) => (
          <ResultRow key={`${item.card.id}-${index}`} item={item} />
        ))}
      </ol>
      <div className={styles.actions}>
        {onRetakeMissed && (
          <button type="button" className="button" onClick={onRetakeMissed}>
            {t('test.retakeMissed')}
          </button>
        )}
      </div>
      <StudyEndActions setId={setId} restartLabel={t('test.newTest')} onRestart={onNewTest} />
    </StudyPanel>
  )
}

function ResultRow({ item }: { item: CardResult }) {
  const t = useT()
  const mark = t(item.correct ? (item.verdict === 'almost' ? 'test.mark.almost' : 'test.mark.correct') : 'test.mark.incorrect')
  return (
    <li className={item.correct ? styles.right : styles.wrong}>
      <p className={styles.resultTerm}>
        <span aria-hidden="true">{item.correct ? '✓ ' : '✗ '}</span>
        <EnginePicture card={item.card} side="term" text={item.card.term} size="tile" />
        <strong>
          <FormulaText text={item.card.term} />
        </strong>{' '}
        <span className={styles.kindLabel}>{mark}</span>
      </p>
      <p>
        <T id="study.yourAnswerIs" components={{ 0: item.given === '' ? <em>{t('test.noAnswer')}</em> : <FormulaText text={answerWords(item.given)} /> }} />
      </p>
      {(!item.correct || item.verdict === 'almost') && (
        <p>
          <T id="study.correctAnswerIs" components={{ 0: <FormulaText text={answerWords(item.expected)} /> }} />
        </p>
      )}
      <PromptExtra card={item.card} />
    </li>
  )
}
