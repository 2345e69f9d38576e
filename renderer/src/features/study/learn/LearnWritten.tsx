import { type FormEvent, useId } from 'react'
import { answerDiff } from '#shared/study/answer-check'
import { FormulaText } from '@/components/card-side'
import { splitAnswer } from '@/components/card-pictures'
import { PromptExtra } from '@/components/cloze'
import { AnswerDifference } from '@/features/study/AnswerDifference'
import { AnswerInput } from '@/features/study/AnswerInput'
import { useFocusTarget } from '@/features/study/StudySession'
import { T, useT } from '@/lib/i18n'
import { canCheck, type LearnEvent, type LearnQuestion, type LearnState } from './learn'
import styles from './Learn.module.css'

const VERDICTS = { correct: 'learn.correct', almost: 'write.almost', wrong: 'study.incorrect' } as const

/**
 * A written Learn question (issue 31): the answer typed and checked as Write checks it, with the
 * same verdicts ('Almost!' shows the difference). Enter checks; once checked, Next Card takes the
 * focus (drawn by the question view) and Enter goes on.
 */
export function LearnWritten({ state, question, dispatch }: { state: LearnState; question: LearnQuestion; dispatch: (event: LearnEvent) => void }) {
  const t = useT()
  // The answer box takes the focus on a new question (StudySession).
  const focusTarget = useFocusTarget()
  const inputId = useId()
  const feedbackId = useId()
  const checked = state.phase === 'answered'
  const { verdict } = state
  const expected = splitAnswer(question.card.definition).text
  const submit = (event: FormEvent) => {
    event.preventDefault()
    dispatch(checked ? { type: 'next' } : { type: 'check' })
  }
  return (
    <>
      <form className={styles.written} onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{t('learn.yourAnswer')}</label>
        <div className={styles.writtenRow}>
          <AnswerInput
            id={inputId}
            inputRef={checked ? undefined : focusTarget}
            value={state.typed}
            onType={(text) => dispatch({ type: 'type', text })}
            disabled={checked}
            describedBy={feedbackId}
          />
          {!checked && (
            <button type="submit" className="button" disabled={!canCheck(state)}>
              {t('study.checkAnswer')}
            </button>
          )}
        </div>
      </form>
      <div id={feedbackId} className={styles.feedback} role="status">
        {checked && verdict && (
          <>
            <p className={verdict === 'wrong' ? styles.feedbackWrong : styles.feedbackRight}>
              <span aria-hidden="true">{verdict === 'wrong' ? '✗ ' : '✓ '}</span>
              {t(VERDICTS[verdict])}
            </p>
            {verdict === 'almost' && <AnswerDifference parts={answerDiff(state.typed, expected)} />}
            {verdict !== 'correct' && (
              <p>
                <T id="study.correctAnswerIs" components={{ 0: <FormulaText text={expected} /> }} />
              </p>
            )}
            <PromptExtra card={question.card} />
          </>
        )}
      </div>
    </>
  )
}
